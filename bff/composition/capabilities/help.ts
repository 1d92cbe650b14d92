import { HELP_PAGE_ROUTES } from '../../contracts/help.ts';
import { createPgContentCacheStore } from '../../db/repositories/content-cache.repository.ts';
import { createContentCache } from '../../domain/help/content-cache.ts';
import { createHelpService } from '../../domain/help/help.service.ts';
import { cmsMediaRoutes, cmsWebhookRoutes } from '../../http/routes/cms.routes.ts';
import { helpRoutes } from '../../http/routes/help.routes.ts';
import { defineCapability } from '../capability.ts';

declare module '../capability-services.ts' {
  interface CapabilityServices {
    help: ReturnType<typeof createHelpService>;
  }
}

/** Help, knowledge base and the CMS's content for every other capability (docs/help-search.md). */
export const helpCapability = defineCapability({
  name: 'help',
  needs: [],
  build: ({ adapters, knex, logger, projects, activity, config, warn }) => ({
    help: createHelpService({
      content: adapters.content,
      cache: createContentCache({
        store: createPgContentCacheStore(knex),
        onBackgroundError: (key, error) => logger.warn('cms content not refreshed; serving the cached copy', { key, error }),
      }),
      projects,
      activity,
      installer: { name: config.INSTALLER_NAME, address: config.INSTALLER_ADDRESS },
      warn,
    }),
  }),
  routers: [
    ['assets', cmsMediaRoutes],
    ['machine', cmsWebhookRoutes],
    ['internal', helpRoutes],
  ],
  pageRoutes: HELP_PAGE_ROUTES,
  pages: (s, ctx) => ({ help: s.help.forRequest(ctx) }),
});
