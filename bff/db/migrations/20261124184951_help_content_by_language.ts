import type { Knex } from 'knex';

/**
 * Bilingual help (docs/architecture.md "Help content in two languages"): cached CMS content is kept per language
 * (`faqs:de`, `faqs:en`). The rows cached under the old language-less keys (`faqs`) are never read again; they go.
 */
export async function up(knex: Knex): Promise<void> {
  await knex('content_cache').whereNot('key', 'like', '%:%').delete();
}

export async function down(knex: Knex): Promise<void> {
  // The old code reads `faqs`; the per-language rows would only be left unused, so they go too.
  await knex('content_cache').where('key', 'like', '%:%').delete();
}
