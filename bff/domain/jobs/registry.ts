import { accountExportJob } from './account-export.job.ts';
import { bankCheckJob } from './bank-check.job.ts';
import { exportUsersJob } from './export-users.job.ts';
import { funnelJob } from './funnel.job.ts';
import { heartbeatJob } from './heartbeat.job.ts';
import { invitationsJob } from './invitations.job.ts';
import type { JobDefinition } from './job.ts';
import { remindersJob } from './reminders.job.ts';
import { retentionJob } from './retention.job.ts';
import { reviewMailsJob } from './review-mails.job.ts';
import { surveyInvitationsJob } from './survey-invitations.job.ts';

/** Every job of the portal (docs/jobs.md); a capability adds its job with one line here. */
export const JOBS: readonly JobDefinition[] = [heartbeatJob, retentionJob, remindersJob, exportUsersJob, invitationsJob, surveyInvitationsJob, reviewMailsJob, funnelJob, bankCheckJob, accountExportJob];

export const jobByName = (name: string) => JOBS.find((job) => job.name === name);
