import { randomUUID } from 'node:crypto';
import { createKnex, migrateLatest } from '~/bff/db/knex.ts';

/**
 * A migrated database of its own on the test PostgreSQL, for a test file that must neither see nor disturb other files'
 * rows (a scan of every table; the content cache, which portals on one database share). `drop` removes it again.
 */
export async function ownDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const database = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const server = createKnex(serverUrl);
  try {
    await server.raw(`CREATE DATABASE ${database}`);
  } finally {
    await server.destroy();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const knex = createKnex(url.href);
  try {
    await migrateLatest(knex);
  } finally {
    await knex.destroy();
  }
  return {
    url: url.href,
    async drop() {
      const admin = createKnex(serverUrl);
      await admin.raw(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).finally(() => admin.destroy());
    },
  };
}
