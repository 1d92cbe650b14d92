import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ActivityType } from '../contracts/activity.ts';

/**
 * The portal's Prometheus metrics (docs/observability.md "Metrics"), one registry per process: metrics describe the
 * process, so every part of it (and every test portal in a test process) adds to the same series. Served only on the
 * internal metrics port (./metrics-server.ts), never on the public one.
 */
export const registry = new Registry();

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Requests to the portal by method, route pattern (never the raw path) and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [registry],
});

const externalDuration = new Histogram({
  name: 'portal_external_request_duration_seconds',
  help: 'Calls to external services by service and status (HTTP status, "error" without an answer, "timeout"; SMTP "ok"/"error"), until the answer head',
  labelNames: ['service', 'status'] as const,
  buckets: SECONDS,
  registers: [registry],
});

const jobFailures = new Counter({
  name: 'portal_job_failures_total',
  help: 'Failed tries of a job (each is retried until its retry limit)',
  labelNames: ['job'] as const,
  registers: [registry],
});

const jobDeadLetters = new Counter({
  name: 'portal_job_dead_letters_total',
  help: 'Jobs that failed all their retries and went to their dead-letter queue (the operator got a mail)',
  labelNames: ['job'] as const,
  registers: [registry],
});

/** The business events an operator watches for a sudden drop (docs/observability.md). */
export type BusinessEvent = 'sign_in' | 'project_link' | 'signature' | 'message' | 'upload';

const businessEvents = new Counter({
  name: 'portal_business_events_total',
  help: 'Sign-ins, project link requests, completed signatures, messages sent and accepted uploads',
  labelNames: ['event'] as const,
  registers: [registry],
});
for (const event of ['sign_in', 'project_link', 'signature', 'message', 'upload'] satisfies BusinessEvent[]) businessEvents.inc({ event }, 0);

/** The activity types that are business events: the activity log is the one place these actions are written. */
const BUSINESS_EVENT_OF_ACTIVITY: Partial<Record<ActivityType, BusinessEvent>> = {
  LOGIN: 'sign_in',
  PROJECT_LINK: 'project_link',
  MESSAGE_SENT: 'message',
};

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}
const pools = new Set<{ name: string; stats: () => PoolStats }>();
new Gauge({
  name: 'portal_db_pool_connections',
  help: 'PostgreSQL pool connections by pool (knex: queries, session: the session store) and state (total, idle, waiting = requests waiting for a connection)',
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const pool of pools) {
      const stats = pool.stats();
      for (const state of ['total', 'idle', 'waiting'] as const) this.inc({ pool: pool.name, state }, stats[state]);
    }
  },
});

export interface QueueStats {
  name: string;
  queuedCount: number;
  activeCount: number;
  failedCount: number;
}
const queueSources = new Set<() => Promise<QueueStats[]>>();
new Gauge({
  name: 'portal_job_queue_jobs',
  help: 'Jobs per pg-boss queue (a job name, or <job>-failed for its dead letters) and state: queued (waiting or deferred), active, failed (kept by the retention)',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const source of queueSources) {
      const queues = await source().catch(() => []);
      for (const queue of queues) {
        this.set({ queue: queue.name, state: 'queued' }, queue.queuedCount);
        this.set({ queue: queue.name, state: 'active' }, queue.activeCount);
        this.set({ queue: queue.name, state: 'failed' }, queue.failedCount);
      }
    }
  },
});

let defaultMetrics = false;

export const metrics = {
  httpRequest(labels: { method: string; route: string; status: number }, seconds: number) {
    httpDuration.observe({ method: labels.method, route: labels.route, status: String(labels.status) }, seconds);
  },
  externalCall(service: string, status: string | number, seconds: number) {
    externalDuration.observe({ service, status: String(status) }, seconds);
  },
  jobFailed(job: string) {
    jobFailures.inc({ job });
  },
  jobDeadLettered(job: string) {
    jobDeadLetters.inc({ job });
  },
  businessEvent(event: BusinessEvent, count = 1) {
    if (count > 0) businessEvents.inc({ event }, count);
  },
  activityRecorded(type: ActivityType) {
    const event = BUSINESS_EVENT_OF_ACTIVITY[type];
    if (event) businessEvents.inc({ event });
  },
  /** Reports a pool's connections on every scrape; the answer stops reporting it (when the pool closes). */
  watchPool(name: string, stats: () => PoolStats): () => void {
    const entry = { name, stats };
    pools.add(entry);
    return () => pools.delete(entry);
  },
  /** Reports the job queues on every scrape; the answer stops it (when the job runner stops). */
  watchQueues(source: () => Promise<QueueStats[]>): () => void {
    queueSources.add(source);
    return () => queueSources.delete(source);
  },
  /** Node's process metrics (CPU, memory, event loop lag, GC), once the metrics port is served. */
  withProcessMetrics() {
    if (defaultMetrics) return;
    defaultMetrics = true;
    collectDefaultMetrics({ register: registry });
  },
};
