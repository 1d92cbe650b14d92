import { z } from 'zod';
import { defineConfigSlice, type SliceConfig } from '../../config.ts';
import { ONBOARDING_PAGE_ROUTES } from '../../contracts/onboarding.ts';
import { ACCOUNT_PAGE_ROUTES } from '../../contracts/account.ts';
import { createAccountSubjectRepository } from '../../db/repositories/account-data.repository.ts';
import { createAccountExportRepository, createEmailChangeRepository, createOnboardingRepository, createProfileRepository } from '../../db/repositories/account.repository.ts';
import { createFunnelRepository } from '../../db/repositories/funnel.repository.ts';
import { createAccountService } from '../../domain/account/account.service.ts';
import { newsletterData } from '../../domain/account/service-sources.ts';
import { createKeyedHasher } from '../../domain/codes/one-time-code.ts';
import { createNewsletterService } from '../../domain/newsletter/newsletter.service.ts';
import { accountNotifications } from '../../domain/notifications/account-notifications.ts';
import { createOnboardingService } from '../../domain/onboarding/onboarding.service.ts';
import { accountDataRoutes, accountRoutes, identityEventsRoutes } from '../../http/routes/account.routes.ts';
import { newsletterRoutes } from '../../http/routes/newsletter.routes.ts';
import { journeyStatusRoutes, onboardingRoutes } from '../../http/routes/onboarding.routes.ts';
import { accountExportJob } from '../../domain/jobs/account-export.job.ts';
import { defineCapability } from '../capability.ts';

declare module '../capability-services.ts' {
  interface CapabilityServices {
    onboarding: ReturnType<typeof createOnboardingService>;
    newsletter: ReturnType<typeof createNewsletterService>;
    account: ReturnType<typeof createAccountService>;
  }
}

/** Its variables: the customer's own data (docs/account.md). */
const accountConfig = defineConfigSlice({
  /** A data export with at most this many records is downloaded at once; a larger one is built by a job. */
  DATA_EXPORT_INLINE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(5_000),
});

declare module '../../config.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface CapabilityConfig extends SliceConfig<typeof accountConfig> {}
}

/** The customer's account: onboarding, newsletter, settings, data export and deletion (docs/account.md). */
export const accountCapability = defineCapability({
  name: 'account',
  config: accountConfig,
  needs: ['accountData'],
  build: ({ adapters, knex, projects, mailLog, activity, users, sessions, rateLimiter, triggerJob, config, warn }, { accountData }) => {
    const onboardingRepository = createOnboardingRepository(knex);
    const profiles = createProfileRepository(knex);
    const funnelLeads = createFunnelRepository(knex);
    const onboarding = createOnboardingService({
      repository: onboardingRepository,
      profiles,
      identityAdmin: adapters.identityAdmin,
      projects,
      mailer: adapters.mailer,
      mailLog,
      activity,
      hasher: createKeyedHasher(config.sessionSecret, 'kundenportal/two-factor-code'),
      // A customer who came through the funnel gave a verified mobile number there: the base data starts with it.
      funnelPhone: async (userId) => (await funnelLeads.leadByAccount(userId))?.phoneNumber ?? null,
      languageOf: (userId) => users.languageOf(userId),
      publicUrl: config.publicUrl,
      warn,
    });
    const newsletter = createNewsletterService({ marketing: adapters.marketing, repository: onboardingRepository, activity });
    const account = createAccountService({
      languageOf: (userId) => users.languageOf(userId),
      identityAdmin: adapters.identityAdmin,
      marketing: adapters.marketing,
      projects,
      profiles,
      emailChanges: createEmailChangeRepository(knex),
      exports: createAccountExportRepository(knex),
      subjects: createAccountSubjectRepository(knex),
      accountData,
      sessions,
      startExportJob: async (exportId) => {
        await triggerJob('account-export', { exportId });
      },
      newsletterState: (user) => newsletter.state(user).catch(() => null),
      mailer: adapters.mailer,
      mailLog,
      activity,
      rateLimiter: rateLimiter(),
      publicUrl: config.publicUrl,
      exportKeepDays: config.EXPORT_KEEP_DAYS,
      exportInlineLimit: config.DATA_EXPORT_INLINE_LIMIT,
      warn,
    });
    return { onboarding, newsletter, account };
  },
  routers: [
    ['machine', identityEventsRoutes],
    ['internal', onboardingRoutes],
    ['account', journeyStatusRoutes],
    ['internal', newsletterRoutes],
    ['internal', accountRoutes],
    ['account', accountDataRoutes],
  ],
  pageRoutes: [...ACCOUNT_PAGE_ROUTES, ...ONBOARDING_PAGE_ROUTES],
  pages: (s, ctx) => ({ onboarding: s.onboarding.forRequest(ctx), newsletter: s.newsletter.forRequest(ctx), account: s.account.forRequest(ctx) }),
  jobs: (job) => [job(accountExportJob, (s) => ({ account: s.account }))],
  notifications: () => [accountNotifications],
  accountData: ({ adapters }) => [newsletterData(adapters.marketing)],
});
