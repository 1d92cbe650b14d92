import { linkingData } from '../../db/repositories/account-data.repository.ts';
import { createLinkCodeRepository } from '../../db/repositories/link-codes.repository.ts';
import { createCodeHasher } from '../../domain/linking/link-code.ts';
import { createLinkingService } from '../../domain/linking/linking.service.ts';
import { linkingRoutes } from '../../http/routes/linking.routes.ts';
import { defineCapability } from '../capability.ts';

declare module '../capability-services.ts' {
  interface CapabilityServices {
    linking: ReturnType<typeof createLinkingService>;
  }
}

/** Linking a project to the account with a mailed code (docs/journey.md). */
export const linkingCapability = defineCapability({
  name: 'linking',
  needs: [],
  build: ({ adapters, knex, mailLog, activity, users, rateLimiter, config }) => ({
    linking: createLinkingService({
      management: adapters.management,
      codes: createLinkCodeRepository(knex),
      hasher: createCodeHasher(config.sessionSecret),
      mailer: adapters.mailer,
      mailLog,
      activity,
      rateLimiter: rateLimiter(),
      languageOf: (userId) => users.languageOf(userId),
      publicUrl: config.publicUrl,
    }),
  }),
  routers: [['app', linkingRoutes]],
  accountData: ({ knex }) => [linkingData(knex)],
});
