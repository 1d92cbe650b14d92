import type { Knex } from 'knex';
import { createSubLog } from '../schema.ts';

/**
 * Foundation (sign-in, page visits): users, the ActivityLog with the sub-logs of sign-in and page visits, and the
 * session store. Sub-logs are 1:1 tables keyed by activity_log_id so each keeps its own typed
 * columns; a capability adds its own sub-log table in its migration.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.string('user_id', 255).notNullable().unique();
    t.timestamps(true, true);
  });

  await knex.schema.createTable('activity_log', (t) => {
    t.bigIncrements('id');
    t.uuid('log_id').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    t.integer('project_id').nullable();
    t.string('user_id', 255).nullable();
    t.string('username', 320).nullable();
    t.string('type', 64).notNullable();
    t.string('origin', 32).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at']);
    t.index(['type', 'created_at']);
    t.index(['project_id']);
  });

  await createSubLog(knex, 'activity_log_page_visit', (t) => t.string('path', 512).notNullable());
  await createSubLog(knex, 'activity_log_login', (t) => t.string('phase', 16).notNullable());

  // Shape required by connect-pg-simple (its table.sql), created here so start-up needs no DDL rights.
  await knex.schema.createTable('session', (t) => {
    t.string('sid').primary();
    t.json('sess').notNullable();
    t.timestamp('expire', { precision: 6 }).notNullable().index('IDX_session_expire');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('session');
  await knex.schema.dropTableIfExists('activity_log_login');
  await knex.schema.dropTableIfExists('activity_log_page_visit');
  await knex.schema.dropTableIfExists('activity_log');
  await knex.schema.dropTableIfExists('users');
}
