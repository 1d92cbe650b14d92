import os from 'node:os';
import { PgBoss } from 'pg-boss';
import type { Config } from '../config.ts';
import { JOB_TIME_ZONE, type JobDefinition } from '../domain/jobs/job.ts';
import type { JobRunRepository } from '../domain/repositories/jobs.ts';
import { renderBrandedMail } from '../domain/mail/mail-layout.ts';
import type { Logger } from '../logger.ts';
import { runInContext } from '../observability/context.ts';
import { metrics } from '../observability/metrics.ts';
import type { Mailer } from '../ports/mailer.ts';

const deadLetterOf = (job: JobDefinition) => `${job.name}-failed`;

/**
 * The jobs with the operator's schedules (JOB_SCHEDULES) in place of their own (`off`: only the cron endpoint starts
 * it); an unknown name stops start-up.
 */
function withSchedules(jobs: readonly JobDefinition[], schedules: Record<string, string>): JobDefinition[] {
  const unknown = Object.keys(schedules).filter((name) => !jobs.some((job) => job.name === name));
  if (unknown.length > 0) throw new Error(`JOB_SCHEDULES names unknown jobs: ${unknown.join(', ')}`);
  return jobs.map((job) => {
    const schedule = schedules[job.name];
    if (schedule === undefined) return job;
    const { cron: _own, ...rest } = job;
    return schedule === 'off' ? rest : { ...rest, cron: schedule };
  });
}

/**
 * The job runner (docs/jobs.md) on pg-boss 12 in schema `pgboss` of the portal database. Every portal
 * instance runs it: pg-boss evaluates the Europe/Berlin schedules on all of them and throttles, so a schedule sends one
 * job; a job is fetched by one worker (SKIP LOCKED). Each try is recorded in `job_run` (who ran it, result or error);
 * a try that fails is retried with backoff, and after the last retry the job lands in its dead-letter queue, whose
 * worker logs it and mails the operator.
 */
