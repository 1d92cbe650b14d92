import { EXPORTS_PAGE_ROUTES } from '../../contracts/exports.ts';
import { createExportTokenRepository } from '../../db/repositories/export-tokens.repository.ts';
import { exportTokensAccountData } from '../../domain/exports/exports-account-data.ts';
import { createExportsService } from '../../domain/exports/exports.service.ts';
import { exportApiRoutes, exportsRoutes } from '../../http/routes/exports.routes.ts';
import { defineCapability } from '../capability.ts';

declare module '../capability-services.ts' {
  interface CapabilityServices {
    dataExports: ReturnType<typeof createExportsService>;
  }
}

/** The customer's own data as files and through a personal read-only API token (docs/exports.md). */
export const exportsCapability = defineCapability({
  name: 'exports',
  needs: ['documents'],
  build: ({ adapters, knex, projects, activity, rateLimiter, config, now }, { documents }) => ({
    dataExports: createExportsService({
      projects,
      iot: adapters.iot,
      journeys: adapters.journeys,
      projectFiles: (user, projectId) => documents.projectFiles(user, projectId),
      tokens: createExportTokenRepository(knex),
      rateLimiter: rateLimiter(),
      activity,
      installerName: config.INSTALLER_NAME,
      now,
    }),
  }),
  routers: [
    ['internal', exportsRoutes],
    ['capability', exportApiRoutes],
  ],
  pageRoutes: EXPORTS_PAGE_ROUTES,
  pages: (s, ctx) => ({ dataExports: s.dataExports.forRequest(ctx) }),
  accountData: ({ knex }) => [exportTokensAccountData(createExportTokenRepository(knex))],
});
