import type { Knex } from 'knex';

/**
 * Project journey (docs/journey.md): SigningEnvelopes (envelopeId, projectId, type, timestamps) with what the
 * portal needs to resume, verify and hand out a signing — its customer, status, the representative named in AC/DC
 * powers of attorney, and the signed PDF with its SHA-256 — and the milestone mails already sent per project, so a
 * repeated event never mails twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('signing_envelopes', (t) => {
    t.string('envelope_id', 100).primary();
    t.integer('project_id').notNullable();
    t.string('type', 64).notNullable();
    t.string('user_id', 255).notNullable();
    // OPEN, COMPLETED, DECLINED, VOIDED
    t.string('status', 16).notNullable();
    t.string('representative', 120).nullable();
    t.binary('signed_document').nullable();
    t.string('document_sha256', 64).nullable();
    t.timestamp('completed_at', { useTz: true }).nullable();
    t.timestamps(true, true);
    t.index(['project_id', 'type', 'created_at']);
  });

  await knex.schema.createTable('project_milestone_mail', (t) => {
    t.integer('project_id').notNullable();
    t.string('milestone', 32).notNullable();
    t.bigInteger('activity_log_id').nullable().references('id').inTable('activity_log').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['project_id', 'milestone']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('project_milestone_mail');
  await knex.schema.dropTableIfExists('signing_envelopes');
}
