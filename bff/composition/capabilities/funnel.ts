import { z } from 'zod';
import { defineConfigSlice, type SliceConfig } from '../../config.ts';
import { LEAD_PAGE_ROUTES } from '../../contracts/lead.ts';
import { FUNNEL_PAGE_ROUTES } from '../../contracts/funnel.ts';
import { createOnboardingRepository, createProfileRepository } from '../../db/repositories/account.repository.ts';
import { createFunnelRepository, createLeadSourceRepository, funnelAccountData } from '../../db/repositories/funnel.repository.ts';
import { createFunnelService } from '../../domain/funnel/funnel.service.ts';
import { createSmsCodeHasher } from '../../domain/funnel/sms-code.ts';
import { createLeadService } from '../../domain/lead/lead.service.ts';
import { funnelFormRoutes, funnelRoutes } from '../../http/routes/funnel.routes.ts';
import { leadRoutes } from '../../http/routes/lead.routes.ts';
import { funnelJob } from '../../domain/jobs/funnel.job.ts';
import { defineCapability } from '../capability.ts';

declare module '../capability-services.ts' {
  interface CapabilityServices {
    funnel: ReturnType<typeof createFunnelService>;
    lead: ReturnType<typeof createLeadService>;
  }
}

/** Its variables (docs/funnel.md). */
const funnelConfig = defineConfigSlice({
  /** SMS per day (UTC) across all instances; when spent, sending stops and OPERATOR_EMAIL gets one alert. */
  SMS_DAILY_BUDGET: z.coerce.number().int().min(1).max(1_000_000).default(500),
  /** The sales service's lead source for visitors without (or with an unknown or inactive) `quelle` parameter. */
  FUNNEL_DEFAULT_LEADSOURCE_ID: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/).default('LS-1000'),
});

declare module '../../config.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface CapabilityConfig extends SliceConfig<typeof funnelConfig> {}
}

/** The lead funnel and the lead phase: dashboard, contact details, the representative's media, conversion (docs/funnel.md). */
export const funnelCapability = defineCapability({
  name: 'funnel',
  config: funnelConfig,
  needs: ['help', 'account'],
  build: ({ adapters, knex, logger, mailLog, activity, rateLimiter, now, config }, { help }) => {
    const funnelRepository = createFunnelRepository(knex);
    // The lead's account: its journey record and base data live with the account's onboarding (docs/account.md).
    const onboardingRepository = createOnboardingRepository(knex);
    const funnel = createFunnelService({
      requests: funnelRepository,
      sources: createLeadSourceRepository(knex),
      hasher: createSmsCodeHasher(config.sessionSecret),
      rateLimiter: rateLimiter(),
      sms: adapters.sms,
      sales: adapters.sales,
      conversions: adapters.conversions,
      mailer: adapters.mailer,
      mailLog,
      activity,
      identity: adapters.identityAdmin,
      leadAccounts: { registered: (userId, leadId) => onboardingRepository.registerLead(userId, leadId) },
      settings: {
        publicUrl: config.publicUrl,
        leadRoleId: config.LEAD_ROLE_ID,
        installerName: config.INSTALLER_NAME,
        operatorEmail: config.OPERATOR_EMAIL,
        dailySmsBudget: config.SMS_DAILY_BUDGET,
        defaultLeadsourceId: config.FUNNEL_DEFAULT_LEADSOURCE_ID,
        retentionMonths: config.RETENTION_MONTHS,
      },
      now,
      log: logger,
    });
    const lead = createLeadService({
      leads: funnelRepository,
      sales: adapters.sales,
      identity: adapters.identityAdmin,
      journey: onboardingRepository,
      profiles: createProfileRepository(knex),
      projects: adapters.management,
      content: { leadContents: (lang) => help.leadContents(lang) },
      activity,
      settings: { customerRoleId: config.CUSTOMER_ROLE_ID, leadRoleId: config.LEAD_ROLE_ID },
      log: logger,
    });
    return { funnel, lead };
  },
  routers: [
    ['machine', funnelRoutes],
    ['capability', funnelFormRoutes],
    ['account', leadRoutes],
  ],
  pageRoutes: [...FUNNEL_PAGE_ROUTES, ...LEAD_PAGE_ROUTES],
  pages: (s, ctx) => ({ funnel: s.funnel.forRequest(), lead: s.lead.forRequest(ctx) }),
  // Leads the sales service lost go with their account (the account deletion's registry).
  jobs: (job) => [job(funnelJob, (s) => ({ funnel: s.funnel, account: s.account }))],
  accountData: ({ knex }) => [funnelAccountData(knex)],
});
