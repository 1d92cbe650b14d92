import { PORTAL_PAGE_ROUTES } from '../../contracts/projects.ts';
import { SUB_LOG_TABLES } from '../../db/models/ActivityLog.ts';
import { accountTablesData, activityData, identityProviderMails, jobsData, mailLogData } from '../../db/repositories/account-data.repository.ts';
import { everyMailData } from '../../domain/account/mails-data.ts';
import { identityAccountData, projectLinksData, sessionsAccountData } from '../../domain/account/service-sources.ts';
import { cronRoutes, externalRoutes, internalRoutes } from '../../http/machine/machine.routes.ts';
import { activityRoutes } from '../../http/routes/activity.routes.ts';
import { notificationsRoutes } from '../../http/routes/notifications.routes.ts';
import { projectsRoutes } from '../../http/routes/projects.routes.ts';
import { speculationRulesRoutes } from '../../http/routes/speculation-rules.routes.ts';
import { createReminderRepository, createRetentionRepository } from '../../db/repositories/jobs.repository.ts';
import { exportUsersJob } from '../../domain/jobs/export-users.job.ts';
import { heartbeatJob } from '../../domain/jobs/heartbeat.job.ts';
import { remindersJob } from '../../domain/jobs/reminders.job.ts';
import { retentionJob } from '../../domain/jobs/retention.job.ts';
import { defineCapability } from '../capability.ts';

/**
 * What every customer has whatever capabilities there are: the projects, the activity report, the bell, the machine
 * callers' own routes (jobs, installer events), prefetching, and the account's own data. Last in the list: its data
 * sources are the last a deletion erases.
 */
export const platformCapability = defineCapability({
  name: 'platform',
  needs: ['account'],
  build: () => ({}),
  routers: [
    ['assets', speculationRulesRoutes],
    ['machine', internalRoutes],
    ['machine', cronRoutes],
    ['machine', externalRoutes],
    ['internal', projectsRoutes],
    ['account', activityRoutes],
    ['app', notificationsRoutes],
  ],
  pageRoutes: PORTAL_PAGE_ROUTES,
  pages: (_s, ctx, { projects }) => ({ projects: projects.forRequest(ctx) }),
  jobs: (job) => [
    job(heartbeatJob, (_s, { now }) => ({ now })),
    job(retentionJob, (s, { knex, exports, now, config }) => ({ now, retention: createRetentionRepository(knex), exports, account: s.account, settings: { retentionMonths: config.RETENTION_MONTHS } })),
    job(remindersJob, (_s, { knex, now, users, exports, projects, adapters, mailLog, activity, config, warn }) => ({
      now,
      reminders: createReminderRepository(knex),
      users,
      exports,
      projects,
      journeys: adapters.journeys,
      tasks: adapters.tasks,
      mailer: adapters.mailer,
      mailLog,
      activity,
      settings: { publicUrl: config.publicUrl, installerName: config.INSTALLER_NAME },
      warn,
    })),
    job(exportUsersJob, (_s, { exports, now, config }) => ({ exports, now, settings: { exportKeepDays: config.EXPORT_KEEP_DAYS } })),
  ],
  accountData: ({ adapters, knex, sessions }) => [
    projectLinksData(adapters.management),
    // Mails before activities: a mail sent on the customer's behalf is found through its activity.
    everyMailData({ portal: mailLogData(knex), identityMails: identityProviderMails(knex), marketing: adapters.marketing }),
    activityData(knex, Object.values(SUB_LOG_TABLES)),
    jobsData(knex),
    accountTablesData(knex),
    identityAccountData(adapters.identityAdmin),
    sessionsAccountData(sessions),
  ],
});
