import type { Knex } from 'knex';

/** Schema helpers shared by migrations (kept outside migrations/, where knex treats every file as a migration). */

/** A sub-log table of the activity log: one row per activity, deleted with it. */
export async function createSubLog(knex: Knex, table: string, columns: (t: Knex.CreateTableBuilder) => void): Promise<void> {
  await knex.schema.createTable(table, (t) => {
    t.bigIncrements('id');
    t.bigInteger('activity_log_id').notNullable().unique().references('id').inTable('activity_log').onDelete('CASCADE');
    columns(t);
  });
}
