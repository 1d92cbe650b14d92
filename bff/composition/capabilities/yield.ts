import { createYieldAlertRepository } from '../../db/repositories/yield.repository.ts';
import { yieldCheckJob } from '../../domain/jobs/yield-check.job.ts';
import { createTargetCache } from '../../domain/yield/targets.ts';
import { createYieldService } from '../../domain/yield/yield.service.ts';
import { defineCapability } from '../capability.ts';

declare module '../capability-services.ts' {
  interface CapabilityServices {
    yield: ReturnType<typeof createYieldService>;
  }
}

/** Expected vs actual: the daily yield targets beside the monitoring's figures, and the alert job (docs/monitoring.md). */
export const yieldCapability = defineCapability({
  name: 'yield',
  needs: [],
  build: ({ adapters, knex, projects, exports, users, mailLog, config, warn }) => ({
    yield: createYieldService({
      targets: createTargetCache({ weather: adapters.weather }),
      iot: adapters.iot,
      tasks: adapters.tasks,
      alerts: createYieldAlertRepository(knex),
      customerProjects: async () => {
        const byId = new Map<number, Awaited<ReturnType<typeof projects.projectsOf>>[number]>();
        for (const customer of await exports.customers()) for (const project of await projects.projectsOf(customer.userId)) byId.set(project.id, project);
        return [...byId.values()];
      },
      projectsOf: (userId, ctx) => projects.projectsOf(userId, ctx),
      recipientsOf: (userIds) => users.recipientsOf(userIds),
      mailer: adapters.mailer,
      mailLog,
      publicUrl: config.publicUrl,
      installerName: config.INSTALLER_NAME,
      warn,
    }),
  }),
  pages: (s, ctx) => ({ yield: s.yield.forRequest(ctx) }),
  jobs: (job) => [job(yieldCheckJob, (s) => ({ yieldAlerts: s.yield }))],
  notifications: (s) => [s.yield.notifications],
});
