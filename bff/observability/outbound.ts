import { costStarted, outboundRequestId } from './context.ts';
import { metrics } from './metrics.ts';

/** How a failed call without an answer is labelled: its timeout, or any other failure (refused, reset, DNS). */
function failureStatus(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: unknown } | null)?.code;
  // fetch's AbortSignal.timeout and our own abort; nodemailer's connection, greeting and socket timeouts.
  return name === 'TimeoutError' || name === 'AbortError' || code === 'ETIMEDOUT' ? 'timeout' : 'error';
}

/**
 * `fetch` for calls to an external service (docs/observability.md): carries the work's `X-Request-Id` (unless the
 * caller set one), records the call by service, status and time to the answer's head, and counts it in the request's
 * `Server-Timing` (`up`). Every adapter's HTTP call goes through it (the shared JSON client, its streams and uploads,
 * openid-client's requests).
 */
export function observedFetch(service: string) {
  return async (url: string | URL, init: RequestInit = {}): Promise<Response> => {
    const requestId = outboundRequestId();
    let options = init;
    if (requestId) {
      const headers = new Headers(init.headers);
      if (!headers.has('x-request-id')) headers.set('x-request-id', requestId);
      options = { ...init, headers };
    }
    const started = performance.now();
    const ended = costStarted('up');
    try {
      const response = await fetch(url, options);
      metrics.externalCall(service, response.status, (performance.now() - started) / 1000);
      return response;
    } catch (error) {
      metrics.externalCall(service, failureStatus(error), (performance.now() - started) / 1000);
      throw error;
    } finally {
      ended?.();
    }
  };
}

/** Records one call of a service that is not HTTP (SMTP): its outcome and duration. */
export async function observedCall<T>(service: string, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const ended = costStarted('up');
  try {
    const result = await call();
    metrics.externalCall(service, 'ok', (performance.now() - started) / 1000);
    return result;
  } catch (error) {
    metrics.externalCall(service, failureStatus(error), (performance.now() - started) / 1000);
    throw error;
  } finally {
    ended?.();
  }
}
