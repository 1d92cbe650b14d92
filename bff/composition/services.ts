import { createJobRunRepository, createReminderRepository, createRetentionRepository } from '../db/repositories/jobs.repository.ts';
import { JOBS } from '../domain/jobs/registry.ts';
import type { Composed, Kernel } from './capability.ts';
import { createJobRunner } from './jobs.ts';

/**
 * What the portal adds around the capabilities (bff/composition/capabilities.ts): the shared kernel's services and the
 * job runner (docs/architecture.md).
 */
export function buildServices({ kernel, composed }: { kernel: Kernel; composed: Composed }) {
  const { config, knex, adapters, logger, activity, projects, warn, mailLog, users, exports } = kernel;
  const { money, account, invitations, surveys, funnel } = composed.services;
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
  return {
    ...composed.services,
    activity,
    projects,
    sessions: kernel.sessions,
    users,
    jobs,
    exports,
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
