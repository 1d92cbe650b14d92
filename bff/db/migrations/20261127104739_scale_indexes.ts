import type { Knex } from 'knex';

/**
 * Indexes the hot queries need once the tables are large (docs/scale.md, checked by bff/db/scale.integration.test.ts
 * with EXPLAIN): retention deletes by date, the account export and deletion find a customer's rows by the addresses
 * they signed in with (activity log: exact, lower-cased; mail log: inside the receiver list, hence trigrams), and the
 * foreign keys that point at activity_log get an index so deleting an activity does not scan the referring table.
 * Built CONCURRENTLY outside a transaction: the tables stay writable while a large database is migrated.
 */
export const config = { transaction: false };

const INDEXES: readonly [name: string, definition: string][] = [
  ['activity_log_created_at_index', 'activity_log (created_at)'],
  ['activity_log_lower_username_index', 'activity_log (lower(username))'],
  ['mail_log_created_at_index', 'mail_log (created_at)'],
  ['mail_log_lower_receiver_trgm_index', 'mail_log USING gin (lower(receiver) gin_trgm_ops)'],
  ['project_milestone_mail_activity_log_id_index', 'project_milestone_mail (activity_log_id)'],
  ['project_invitation_accepted_by_index', 'project_invitation (accepted_by)'],
  ['project_invitation_lower_email_index', 'project_invitation (lower(email))'],
  ['survey_completed_by_index', 'survey (completed_by)'],
  ['survey_follow_up_pending_index', 'survey (id) WHERE follow_up AND completed_at IS NOT NULL AND service_task_id IS NULL'],
];

export async function up(knex: Knex): Promise<void> {
  // Trusted since PostgreSQL 13: the database's owner may create it (docs/operations.md "Databases and data").
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  for (const [name, definition] of INDEXES) await knex.raw(`CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name} ON ${definition}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of INDEXES) await knex.raw(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
}
