import type { Knex } from 'knex';
import { createSubLog } from '../schema.ts';

/**
 * Help content: the shared stale-while-revalidate cache of CMS content (survives restarts, serves pages while the CMS
 * is down) and the FAQ sub-log of the activity log (FAQ_CLICKED with the question).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('content_cache', (t) => {
    t.string('key', 64).primary();
    t.jsonb('body').notNullable();
    t.timestamp('fetched_at', { useTz: true }).notNullable();
    t.boolean('stale').notNullable().defaultTo(false);
  });
  await createSubLog(knex, 'activity_log_faq', (t) => t.string('question', 512).notNullable());
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('activity_log_faq');
  await knex.schema.dropTableIfExists('content_cache');
}
