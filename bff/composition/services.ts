import type { Language } from '../contracts/auth.ts';
import { SUB_LOG_TABLES } from '../db/models/ActivityLog.ts';
import { accountTablesData, activityData, createAccountSubjectRepository, identityProviderMails, jobsData, mailLogData } from '../db/repositories/account-data.repository.ts';
import {
  createAccountExportRepository,
  createEmailChangeRepository,
  createOnboardingRepository,
  createProfileRepository,
} from '../db/repositories/account.repository.ts';
import { createJobRunRepository, createReminderRepository, createRetentionRepository } from '../db/repositories/jobs.repository.ts';
import { createNotificationSeenRepository } from '../db/repositories/messages.repository.ts';
import { createPgRateLimiter } from '../db/repositories/rate-limits.repository.ts';
import { createFunnelRepository, createLeadSourceRepository, funnelAccountData } from '../db/repositories/funnel.repository.ts';
import { createLeadService } from '../domain/lead/lead.service.ts';
import { createFunnelService } from '../domain/funnel/funnel.service.ts';
import { createSmsCodeHasher } from '../domain/funnel/sms-code.ts';
import { createAccountData } from '../domain/account/account-data.ts';
import { createAccountService } from '../domain/account/account.service.ts';
import { everyMailData } from '../domain/account/mails-data.ts';
import { identityAccountData, newsletterData, projectLinksData, sessionsAccountData } from '../domain/account/service-sources.ts';
import { createBackchannelLogout } from '../domain/auth/backchannel-logout.ts';
import { createKeyedHasher } from '../domain/codes/one-time-code.ts';
import { createNewsletterService } from '../domain/newsletter/newsletter.service.ts';
import { createOnboardingService } from '../domain/onboarding/onboarding.service.ts';
import { createSignIn } from '../domain/auth/sign-in.ts';
import { accountNotifications } from '../domain/notifications/account-notifications.ts';
import { createNotificationsService } from '../domain/notifications/notifications.service.ts';
import { createLayoutService } from '../domain/layout/layout.service.ts';
import { createJobRunner } from './jobs.ts';
import type { Composed, Kernel } from './capability.ts';
import { JOBS } from '../domain/jobs/registry.ts';

/**
 * Repositories and domain services, built once per process: the only place that joins `bff/db` and the adapters
 * (docs/architecture.md). One block per capability.
 */
