import { JOURNEY_PAGE_ROUTES } from '../../contracts/journey.ts';
import { createMilestoneMailRepository } from '../../db/repositories/signing-envelopes.repository.ts';
import { createJourneyService } from '../../domain/journey/journey.service.ts';
import { eachProject } from '../../domain/notifications/notifications.service.ts';
import { journeyRoutes, managementWebhookRoutes } from '../../http/routes/journey.routes.ts';
import { defineCapability } from '../capability.ts';

declare module '../capability-services.ts' {
  interface CapabilityServices {
    journey: ReturnType<typeof createJourneyService>;
  }
}

/** The project's way from the order to the running plant, its steps and milestone mails (docs/journey.md). */
export const journeyCapability = defineCapability({
  name: 'journey',
  needs: ['signing'],
  build: ({ adapters, knex, projects, upstreamCache, mailLog, users, activity, projectLanguage, config, warn }, { signing }) => ({
    journey: createJourneyService({
      projects,
      cache: upstreamCache,
      management: adapters.management,
      journeys: adapters.journeys,
      signing,
      masterData: adapters.masterData,
      mailer: adapters.mailer,
      mailLog,
      milestones: createMilestoneMailRepository(knex),
      monitored: async (projectId) => (await adapters.iot.sitesOfProjects([projectId])).length > 0,
      users,
      activity,
      projectLanguage,
      publicUrl: config.publicUrl,
      installerName: config.INSTALLER_NAME,
      warn,
    }),
  }),
  routers: [
    ['machine', managementWebhookRoutes],
    ['internal', journeyRoutes],
  ],
  pageRoutes: JOURNEY_PAGE_ROUTES,
  pages: (s, ctx) => ({ journey: s.journey.forRequest(ctx) }),
  notifications: (s, { projects }) => [eachProject((userId, ctx) => projects.projectsOf(userId, ctx), s.journey.notifications)],
  events: { 'project.step_changed': (s, data) => s.journey.projectEvent(data) },
});
