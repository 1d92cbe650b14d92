import type { Knex } from 'knex';
import { createSubLog } from '../schema.ts';

/**
 * Messages (docs/messages.md): TaskPath (taskId, position, value), the message sub-log of MESSAGE_SENT
 * (taskPath, attachmentCount), when a customer last read a thread, which notifications they have seen, the last
 * answer mail per thread (at most one an hour), idempotency keys of record-creating requests, and the e-mail address
 * of each portal user (mails to customers go to the address they sign in with).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('task_path', (t) => {
    t.bigIncrements('id');
    t.string('task_id', 64).notNullable();
    t.integer('position').notNullable();
    t.string('value', 255).notNullable();
    t.unique(['task_id', 'position']);
  });

  await createSubLog(knex, 'activity_log_message', (t) => {
    t.string('task_path', 1024).notNullable();
    t.integer('attachment_count').notNullable();
  });

  // Sub-logs of events the browser reports (POST /util/activity-log): lead content (topic) and contact (method).
  await createSubLog(knex, 'activity_log_lead_content', (t) => t.string('topic', 16).notNullable());
  await createSubLog(knex, 'activity_log_contact', (t) => t.string('method', 16).notNullable());

  await knex.schema.createTable('task_read_state', (t) => {
    t.string('user_id', 255).notNullable();
    t.string('task_id', 64).notNullable();
    t.timestamp('read_at', { useTz: true }).notNullable();
    t.primary(['user_id', 'task_id']);
  });

  await knex.schema.createTable('notification_seen', (t) => {
    t.string('user_id', 255).notNullable();
    t.string('notification_id', 200).notNullable();
    t.timestamp('seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'notification_id']);
  });

  await knex.schema.createTable('thread_mail', (t) => {
    t.string('task_id', 64).primary();
    t.timestamp('sent_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('idempotency_keys', (t) => {
    t.string('user_id', 255).notNullable();
    t.string('key', 128).notNullable();
    t.string('scope', 64).notNullable();
    t.string('request_hash', 64).notNullable();
    // PENDING while the first request runs, DONE with its answer afterwards.
    t.string('status', 16).notNullable();
    t.integer('response_status').nullable();
    t.jsonb('response_body').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'key']);
    t.index(['created_at']);
  });

  await knex.schema.alterTable('users', (t) => {
    t.string('email', 320).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('email');
  });
  await knex.schema.dropTableIfExists('idempotency_keys');
  await knex.schema.dropTableIfExists('thread_mail');
  await knex.schema.dropTableIfExists('notification_seen');
  await knex.schema.dropTableIfExists('task_read_state');
  await knex.schema.dropTableIfExists('activity_log_contact');
  await knex.schema.dropTableIfExists('activity_log_lead_content');
  await knex.schema.dropTableIfExists('activity_log_message');
  await knex.schema.dropTableIfExists('task_path');
}