export function buildServices({ kernel, composed }: { kernel: Kernel; composed: Composed }) {
  const { config, knex, adapters, logger, sessions, activity, projects, warn, mailLog, users } = kernel;
  const { help, money, invitations, surveys } = composed.services;
  /**
   * The customer's language, kept with the account and at the identity provider (Keycloak's `locale`), whose own mails
   * follow it; the provider being down costs only that (docs/architecture.md "Mails").
   */
  const identityLocale = (userId: string, lang: Language) =>
    adapters.identityAdmin.setLocale(userId, lang).catch((error: unknown) => warn('language not handed to the identity provider', { error }));
  const rememberLanguage = async (userId: string, lang: Language) => {
    await users.setLanguage(userId, lang);
    await identityLocale(userId, lang);
  };
  // The customer's account (issue 17): onboarding, newsletter, settings, data export and deletion.
  const onboardingRepository = createOnboardingRepository(knex);
  const profiles = createProfileRepository(knex);
  const funnelRepository = createFunnelRepository(knex);
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
    funnelPhone: async (userId) => (await funnelRepository.leadByAccount(userId))?.phoneNumber ?? null,
    languageOf: (userId) => users.languageOf(userId),
    publicUrl: config.publicUrl,
    warn,
  });
  const newsletter = createNewsletterService({ marketing: adapters.marketing, repository: onboardingRepository, activity });
  // The customer's own data (docs/account.md): one source per capability, in the order a deletion erases them (the
  // capability list's order, then the platform's); the sign-in account and the sessions go last, so a deletion that
  // fails before can be started again by the customer.
  const accountData = createAccountData([
    ...composed.accountData,
    newsletterData(adapters.marketing),
    funnelAccountData(knex),
    projectLinksData(adapters.management),
    // Mails before activities: a mail sent on the customer's behalf is found through its activity.
    everyMailData({ portal: mailLogData(knex), identityMails: identityProviderMails(knex), marketing: adapters.marketing }),
    activityData(knex, Object.values(SUB_LOG_TABLES)),
    jobsData(knex),
    accountTablesData(knex),
    identityAccountData(adapters.identityAdmin),
    sessionsAccountData(sessions),
  ]);
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
      await jobs.trigger('account-export', { exportId });
    },
    newsletterState: (user) => newsletter.state(user).catch(() => null),
    mailer: adapters.mailer,
    mailLog,
    activity,
    rateLimiter: createPgRateLimiter(knex),
    publicUrl: config.publicUrl,
    exportKeepDays: config.EXPORT_KEEP_DAYS,
    exportInlineLimit: config.DATA_EXPORT_INLINE_LIMIT,
    warn,
  });
  const funnel = createFunnelService({
    requests: funnelRepository,
    sources: createLeadSourceRepository(knex),
    hasher: createSmsCodeHasher(config.sessionSecret),
    rateLimiter: createPgRateLimiter(knex),
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
    now: () => new Date(),
    log: logger,
  });
  // The lead phase (issue 18 phase B): the lead dashboard, contact details, the representative's media, conversion.
  const lead = createLeadService({
    leads: funnelRepository,
    sales: adapters.sales,
    identity: adapters.identityAdmin,
    journey: onboardingRepository,
    profiles,
    projects: adapters.management,
    content: { leadContents: (lang) => help.leadContents(lang) },
    activity,
    settings: { customerRoleId: config.CUSTOMER_ROLE_ID, leadRoleId: config.LEAD_ROLE_ID },
    log: logger,
  });
  const exports = kernel.exports;
  const jobs = createJobRunner({
    config,
    jobs: [...JOBS, ...composed.jobs],
    databaseUrl: config.databaseUrl,
    runs: createJobRunRepository(knex),
    mailer: adapters.mailer,
    logger,
    deps: {
      now: kernel.now,
      retention: createRetentionRepository(knex),
      reminders: createReminderRepository(knex),
      users,
      exports,
      projects,
      journeys: adapters.journeys,
      tasks: adapters.tasks,
      mailer: adapters.mailer,
      mailLog,
      activity,
      invitations,
      surveys,
      funnel,
      bankDetails: { recheckPending: () => money.recheckPending() },
      account: {
        buildExport: (exportId) => account.buildExport(exportId),
        deleteExpiredExports: () => account.deleteExpiredExports(),
        eraseAccount: (userId) => account.eraseAccount(userId),
      },
      settings: { publicUrl: config.publicUrl, installerName: config.INSTALLER_NAME, retentionMonths: config.RETENTION_MONTHS, exportKeepDays: config.EXPORT_KEEP_DAYS },
      warn,
    },
  });
  kernel.bindJobs(jobs);
  // The notifications feed: one source per capability that has notifications.
  const notifications = createNotificationsService({
    sources: [
      accountNotifications,
      ...composed.notifications,
    ],
    seen: createNotificationSeenRepository(knex),
    warn,
  });
  return {
    ...composed.services,
    activity,
    projects,
    identityProvider: adapters.identityProvider,
    sessions,
    backchannelLogout: createBackchannelLogout({ identityProvider: adapters.identityProvider, sessions }),
    users,
    rememberLanguage,
    signIn: createSignIn({
      users,
      languageChanged: identityLocale,
      activity,
      onboarding,
      leads: lead,
      appMetadataClaim: config.APP_METADATA_CLAIM,
      customerRoleId: config.CUSTOMER_ROLE_ID,
      leadRoleId: config.LEAD_ROLE_ID,
    }),
    layout: createLayoutService({ projects, notifications }),
    notifications,
    funnel,
    lead,
    jobs,
    exports,
    onboarding,
    newsletter,
    account,
    accountData,
    machineTokens: kernel.machineTokens,
    /** Hands an installer's event to every capability that handles it (`POST /api/external/events`). */
    externalEvent: composed.dispatch,
  };
}

type BuiltServices = ReturnType<typeof buildServices>;

declare module '../http/route-deps.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Services extends BuiltServices {}
}

export type { Services } from '../http/route-deps.ts';
