import type { Knex } from 'knex';

/**
 * The monitoring's alerts (docs/monitoring.md "The alert rule"): one row per installation and incident, a short day
 * (`incident` = its date) or data that stopped arriving (`incident` = the last report before the silence). The unique
 * row is claimed before anything is sent, so a second run of the job (or a second instance) finds it and only finishes
 * what is missing: the service case (`task_id`), then the mails (`mailed_at`, claimed before sending).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('yield_alert', (t) => {
    t.bigIncrements('id');
    t.string('site_id', 64).notNullable();
    t.integer('project_id').notNullable();
    t.string('kind', 16).notNullable();
    t.string('incident', 64).notNullable();
    /** The short day (Berlin date), null for a stale alert. */
    t.string('day', 10);
    t.double('actual_kwh');
    t.double('target_kwh');
    t.double('irradiation_kwh_per_m2');
    t.timestamp('last_seen_at', { useTz: true });
    t.string('task_id', 64);
    t.timestamp('mailed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['site_id', 'kind', 'incident']);
    t.index(['project_id', 'created_at']);
  });
  await knex.raw("ALTER TABLE yield_alert ADD CONSTRAINT yield_alert_kind_check CHECK (kind IN ('SHORT_DAY', 'STALE'))");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('yield_alert');
}
