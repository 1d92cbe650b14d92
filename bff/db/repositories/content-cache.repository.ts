import type { Knex } from 'knex';
import type { ContentCacheStore } from '../../domain/repositories/content-cache.ts';

export function createPgContentCacheStore(knex: Knex): ContentCacheStore {
  return {
    async get(key) {
      const row = await knex('content_cache').where({ key }).first();
      return row ? { body: row.body, fetchedAt: new Date(row.fetchedAt), stale: Boolean(row.stale) } : null;
    },
    async put(key, body) {
      await knex('content_cache')
        .insert({ key, body: JSON.stringify(body), fetchedAt: knex.fn.now(), stale: false })
        .onConflict('key')
        .merge();
    },
    async markStale(keys) {
      if (keys.length > 0) await knex('content_cache').whereIn('key', keys).update({ stale: true });
    },
  };
}
