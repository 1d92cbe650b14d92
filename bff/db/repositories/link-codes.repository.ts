import type { Knex } from 'knex';
import type { LinkCodeRepository, StoredLinkCode } from '../../domain/repositories/link-codes.ts';

const TABLE = 'project_link_code';

function toStored(row: Record<string, unknown>): StoredLinkCode {
  return {
    id: Number(row.id),
    userId: String(row.userId),
    projectId: Number(row.projectId),
    codeHash: String(row.codeHash),
    failedAttempts: Number(row.failedAttempts),
    createdAt: new Date(row.createdAt as string),
    expiresAt: new Date(row.expiresAt as string),
    consumedAt: row.consumedAt ? new Date(row.consumedAt as string) : null,
  };
}

export function createLinkCodeRepository(knex: Knex): LinkCodeRepository {
  return {
    async lastIssuedAt(userId, projectId) {
      const row = await knex(TABLE).where({ userId, projectId }).max({ last: 'createdAt' }).first();
      return row?.last ? new Date(row.last) : null;
    },

    async issue(code) {
      await knex.transaction(async (trx) => {
        await trx(TABLE)
          .where({ userId: code.userId, projectId: code.projectId })
          .whereNull('consumedAt')
          .update({ consumedAt: trx.fn.now() });
        await trx(TABLE).insert(code);
      });
    },

    async withdraw(userId, projectIds) {
      if (projectIds.length === 0) return;
      await knex(TABLE).where({ userId }).whereIn('projectId', projectIds).whereNull('consumedAt').delete();
    },

    async findPending(userId, projectId) {
      const row = await knex(TABLE)
        .where({ userId, projectId })
        .whereNull('consumedAt')
        .orderBy('createdAt', 'desc')
        .first();
      return row ? toStored(row) : null;
    },

    async recordFailure(id) {
      const [row] = await knex(TABLE).where({ id }).increment('failedAttempts', 1).returning('failedAttempts');
      return Number(row?.failedAttempts ?? 0);
    },

    async consume(id) {
      await knex(TABLE).where({ id }).whereNull('consumedAt').update({ consumedAt: knex.fn.now() });
    },
  };
}
