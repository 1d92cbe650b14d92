import { z } from 'zod';
import { bool, defineConfigSlice, inProduction, type SliceConfig } from '../../config.ts';
import { isValidCreditorId } from '../../domain/money/sepa-identifiers.ts';
import { MONEY_PAGE_ROUTES } from '../../contracts/money.ts';
import {
  createBankCheckRepository,
  createCtaRepository,
  createMoneyPersonalDataRepository,
  createReferralRepository,
  createRefundRepository,
  createSepaMandateRepository,
} from '../../db/repositories/money.repository.ts';
import { createMilestoneMailRepository } from '../../db/repositories/signing-envelopes.repository.ts';
import { createBankCheck } from '../../domain/money/bank-check.ts';
import { moneyAccountData } from '../../domain/money/money-account-data.ts';
import { createMoneyService } from '../../domain/money/money.service.ts';
import { eachProject } from '../../domain/notifications/notifications.service.ts';
import { moneyAppRoutes, moneyInternalRoutes } from '../../http/routes/money.routes.ts';
import { bankCheckJob } from '../../domain/jobs/bank-check.job.ts';
import { defineCapability } from '../capability.ts';

declare module '../capability-services.ts' {
  interface CapabilityServices {
    money: ReturnType<typeof createMoneyService>;
  }
}

/** Its variables (docs/money.md). */
const moneyConfig = defineConfigSlice({
  /**
   * The installer's SEPA creditor identifier (Gläubiger-Identifikationsnummer, issued by the Bundesbank): German format
   * `DEkkZZZ0nnnnnnnnnn`, check digits mod 97. The default is the Bundesbank's test identifier.
   */
  SEPA_CREDITOR_ID: inProduction(
    z
      .string()
      .refine(isValidCreditorId, 'a German creditor identifier DEkkZZZ0nnnnnnnnnn with valid check digits (mod 97)')
      .default('DE98ZZZ09999999999'),
  ),
  /**
   * The remote IBAN check (it can be switched off; docs/money.md "IBAN"). Off: only the local check
   * (country, length, mod 97) runs, and the bank's name and BIC are what the customer typed.
   */
  IBAN_VALIDATION: bool.default(true),
});

declare module '../../config.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface CapabilityConfig extends SliceConfig<typeof moneyConfig> {}
}

/** Refunds, the SEPA mandate, bank details and referrals (docs/money.md). */
export const moneyCapability = defineCapability({
  name: 'money',
  config: moneyConfig,
  needs: ['signing'],
  build: ({ adapters, knex, projects, users, activity, mailLog, idempotent, rateLimiter, archivePdf, config, warn }, { signing }) => ({
    money: createMoneyService({
      projects,
      management: adapters.managementMoney,
      managementProjects: adapters.management,
      users,
      notices: createMilestoneMailRepository(knex),
      masterData: adapters.masterData,
      refunds: createRefundRepository(knex),
      mandates: createSepaMandateRepository(knex),
      ctas: createCtaRepository(knex),
      referrals: createReferralRepository(knex),
      bankChecks: createBankCheckRepository(knex),
      bankCheck: createBankCheck({ validator: adapters.ibanValidator, enabled: config.IBAN_VALIDATION, warn }),
      signing,
      idempotent: idempotent(),
      rateLimiter: rateLimiter(),
      archive: archivePdf,
      activity,
      mailer: adapters.mailer,
      mailLog,
      creditor: { name: config.INSTALLER_NAME, address: config.INSTALLER_ADDRESS, creditorId: config.SEPA_CREDITOR_ID },
      publicUrl: config.publicUrl,
      installerName: config.INSTALLER_NAME,
      warn,
    }),
  }),
  routers: [
    ['internal', moneyInternalRoutes],
    ['app', moneyAppRoutes],
  ],
  pageRoutes: MONEY_PAGE_ROUTES,
  pages: (s, ctx) => ({ money: s.money.forRequest(ctx) }),
  jobs: (job) => [job(bankCheckJob, (s) => ({ bankDetails: { recheckPending: () => s.money.recheckPending() } }))],
  accountData: ({ knex }) => [moneyAccountData(createMoneyPersonalDataRepository(knex))],
  notifications: (s, { projects }) =>
    [s.money.refunds.notifications, s.money.sepa.notifications, s.money.referrals.notifications].map((source) => eachProject((userId, ctx) => projects.projectsOf(userId, ctx), source)),
});
