import { ENERGY_VALUE_PAGE_ROUTES } from '../../contracts/energy-value.ts';
import { createEnergyValueRepository } from '../../db/repositories/energy-value.repository.ts';
import { energyValueAccountData } from '../../domain/energy-value/energy-value-account-data.ts';
import { createEnergyValueService } from '../../domain/energy-value/energy-value.service.ts';
import { cachePastDays } from '../../domain/energy-value/market-cache.ts';
import { cacheFinishedPeriods } from '../../domain/monitoring/finished-periods.ts';
import { energyValueRoutes } from '../../http/routes/energy-value.routes.ts';
import { defineCapability } from '../capability.ts';

declare module '../capability-services.ts' {
  interface CapabilityServices {
    energyValue: ReturnType<typeof createEnergyValueService>;
  }
}

/** What the installation is worth: the "Geld" page, the customer's tariffs and the Solarspitzen view (docs/energy-value.md). */
export const energyValueCapability = defineCapability({
  name: 'energyValue',
  needs: [],
  build: ({ adapters, projects, knex }) => ({
    energyValue: createEnergyValueService({
      iot: cacheFinishedPeriods(adapters.iot),
      marketData: cachePastDays(adapters.marketData),
      projects,
      repository: createEnergyValueRepository(knex),
    }),
  }),
  routers: [['internal', energyValueRoutes]],
  pageRoutes: ENERGY_VALUE_PAGE_ROUTES,
  pages: (s, ctx) => ({ energyValue: s.energyValue.forRequest(ctx) }),
  accountData: ({ knex }) => [energyValueAccountData(createEnergyValueRepository(knex))],
});