export function createJobRunner(options: {
  config: Config;
  databaseUrl: string | undefined;
  runs: JobRunRepository;
  mailer: Mailer;
  logger: Logger;
  /** The jobs bound to their capabilities' services (bff/composition/capabilities.ts). */
  jobs: readonly JobDefinition[];
  /** How often idle workers look for work (seconds); tests go faster. */
  pollSeconds?: number;
  /** Names this runner in `job_run` (default host:pid:port). */
  instance?: string;
  /** How often schedules are evaluated (seconds, pg-boss: 1..45); tests go faster than the default 30/5. */
  cronCheckSeconds?: number;
}) {
  const jobs = withSchedules(options.jobs, options.config.JOB_SCHEDULES);
  const instance = options.instance ?? options.config.INSTANCE_NAME ?? `${os.hostname()}:${process.pid}:${options.config.PORT}`;
  const poll = options.pollSeconds ?? 2;
  let boss: PgBoss | null = null;
  let unwatchQueues = () => {};
  // Log lines and vendor calls of a job carry its name and id instead of a request id (docs/observability.md).
  const inJob = <T>(job: JobDefinition, item: { id: string }, work: () => Promise<T>) => runInContext({ job: job.name, jobId: item.id }, work);

  async function runOne(job: JobDefinition, item: { id: string; data: unknown; retryCount?: number }) {
    const attempt = (item.retryCount ?? 0) + 1;
    const runId = await options.runs.start({ job: job.name, jobId: item.id, attempt, instance, startedAt: new Date() });
    if (runId === null) return { skipped: 'this try ran already' };
    try {
      const result = await job.run((item.data ?? {}) as Record<string, unknown>);
      await options.runs.finish(runId, { status: 'SUCCEEDED', result });
      options.logger.info('job done', { job: job.name, jobId: item.id, attempt, result });
      return result;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await options.runs.finish(runId, { status: 'FAILED', error: message });
      options.logger.warn('job failed', { job: job.name, jobId: item.id, attempt, error });
      metrics.jobFailed(job.name);
      throw error;
    }
  }

  async function reportFailure(job: JobDefinition, item: { id: string; data: unknown }) {
    const recent = (await options.runs.recent(job.name, 10)).find((run) => run.status === 'FAILED');
    options.logger.error('job gave up after its retries', { job: job.name, jobId: item.id, error: recent?.error });
    metrics.jobDeadLettered(job.name);
    const to = options.config.OPERATOR_EMAIL;
    const mail = renderBrandedMail({
      subject: `[Kundenportal] Job „${job.name}“ ist fehlgeschlagen`,
      heading: `Job „${job.name}“ ist fehlgeschlagen`,
      greeting: 'Hallo Betrieb,',
      blocks: [
        { paragraph: `${job.description} Der Job ist nach ${job.retryLimit + 1} Versuchen gescheitert.` },
        { title: 'Details', items: [`Job-ID: ${item.id}`, `Letzter Fehler: ${recent?.error ?? 'unbekannt'}`, `Instanz: ${recent?.instance ?? instance}`] },
        { paragraph: 'Der Verlauf steht in der Tabelle job_run. Über den Cron-Endpunkt lässt sich der Job erneut starten.' },
      ],
      signOff: 'Das Kundenportal',
      footer: ['Automatische Nachricht des Kundenportals.'],
    });
    await options.mailer.send({ to: [to], ...mail }).catch((error: unknown) => options.logger.error('operator mail failed', { job: job.name, error }));
  }

  return {
    instance,
    /** A job as bound to its services (tests run a handler directly, e.g. with another clock). */
    job: (name: string) => jobs.find((j) => j.name === name),
    /** Runs a job's handler here and now, without the queue (tests). */
    async run(name: string, data: Record<string, unknown> = {}) {
      const job = jobs.find((j) => j.name === name);
      if (!job) throw new Error(`unknown job ${name}`);
      return job.run(data);
    },
    async start() {
      boss = new PgBoss({
        connectionString: options.databaseUrl,
        schema: 'pgboss',
        application_name: 'kundenportal-jobs',
        max: 4,
        ...((options.cronCheckSeconds ?? options.config.JOBS_CRON_CHECK_SECONDS) ? { cronMonitorIntervalSeconds: options.cronCheckSeconds ?? options.config.JOBS_CRON_CHECK_SECONDS, cronWorkerIntervalSeconds: options.cronCheckSeconds ?? options.config.JOBS_CRON_CHECK_SECONDS } : {}),
      });
      boss.on('error', (error: unknown) => options.logger.error('job runner error', { error }));
      await boss.start();
      for (const job of jobs) {
        await boss.createQueue(deadLetterOf(job));
        await boss.createQueue(job.name, { retryLimit: job.retryLimit, retryDelay: job.retryDelaySeconds, retryBackoff: true, deadLetter: deadLetterOf(job) });
        if (job.cron) await boss.schedule(job.name, job.cron, null, { tz: JOB_TIME_ZONE });
        else await boss.unschedule(job.name);
        await boss.work(job.name, { pollingIntervalSeconds: poll }, async ([item]) => (item ? inJob(job, item, () => runOne(job, item)) : undefined));
        await boss.work(deadLetterOf(job), { pollingIntervalSeconds: Math.max(poll, 1) }, async ([item]) => (item ? inJob(job, item, () => reportFailure(job, item)) : undefined));
      }
      const names = jobs.flatMap((job) => [job.name, deadLetterOf(job)]);
      const started = boss;
      unwatchQueues = metrics.watchQueues(() => started.getQueues(names));
      options.logger.info('jobs started', { instance, jobs: jobs.map((j) => `${j.name}${j.cron ? ` (${j.cron} ${JOB_TIME_ZONE})` : ''}`) });
    },
    /** Queues a job now (the cron endpoint, tests); null for an unknown name. */
    async trigger(name: string, data: Record<string, unknown> = {}, singletonKey?: string): Promise<string | null | undefined> {
      const job = jobs.find((j) => j.name === name);
      if (!job) return undefined;
      if (!boss) throw new Error('job runner not started');
      return boss.send(job.name, data, singletonKey ? { singletonKey } : {});
    },
    names: () => jobs.map((j) => j.name),
    /** Every job with its German description and schedule (the cron endpoint lists them for a scheduler). */
    catalogue: () => jobs.map((j) => ({ name: j.name, description: j.description, cron: j.cron ?? null, timeZone: JOB_TIME_ZONE })),
    history: (job?: string, limit?: number) => options.runs.recent(job, limit),
    async stop() {
      if (!boss) return;
      unwatchQueues();
      await boss.stop({ graceful: true, timeout: 10_000 });
      boss = null;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
