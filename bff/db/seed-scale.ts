import { parseArgs } from 'node:util';
import { createKnex, migrateLatest } from './knex.ts';
import { looksLikeProduction, scaleEmail, seedLongHistory, seedScale } from './scale-seed.ts';

/**
 * `npm run seed:scale [-- --scale 0.01] [--force]`: fills the database at DATABASE_URL with the 100× data (docs/scale.md).
 * Refuses a database that looks like production (not on this machine, or named like one) unless `--force`.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' }, force: { type: 'boolean', default: false } } });
  const scale = Number(values.scale);
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('DATABASE_URL fehlt (z. B. die Datenbank des lokalen Stacks, docs/scale.md).');
    return 1;
  }
  if (!(scale > 0)) {
    console.error(`--scale muss eine Zahl größer als 0 sein, nicht „${values.scale}“.`);
    return 1;
  }
  if (looksLikeProduction(databaseUrl) && !values.force) {
    console.error('DATABASE_URL sieht nach einer Produktionsdatenbank aus (kein lokaler Host oder „prod“ im Namen). Nur mit --force.');
    return 1;
  }
  const knex = createKnex(databaseUrl, { min: 0, max: 1 });
  try {
    await migrateLatest(knex);
    const started = performance.now();
    let last = 0;
    const timings = await seedScale(knex, {
      scale,
      onProgress(table, done, total) {
        if (done === total || performance.now() - last > 2000) {
          last = performance.now();
          console.info(`  ${table}: ${done.toLocaleString('de-DE')} / ${total.toLocaleString('de-DE')}`);
        }
      },
    });
    // The customer with a long history the export and deletion are measured on (docs/scale.md).
    await seedLongHistory(knex, { userId: 'scale-long-history', email: scaleEmail(0) }, { activities: Math.round(50_000 * Math.min(1, scale * 10)), mails: Math.round(10_000 * Math.min(1, scale * 10)) });
    const total = (performance.now() - started) / 1000;
    console.info('\nTabelle                        Zeilen        Sekunden   Zeilen/s');
    for (const t of timings) {
      console.info(`${t.table.padEnd(30)} ${String(t.rows).padStart(10)} ${(t.ms / 1000).toFixed(1).padStart(12)} ${Math.round(t.rows / (t.ms / 1000)).toString().padStart(10)}`);
    }
    console.info(`\nInsgesamt ${(total / 60).toFixed(1)} Minuten.`);
    return 0;
  } catch (error) {
    console.error(`Befüllen fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await knex.destroy();
  }
}

process.exitCode = await main();
