import type { Knex } from 'knex';
import { pathToFileURL } from 'node:url';
import { createKnex } from './knex.ts';
import { createEnergyValueRepository } from './repositories/energy-value.repository.ts';

/**
 * The demo data the portal's own database holds for `npm start` (the sandbox's stand-ins hold the rest): what Jonas
 * Weber entered on his "Geld" page (docs/energy-value.md "Demo data") for his roof installation in Leipzig
 * (SITE-7F3A2C, 9.8 kWp with battery, commissioned 15.04.2025: the Solarspitzen rules apply, the 60 % cap holds since
 * no control box works yet, and § 51 took the pay of negative quarter hours from 01.01.2026 after the smart meter of
 * 2025). Written once: a customer's own changes stay (an installation with stored facts is left alone).
 */
export const DEMO_ENERGY_VALUE = {
  userId: 'kp|jonas-weber',
  installationId: 'SITE-7F3A2C',
  tariffs: [
    { validFrom: '2025-01-01', validTo: '2025-12-31', grossCentsPerKwh: '35.2' },
    { validFrom: '2026-01-01', validTo: null, grossCentsPerKwh: '32.9' },
  ],
  facts: { investmentEur: '18900', meteringFeeEurPerYear: '50', feedInMode: 'partial', feedInRateCents: null, smartMeterInstalledOn: '2025-09-16', controlBoxWorkingOn: null },
} as const;

export async function seedDemoEnergyValue(knex: Knex): Promise<boolean> {
  const repository = createEnergyValueRepository(knex);
  const { userId, installationId, tariffs, facts } = DEMO_ENERGY_VALUE;
  if (await repository.facts(userId, installationId)) return false;
  for (const tariff of tariffs) {
    await repository.addTariff(userId, { installationId, validFrom: tariff.validFrom, validTo: tariff.validTo, tariff: { kind: 'fixed', grossCentsPerKwh: tariff.grossCentsPerKwh } });
  }
  await repository.saveFacts(userId, { installationId, ...facts });
  return true;
}

/** `npm start` runs this after the migrations (sandbox/launcher/start.ts); never part of a production deployment. */
async function main(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('DATABASE_URL fehlt.');
    return 1;
  }
  const knex = createKnex(databaseUrl, { min: 0, max: 1 });
  try {
    console.info((await seedDemoEnergyValue(knex)) ? 'Demodaten der Seite „Geld“ angelegt.' : 'Demodaten der Seite „Geld“ sind schon da.');
    return 0;
  } finally {
    await knex.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
