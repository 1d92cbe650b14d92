import type { Knex } from 'knex';
import type { IdempotencyRepository } from '../../domain/repositories/idempotency.ts';

const TABLE = 'idempotency_keys';

export function createIdempotencyRepository(knex: Knex): IdempotencyRepository {
  return {
    async claim(userId, key, scope, requestHash) {
      const inserted = await knex(TABLE).insert({ userId, key, scope, requestHash, status: 'PENDING' }).onConflict(['userId', 'key']).ignore().returning('key');
      if (inserted.length === 1) return { state: 'claimed' };
      const row = await knex(TABLE).where({ userId, key }).first();
      if (!row) return { state: 'pending', requestHash: '' };
      if (row.scope !== scope) return { state: 'pending', requestHash: '' };
      return row.status === 'DONE'
        ? { state: 'done', requestHash: row.requestHash, status: row.responseStatus, body: row.responseBody }
        : { state: 'pending', requestHash: row.requestHash };
    },
    async finish(userId, key, status, body) {
      await knex(TABLE).where({ userId, key }).update({ status: 'DONE', responseStatus: status, responseBody: JSON.stringify(body) });
    },
    async release(userId, key) {
      await knex(TABLE).where({ userId, key, status: 'PENDING' }).delete();
    },
  };
}
