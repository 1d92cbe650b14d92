import { accountExportJob } from './account-export.job.ts';
import { exportUsersJob } from './export-users.job.ts';
import { heartbeatJob } from './heartbeat.job.ts';
import type { JobDefinition } from './job.ts';
import { remindersJob } from './reminders.job.ts';
import { retentionJob } from './retention.job.ts';

/** Every job of the portal (docs/jobs.md); a capability adds its job with one line here. */
export const JOBS: readonly JobDefinition[] = [heartbeatJob, retentionJob, remindersJob, exportUsersJob, accountExportJob];

export const jobByName = (name: string) => JOBS.find((job) => job.name === name);
