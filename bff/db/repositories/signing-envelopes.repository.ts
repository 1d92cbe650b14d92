import type { Knex } from 'knex';
import type { EnvelopeStatus, SigningKind } from '../../contracts/signing.ts';
import type { MilestoneMailRepository, SigningEnvelopeRepository, StoredEnvelope } from '../../domain/repositories/signing-envelopes.ts';

const TABLE = 'signing_envelopes';
const COLUMNS = ['envelopeId', 'projectId', 'type', 'userId', 'status', 'representative', 'documentSha256', 'completedAt', 'createdAt'];

function toStored(row: Record<string, unknown>): StoredEnvelope {
  return {
    envelopeId: String(row.envelopeId),
    projectId: Number(row.projectId),
    type: row.type as SigningKind,
    userId: String(row.userId),
    status: row.status as EnvelopeStatus,
    representative: (row.representative as string | null) ?? null,
    documentSha256: (row.documentSha256 as string | null) ?? null,
    completedAt: row.completedAt ? new Date(row.completedAt as string) : null,
    createdAt: new Date(row.createdAt as string),
  };
}

export function createSigningEnvelopeRepository(knex: Knex): SigningEnvelopeRepository {
  return {
    async create(envelope) {
      const [row] = await knex(TABLE).insert({ ...envelope, status: 'OPEN' }).returning(COLUMNS);
      return toStored(row as Record<string, unknown>);
    },
    async find(envelopeId) {
      const row = await knex(TABLE).select(COLUMNS).where({ envelopeId }).first();
      return row ? toStored(row) : null;
    },
    async latest(projectId, type) {
      const row = await knex(TABLE).select(COLUMNS).where({ projectId, type }).orderBy('createdAt', 'desc').first();
      return row ? toStored(row) : null;
    },
    async completedOf(projectId) {
      const rows = await knex(TABLE).select(COLUMNS).where({ projectId, status: 'COMPLETED' }).orderBy('completedAt', 'desc');
      return rows.map(toStored);
    },
    async setStatus(envelopeId, status) {
      await knex(TABLE).where({ envelopeId }).whereNot({ status: 'COMPLETED' }).update({ status, updatedAt: knex.fn.now() });
    },
    async complete(envelopeId, document) {
      const updated = await knex(TABLE)
        .where({ envelopeId })
        .whereNot({ status: 'COMPLETED' })
        .update({
          status: 'COMPLETED',
          signedDocument: Buffer.from(document.pdf),
          documentSha256: document.sha256,
          completedAt: document.completedAt,
          updatedAt: knex.fn.now(),
        });
      return updated === 1;
    },
    async document(envelopeId) {
      const row = await knex(TABLE).select('signedDocument').where({ envelopeId, status: 'COMPLETED' }).first();
      return row?.signedDocument ? new Uint8Array(row.signedDocument as Buffer) : null;
    },
  };
}

export function createMilestoneMailRepository(knex: Knex): MilestoneMailRepository {
  const TABLE_MAIL = 'project_milestone_mail';
  return {
    async claim(projectId, milestone) {
      const rows = await knex(TABLE_MAIL).insert({ projectId, milestone }).onConflict(['projectId', 'milestone']).ignore().returning('projectId');
      return rows.length === 1;
    },
    async release(projectId, milestone) {
      await knex(TABLE_MAIL).where({ projectId, milestone }).delete();
    },
    async attachActivity(projectId, milestone, activityLogId) {
      await knex(TABLE_MAIL).where({ projectId, milestone }).update({ activityLogId });
    },
  };
}
