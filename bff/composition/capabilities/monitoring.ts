import { MONITORING_PAGE_ROUTES } from '../../contracts/monitoring.ts';
import { cacheFinishedPeriods } from '../../domain/monitoring/finished-periods.ts';
import { createMonitoringService } from '../../domain/monitoring/monitoring.service.ts';
import { monitoringRoutes } from '../../http/routes/monitoring.routes.ts';
import { defineCapability } from '../capability.ts';

declare module '../capability-services.ts' {
  interface CapabilityServices {
    monitoring: ReturnType<typeof createMonitoringService>;
  }
}

/** The plant's yield and consumption (docs/monitoring.md). */
export const monitoringCapability = defineCapability({
  name: 'monitoring',
  needs: [],
  build: ({ adapters, projects, upstreamCache }) => ({ monitoring: createMonitoringService({ iot: cacheFinishedPeriods(adapters.iot), projects, cache: upstreamCache }) }),
  routers: [['internal', monitoringRoutes]],
  pageRoutes: MONITORING_PAGE_ROUTES,
  pages: (s, ctx) => ({ monitoring: s.monitoring.forRequest(ctx) }),
});
