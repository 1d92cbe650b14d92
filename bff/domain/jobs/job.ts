/**
 * One scheduled or triggered job (docs/jobs.md). Handlers must be idempotent: pg-boss delivers at least once,
 * so a second run finds its work done (a unique row per mail, deletes by date).
 */
export interface JobSpec<Deps> {
  /** Queue name (lower case, dashes); also the name the cron endpoint triggers. */
  name: string;
  description: string;
  /** Cron in Europe/Berlin (5 fields); none: only triggered (cron endpoint, other code). */
  cron?: string;
  retryLimit: number;
  retryDelaySeconds: number;
  /** The job's work with what its capability hands it (each job declares the little it needs). */
  run(deps: Deps, data: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** A job bound to its capability's services, as the runner runs it. */
export interface JobDefinition extends Omit<JobSpec<never>, 'run'> {
  run(data: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** What it was bound to (tests run a handler directly with another clock). */
  deps?: unknown;
}

/** Binds a job to its services (bff/composition/capabilities/: each capability binds its own jobs). */
export function bindJob<Deps>(spec: JobSpec<Deps>, deps: Deps): JobDefinition {
  return { ...spec, deps, run: (data) => spec.run(deps, data) };
}

/** Who a mail goes to, the clock and the settings a mailing job works with. */
export interface JobSettings {
  publicUrl: string;
  installerName: string;
  /** The privacy policy's period for activity and mail logs. */
  retentionMonths: number;
  /** How long a users export may be fetched. */
  exportKeepDays: number;
}

export const JOB_TIME_ZONE = 'Europe/Berlin';
