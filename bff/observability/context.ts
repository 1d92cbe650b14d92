import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { context, isSpanContextValid, trace } from '@opentelemetry/api';
import type { CostKind, RequestCost } from './request-cost.ts';

/**
 * What a log line and an outbound call know about the work they belong to (docs/observability.md): a request's id, or
 * a job's name and id. Kept in AsyncLocalStorage, so domain code logging through the logger and adapters calling a
 * vendor get it without passing it through every call.
 */
export type WorkContext = { requestId: string; cost?: RequestCost } | { job: string; jobId: string };

const storage = new AsyncLocalStorage<WorkContext>();

/** An `X-Request-Id` we take over from nginx or a caller: 8-128 letters, digits and `._:-` (a UUID, nginx's hex id). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The caller's request id when it is sane, a new UUID otherwise. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}

export function runInContext<T>(work: WorkContext, fn: () => T): T {
  return storage.run(work, fn);
}

/** The id an outbound call carries as `X-Request-Id`: the request's, or the job's (`job:<id>`). */
export function outboundRequestId(): string | undefined {
  const work = storage.getStore();
  if (!work) return undefined;
  return 'requestId' in work ? work.requestId : `job:${work.jobId}`;
}

/**
 * Marks the start of a SQL statement or an external call of the current request, for its `Server-Timing`; answers
 * the function that ends it. Outside a request (a job, start-up) nothing is counted: undefined.
 */
export function costStarted(kind: CostKind): (() => void) | undefined {
  const work = storage.getStore();
  return work && 'cost' in work ? work.cost?.begin(kind) : undefined;
}

/** The active span's trace and span id (only while tracing is on and a span is recording the work). */
export function traceFields(): { traceId: string; spanId: string } | undefined {
  const span = trace.getSpan(context.active());
  if (!span) return undefined;
  const spanContext = span.spanContext();
  return isSpanContextValid(spanContext) ? { traceId: spanContext.traceId, spanId: spanContext.spanId } : undefined;
}

/** The fields every log line gets from the work it belongs to. */
export function contextFields(): Record<string, string> {
  const work = storage.getStore();
  const traced = traceFields();
  if (!work && !traced) return {};
  const ids: Record<string, string> = !work ? {} : 'requestId' in work ? { requestId: work.requestId } : { job: work.job, jobId: work.jobId };
  return { ...ids, ...traced };
}

/** Marks the active span (the incoming request's, while tracing) with the request id, so a trace leads to the logs. */
export function tagSpan(requestId: string) {
  trace.getSpan(context.active())?.setAttribute('http.request.id', requestId);
}

/**
 * Sends the spans still buffered before the process exits (bff/server.ts on shutdown). Without tracing the global
 * provider is the API's no-op, and this does nothing.
 */
export async function shutdownTracing(): Promise<void> {
  const provider = trace.getTracerProvider() as { getDelegate?: () => unknown };
  const delegate = (provider.getDelegate?.() ?? provider) as { shutdown?: () => Promise<void> };
  await delegate.shutdown?.().catch(() => undefined);
}
