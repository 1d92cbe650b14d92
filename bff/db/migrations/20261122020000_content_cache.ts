import type { Knex } from 'knex';

/** Shared stale-while-revalidate cache of CMS content: survives restarts and serves pages while the CMS is down. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('content_cache', (t) => {
    t.string('key', 64).primary();
    t.jsonb('body').notNullable();
    t.timestamp('fetched_at', { useTz: true }).notNullable();
    t.boolean('stale').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('content_cache');
}
