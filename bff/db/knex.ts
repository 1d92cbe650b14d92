import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** One pool per process; objection models are bound to it in createApp (CONVENTIONS.md §6). */
export function createKnex(databaseUrl: string, pool: Knex.PoolConfig = { min: 0, max: 10 }): Knex {
  return knexFactory({
    client: 'pg',
    connection: databaseUrl,
    pool,
    ...knexSnakeCaseMappers(),
    migrations: { directory: migrationsDir, loadExtensions: ['.ts'], tableName: 'knex_migrations' },
  });
}

/** Runs all pending migrations; called at every start and by the test setup. */
export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest()) as [number, string[]];
  return applied;
}
