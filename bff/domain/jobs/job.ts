import type { Mailer } from '../../ports/mailer.ts';
import type { UserAccounts } from '../repositories/users.ts';
import type { ManagementJourneys } from '../../ports/management-service.ts';
import type { TaskService } from '../../ports/task-service.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { FunnelService } from '../funnel/funnel.service.ts';
import type { InvitationService } from '../invitations/invitations.service.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { ExportRepository, ReminderRepository, RetentionRepository } from '../repositories/jobs.ts';
import type { MailLogRepository } from '../repositories/mail-log.ts';
import type { SurveysService } from '../surveys/surveys.service.ts';

/** What the jobs work with (built in bff/composition/jobs.ts). */
export interface JobDeps {
  now: () => Date;
  retention: RetentionRepository;
  reminders: ReminderRepository;
  /** Who a mail goes to: address, language, first name (mails are written in the customer's language). */
  users: Pick<UserAccounts, 'recipientsOf'>;
  exports: ExportRepository;
  projects: ProjectAccess;
  journeys: ManagementJourneys;
  tasks: TaskService;
  mailer: Mailer;
  mailLog: MailLogRepository;
  activity: ActivityService;
  invitations: InvitationService;
  /** Survey invitations and review mails (issue 15). */
  surveys: Pick<SurveysService, 'runInvitations' | 'runReviewMails'>;
  funnel: FunnelService;
  /** Bank details taken while the IBAN validator was down (issue 16): checked again by the bank-check job. */
  bankDetails: { recheckPending(): Promise<Record<string, number>> };
  /** The customer's data exports (issue 17): built by `account-export`, expired ones deleted by `retention`. */
  account: {
    buildExport(exportId: string): Promise<Record<string, unknown>>;
    deleteExpiredExports(): Promise<number>;
    /** Erases an account (every registered source, the sign-in account and sessions included). */
    eraseAccount(userId: string): Promise<void>;
  };
  settings: {
    publicUrl: string;
    installerName: string;
    /** The privacy policy's period for activity and mail logs. */
    retentionMonths: number;
    /** How long a users export may be fetched. */
    exportKeepDays: number;
  };
  warn: (message: string, fields?: Record<string, unknown>) => void;
}

/**
 * One scheduled or triggered job (issue 14, docs/jobs.md). Handlers must be idempotent: pg-boss delivers at least once,
 * so a second run finds its work done (a unique row per mail, deletes by date).
 */
export interface JobDefinition {
  /** Queue name (lower case, dashes); also the name the cron endpoint triggers. */
  name: string;
  description: string;
  /** Cron in Europe/Berlin (5 fields); none: only triggered (cron endpoint, other code). */
  cron?: string;
  retryLimit: number;
  retryDelaySeconds: number;
  run(deps: JobDeps, data: Record<string, unknown>): Promise<Record<string, unknown>>;
}

export const JOB_TIME_ZONE = 'Europe/Berlin';
