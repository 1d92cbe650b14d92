import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(import.meta.url);
const migrationsDir = path.join(path.dirname(here), 'migrations');
/** `.ts` from the sources (tsx, vitest), `.js` in the image, which runs the BFF compiled (docs/operations.md). */
const migrationExtension = path.extname(here);

const MIGRATIONS_TABLE = 'knex_migrations';

/**
 * The migrations folder as knex reads it, with one difference: a migration is the same whether it runs from its source
 * (`.ts`) or compiled (`.js`; the image, and `npm start`, which runs the compiled BFF). knex compares the names it
 * stored with the file names, extension included; here a migration applied under either name counts as applied (a
 * database keeps the name it was first applied under), and a new one is stored under the name it runs as.
 */
function migrationSource(knex: () => Knex): Knex.MigrationSource<{ file: string }> {
  let applied = new Set<string>();
  const stem = (file: string) => file.slice(0, -path.extname(file).length);
  return {
    async getMigrations() {
      const [files, names] = await Promise.all([
        readdir(migrationsDir),
        // A new database has no table yet.
        knex()
          .schema.hasTable(MIGRATIONS_TABLE)
          .then(async (exists) => (exists ? ((await knex().select('name').from(MIGRATIONS_TABLE)) as { name: string }[]).map((row) => row.name) : [])),
      ]);
      applied = new Set(names);
      return files.filter((file) => path.extname(file) === migrationExtension && !file.endsWith('.d.ts')).sort().map((file) => ({ file }));
    },
    getMigrationName: ({ file }) => [`${stem(file)}.ts`, `${stem(file)}.js`].find((name) => applied.has(name)) ?? file,
    getMigration: ({ file }) => import(pathToFileURL(path.join(migrationsDir, file)).href) as Promise<Knex.Migration>,
  };
}

/** One pool per process (bff/composition/portal.ts); repositories bind objection models to it per query. */
export function createKnex(databaseUrl: string, pool: Knex.PoolConfig = { min: 0, max: 10 }): Knex {
  const knex: Knex = knexFactory({
    client: 'pg',
    connection: databaseUrl,
    pool,
    ...knexSnakeCaseMappers(),
    migrations: { migrationSource: migrationSource(() => knex), tableName: MIGRATIONS_TABLE },
  });
  return knex;
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
