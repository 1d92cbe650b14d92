import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** One pool per process (bff/composition/portal.ts); repositories bind objection models to it per query. */
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
  try {
    const [, applied] = (await knex.migrate.latest()) as [number, string[]];
    return applied;
  } catch (error) {
    // Knex refuses a database that applied migrations this checkout does not have (e.g. a local database from
    // before the migrations were squashed into their capabilities, or from a newer branch).
    if (error instanceof Error && error.message.includes('migration directory is corrupt')) {
      throw new Error(
        `Die Datenbank kennt Migrationen, die es in diesem Stand nicht gibt (${error.message.split(':').pop()?.trim()}). ` +
          'Lokal: den Ordner .data/postgres (bzw. .data/e2e) löschen; npm start legt Datenbank und Demodaten neu an.',
        { cause: error },
      );
    }
    throw error;
  }
}
