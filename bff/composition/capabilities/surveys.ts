import { SURVEYS_PAGE_ROUTES } from '../../contracts/surveys.ts';
import { createReviewRepository, createSurveyRepository } from '../../db/repositories/surveys.repository.ts';
import { surveysAccountData } from '../../domain/surveys/surveys-account-data.ts';
import { createSurveysService } from '../../domain/surveys/surveys.service.ts';
import { queueSurveyInvitations, reviewMailLinkRoutes, reviewsWebhookRoutes, surveysRoutes } from '../../http/routes/surveys.routes.ts';
import { reviewMailsJob } from '../../domain/jobs/review-mails.job.ts';
import { surveyInvitationsJob } from '../../domain/jobs/survey-invitations.job.ts';
import { defineCapability } from '../capability.ts';

declare module '../capability-services.ts' {
  interface CapabilityServices {
    surveys: ReturnType<typeof createSurveysService>;
  }
}

/** Surveys after the installation steps, the NPS and review mails (docs/surveys.md). */
export const surveysCapability = defineCapability({
  name: 'surveys',
  needs: ['help'],
  build: ({ adapters, knex, projects, exports, users, activity, mailLog, idempotent, config, warn }, { help }) => ({
    surveys: createSurveysService({
      projects,
      management: adapters.management,
      journeys: adapters.journeys,
      tasks: adapters.tasks,
      reviewPlatform: adapters.reviews,
      definitions: (lang) => help.surveyDefinitions(lang),
      surveys: createSurveyRepository(knex),
      reviews: createReviewRepository(knex),
      customerIds: async () => (await exports.customers()).map((c) => c.userId),
      recipientsOf: (userIds) => users.recipientsOf(userIds),
      activity,
      mailer: adapters.mailer,
      reviewMailer: adapters.reviewMailer,
      reviewDebug: config.REVIEW_DEBUG_MODE,
      mailLog,
      idempotent: idempotent(),
      publicUrl: config.publicUrl,
      installerName: config.INSTALLER_NAME,
      linkSecret: `${config.sessionSecret}:review-mail`,
      warn,
    }),
  }),
  routers: [
    ['internal', surveysRoutes],
    ['capability', reviewMailLinkRoutes],
    ['machine', reviewsWebhookRoutes],
  ],
  pageRoutes: SURVEYS_PAGE_ROUTES,
  pages: (s, ctx) => ({ surveys: s.surveys.forRequest(ctx) }),
  jobs: (job) => [job(surveyInvitationsJob, (s) => ({ surveys: s.surveys })), job(reviewMailsJob, (s) => ({ surveys: s.surveys }))],
  notifications: (s) => [s.surveys.notifications],
  accountData: ({ knex }) => [surveysAccountData(createSurveyRepository(knex))],
  events: {
    // A DC or AC step done within the last days brings its survey; the job decides. The journey answers the outcome.
    'project.step_changed': async (_s, data, deps) => {
      await queueSurveyInvitations(deps, { projectId: data.projectId });
      return undefined;
    },
    'project.step_done': (_s, data, deps) => queueSurveyInvitations(deps, { projectId: data.projectId, step: data.step }),
  },
});
