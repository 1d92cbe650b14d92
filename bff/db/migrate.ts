import { ConfigError, loadConfig } from '../config.ts';
import { createKnex, migrateLatest } from './knex.ts';

/**
 * The one-shot migration step (docs/operations.md, "Migrations"): applies the pending migrations and exits, 0 on
 * success. In production the compose service `migrate` runs it once before the portal replicas start (they wait for
 * it and refuse to start on a schema it has not brought up to date); locally `npm start` runs it before the portal.
 */
async function main(): Promise<number> {
  let databaseUrl: string | undefined;
  try {
    databaseUrl = loadConfig().databaseUrl;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  if (!databaseUrl) {
    console.error('Ungültige Konfiguration:\n  - DATABASE_URL: fehlt');
    return 1;
  }
  const knex = createKnex(databaseUrl, { min: 0, max: 1 });
  try {
    const applied = await migrateLatest(knex);
    console.info(applied.length > 0 ? `Migrationen angewandt: ${applied.join(', ')}` : 'Datenbank ist auf dem neuesten Stand.');
    return 0;
  } catch (error) {
    console.error(`Migration fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await knex.destroy();
  }
}

process.exitCode = await main();
