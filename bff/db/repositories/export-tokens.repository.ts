import type { Knex } from 'knex';
import type { ExportTokenRepository, StoredExportToken } from '../../domain/repositories/export-tokens.ts';

const TABLE = 'export_api_token';
const COLUMNS = ['id', 'userId', 'name', 'createdAt', 'lastUsedAt'] as const;

/** The customers' API tokens (docs/exports.md "API tokens"). */
export function createExportTokenRepository(knex: Knex): ExportTokenRepository {
  return {
    async create(token, max) {
      return knex.transaction(async (trx) => {
        // One creation per customer at a time (a lock on the customer, also when they have no row yet): two at once
        // cannot both pass the limit.
        await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`export_api_token:${token.userId}`]);
        const live = await trx(TABLE).where({ userId: token.userId }).select('id');
        if (live.length >= max) return null;
        const [row] = await trx(TABLE).insert(token).returning(COLUMNS);
        return row as StoredExportToken;
      });
    },
    async listForUser(userId) {
      return (await knex(TABLE).where({ userId }).orderBy('createdAt', 'asc').select(COLUMNS)) as StoredExportToken[];
    },
    async use(tokenHash, at) {
      const [row] = await knex(TABLE).where({ tokenHash }).update({ lastUsedAt: at }).returning(COLUMNS);
      return (row as StoredExportToken | undefined) ?? null;
    },
    async revoke(userId, id) {
      return (await knex(TABLE).where({ userId, id }).delete()) > 0;
    },
    async deleteForUser(userId) {
      return knex(TABLE).where({ userId }).delete();
    },
  };
}
