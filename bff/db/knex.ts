import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const migrationsDir = path.join(path.dirname(here), 'migrations');
/** `.ts` from the sources (tsx, vitest), `.js` in the image, which runs the BFF compiled (docs/operations.md). */
const migrationExtension = path.extname(here);

/** One pool per process (bff/composition/portal.ts); repositories bind objection models to it per query. */
export function createKnex(databaseUrl: string, pool: Knex.PoolConfig = { min: 0, max: 10 }): Knex {
  return knexFactory({
    client: 'pg',
    connection: databaseUrl,
    pool,
    ...knexSnakeCaseMappers(),
    migrations: { directory: migrationsDir, loadExtensions: [migrationExtension], tableName: 'knex_migrations' },
  });
}

/**
 * Runs all pending migrations: the one-shot `bff/db/migrate.ts` (the `migrate` service in production, the launcher's
 * first step locally) and the test setup; never a portal instance (docs/operations.md, "Migrations").
 */
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

/** Migrations of this build the database has not applied yet (a portal refuses to start on them). */
export async function pendingMigrations(knex: Knex): Promise<string[]> {
  const [, pending] = (await knex.migrate.list()) as [unknown[], { file: string }[]];
  return pending.map((migration) => migration.file);
}
