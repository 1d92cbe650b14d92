import { createJobRunRepository } from '../db/repositories/jobs.repository.ts';
import type { Composed, Kernel } from './capability.ts';
import { createJobRunner } from './jobs.ts';

/**
 * What the portal adds around the capabilities (bff/composition/capabilities.ts): the shared kernel's services and the
 * job runner over every capability's jobs (docs/architecture.md).
 */
export function buildServices({ kernel, composed }: { kernel: Kernel; composed: Composed }) {
  const { config, knex, adapters, logger } = kernel;
  const jobs = createJobRunner({ config, jobs: composed.jobs, databaseUrl: config.databaseUrl, runs: createJobRunRepository(knex), mailer: adapters.mailer, logger });
  kernel.bindJobs(jobs);
  return {
    ...composed.services,
    activity: kernel.activity,
    projects: kernel.projects,
    upstreamCache: kernel.upstreamCache,
    sessions: kernel.sessions,
    users: kernel.users,
    jobs,
    exports: kernel.exports,
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
