import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createKnex, migrateLatest } from '~/bff/db/knex.ts';
import { startEmbeddedPostgres } from '~/sandbox/launcher/postgres.ts';
import { freePort } from '../support/ports.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * Integration tests run against a real PostgreSQL: a throw-away embedded server in a temp folder, migrated once.
 * Tests read its URL with `inject('databaseUrl')` and create their own uniquely-valued rows.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kundenportal-test-pg-'));
  // The postgres OS user (created when running as root) must be able to enter the folder.
  await chmod(dataDir, 0o777);
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: await freePort() });
  await pg.ensureDatabase('portal_test');
  const databaseUrl = pg.urlFor('portal_test');
  const knex = createKnex(databaseUrl);
  try {
    await migrateLatest(knex);
  } finally {
    await knex.destroy();
  }
  project.provide('databaseUrl', databaseUrl);

  return async () => {
    await pg.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
