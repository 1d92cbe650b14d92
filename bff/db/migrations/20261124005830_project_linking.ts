import type { Knex } from 'knex';

/** Project linking (README "Project linking"): hashed one-time codes, mail log, and Postgres-backed rate limits. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('project_link_code', (t) => {
    t.bigIncrements('id');
    t.string('user_id', 255).notNullable();
    t.integer('project_id').notNullable();
    // HMAC-SHA256 of the code; the code itself is never stored (docs/security.md, one-time codes).
    t.string('code_hash', 64).notNullable();
    t.integer('failed_attempts').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('consumed_at', { useTz: true }).nullable();
    t.index(['project_id', 'created_at']);
    t.index(['user_id', 'project_id']);
  });

  await knex.schema.createTable('mail_log', (t) => {
    t.bigIncrements('id');
    t.bigInteger('activity_log_id').nullable().references('id').inTable('activity_log').onDelete('SET NULL');
    t.string('sender', 320).notNullable();
    t.string('receiver', 1024).notNullable();
    t.string('subject', 512).notNullable();
    t.text('html').notNullable();
    t.text('text').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['activity_log_id']);
  });

  // Fixed-window counters shared by every portal instance (docs/architecture.md: nothing in process memory).
  await knex.schema.createTable('rate_limit', (t) => {
    t.string('key', 255).notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.primary(['key', 'window_start']);
    t.index(['window_start']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limit');
  await knex.schema.dropTableIfExists('mail_log');
  await knex.schema.dropTableIfExists('project_link_code');
}
