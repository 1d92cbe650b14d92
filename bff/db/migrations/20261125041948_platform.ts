import type { Knex } from 'knex';

/**
 * Platform (docs/jobs.md): the visible run history of scheduled jobs (pg-boss keeps its own queue tables in schema
 * `pgboss`), the reminder mails (one row per customer action and reminder number, so a handler that runs twice mails
 * once), the users export (ExportUsersJob: id, createdAt, expiredAt, plus the file), and the
 * invitations to projects without a portal account (token kept only as a hash).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('job_run', (t) => {
    t.bigIncrements('id');
    t.string('job', 64).notNullable();
    /** pg-boss's job id: one row per try. */
    t.string('job_id', 64).notNullable();
    t.integer('attempt').notNullable();
    /** Which portal instance ran it (host and pid). */
    t.string('instance', 128).notNullable();
    t.string('status', 16).notNullable();
    t.jsonb('result');
    t.text('error');
    t.timestamp('started_at', { useTz: true }).notNullable();
    t.timestamp('finished_at', { useTz: true });
    t.unique(['job_id', 'attempt']);
    t.index(['job', 'started_at']);
  });

  await knex.schema.createTable('reminder_mail', (t) => {
    t.bigIncrements('id');
    t.string('user_id', 255).notNullable();
    t.integer('project_id').notNullable();
    /** The open customer action, e.g. `step:POWER_OF_ATTORNEY` or `task:T-1003`. */
    t.string('action_key', 128).notNullable();
    t.integer('sequence').notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.boolean('delivered').notNullable().defaultTo(false);
    t.unique(['user_id', 'project_id', 'action_key', 'sequence']);
  });

  await knex.schema.createTable('export_users_job', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expired_at', { useTz: true }).notNullable();
    t.integer('row_count').notNullable();
    t.text('content').notNullable();
  });

  await knex.schema.createTable('project_invitation', (t) => {
    t.bigIncrements('id');
    t.integer('project_id').notNullable();
    t.string('email', 320).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('clicked_at', { useTz: true });
    t.string('accepted_by', 255);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['project_id', 'email']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('project_invitation');
  await knex.schema.dropTableIfExists('export_users_job');
  await knex.schema.dropTableIfExists('reminder_mail');
  await knex.schema.dropTableIfExists('job_run');
  await knex.raw('DROP SCHEMA IF EXISTS pgboss CASCADE');
}
