import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createKnex, pendingMigrations } from './knex.ts';

/**
 * The one-shot migration step (docs/operations.md, "Migrations"): `bff/db/migrate.ts` brings an empty database up to
 * date and exits 0; a portal instance only asks `pendingMigrations()` and refuses to start while it lists any.
 */
const run = promisify(execFile);
const database = `portal_migrate_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
let url: string;
const migrations = readdirSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')).filter((file) => file.endsWith('.ts'));

const migrate = () =>
  run(process.execPath, ['--import', 'tsx', 'bff/db/migrate.ts'], { env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: url }, timeout: 60_000 });

beforeAll(async () => {
  const server = createKnex(inject('databaseUrl'));
  await server.raw(`CREATE DATABASE ${database}`).finally(() => server.destroy());
  const target = new URL(inject('databaseUrl'));
  target.pathname = `/${database}`;
  url = target.href;
});
afterAll(async () => {
  const server = createKnex(inject('databaseUrl'));
  await server.raw(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).finally(() => server.destroy());
});

describe('the migration step', () => {
  it('lists every migration as pending on an empty database, applies them once, then finds nothing to do', async () => {
    const knex = createKnex(url, { min: 0, max: 1 });
    try {
      expect(await pendingMigrations(knex)).toEqual(migrations.sort());

      const first = await migrate();
      expect(first.stdout).toContain('Migrationen angewandt');
      expect(await pendingMigrations(knex)).toEqual([]);

      const second = await migrate();
      expect(second.stdout).toContain('Datenbank ist auf dem neuesten Stand.');
    } finally {
      await knex.destroy();
    }
  }, 90_000);

  it('a migration applied by the compiled BFF (`.js`) counts as applied for the sources (`.ts`), and back', async () => {
    const knex = createKnex(url, { min: 0, max: 1 });
    try {
      // The database of the test above, as the image's migrate.js would have written it.
      await knex.raw(`UPDATE knex_migrations SET name = replace(name, '.ts', '.js')`);
      expect(await pendingMigrations(knex)).toEqual([]);
      expect((await migrate()).stdout).toContain('Datenbank ist auf dem neuesten Stand.');
      await knex.raw(`UPDATE knex_migrations SET name = replace(name, '.js', '.ts')`);
      expect(await pendingMigrations(knex)).toEqual([]);
    } finally {
      await knex.destroy();
    }
  }, 60_000);

  it('exits non-zero with a message naming the variable when the configuration is wrong', async () => {
    const failed = await run(process.execPath, ['--import', 'tsx', 'bff/db/migrate.ts'], { env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: 'kein-url' } }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('DATABASE_URL');
  }, 30_000);
});
