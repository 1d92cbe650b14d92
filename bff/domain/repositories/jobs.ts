/** Persistence of the scheduled jobs (docs/jobs.md); implemented in bff/db/repositories/jobs.repository.ts. */

export interface JobRun {
  id: number;
  job: string;
  jobId: string;
  attempt: number;
  instance: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED';
  result: unknown;
  error: string | null;
  startedAt: Date;
  finishedAt: Date | null;
}

export interface JobRunRepository {
  /** One row per try; false when this try was recorded already (a second delivery of the same try). */
  start(run: { job: string; jobId: string; attempt: number; instance: string; startedAt: Date }): Promise<number | null>;
  finish(id: number, outcome: { status: 'SUCCEEDED' | 'FAILED'; result?: unknown; error?: string }): Promise<void>;
  recent(job?: string, limit?: number): Promise<JobRun[]>;
}

export interface RetentionRepository {
  /** Deletes activity logs (with their sub-logs) and mail logs created before the date; answers the counts. */
  deleteBefore(date: Date): Promise<{ activityLogs: number; mailLogs: number }>;
}

export interface ReminderRepository {
  /** The reminders sent so far for one open action. */
  sent(userId: string, projectId: number, actionKey: string): Promise<{ count: number; lastSentAt: Date | null }>;
  /** Claims reminder number `sequence`; false when another run (or instance) claimed it first. */
  claim(userId: string, projectId: number, actionKey: string, sequence: number): Promise<boolean>;
  markDelivered(userId: string, projectId: number, actionKey: string, sequence: number): Promise<void>;
}

export interface PortalCustomer {
  userId: string;
  email: string | null;
  createdAt: Date;
}

export interface ExportRepository {
  customers(): Promise<PortalCustomer[]>;
  create(entry: { expiredAt: Date; rowCount: number; content: string }): Promise<{ id: string; createdAt: Date; expiredAt: Date }>;
  /** An export that has not expired yet. */
  find(id: string, now: Date): Promise<{ id: string; createdAt: Date; expiredAt: Date; rowCount: number; content: string } | null>;
  deleteExpired(now: Date): Promise<number>;
}
