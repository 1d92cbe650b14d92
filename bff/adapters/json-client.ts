import type { z } from 'zod';
import type { ServiceEndpoint } from '../config.ts';
import { upstreamUnavailable } from '../domain/errors.ts';
import { observedFetch } from '../observability/outbound.ts';

export interface JsonRequest<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as the JSON body. */
  json?: unknown;
  /** Extra request headers (e.g. the browser's User-Agent for analytics). */
  headers?: Record<string, string>;
  /** The answer's schema; without one the body is not read (e.g. 204). */
  schema?: S;
  /** Answer null instead of failing when the service says 404 (an unknown id is no outage). */
  nullOn404?: boolean;
  /**
   * Statuses that are an answer, not an outage (e.g. a vendor's 409 "not possible now"): the error to throw, built
   * from the vendor's `detail` if it sent one.
   */
  errorOn?: Record<number, (detail: string | undefined) => Error>;
}

type Answer<S extends z.ZodType | undefined> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * The one HTTP client of the adapters (docs/architecture.md): base URL, the service's credential header and timeout from
 * `config.services.<name>`, answers checked against a schema. Whatever goes wrong — no connection, the timeout, a
 * non-2xx status, a body that is not JSON or does not match — becomes UPSTREAM.UNAVAILABLE naming the service, with
 * the details as `cause` (logged, never sent). Every call carries the work's `X-Request-Id` and is measured by service
 * and status (docs/observability.md).
 */
export function createJsonClient(endpoint: ServiceEndpoint) {
  // Shadows the global on purpose: no call below can skip the request id and the measurement.
  const fetch = observedFetch(endpoint.name);
  async function send(method: string, path: string, json: unknown, extra: Record<string, string> = {}): Promise<Response> {
    try {
      return await fetch(`${endpoint.url}${path}`, {
        method,
        headers: { ...extra, ...endpoint.headers, accept: 'application/json', ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
        signal: AbortSignal.timeout(endpoint.timeoutMs),
      });
    } catch (cause) {
      throw upstreamUnavailable(endpoint, cause);
    }
  }

  async function request<S extends z.ZodType | undefined = undefined>(
    path: string,
    options: JsonRequest<S> & { nullOn404: true },
  ): Promise<Answer<S> | null>;
  async function request<S extends z.ZodType | undefined = undefined>(path: string, options?: JsonRequest<S>): Promise<Answer<S>>;
  async function request<S extends z.ZodType | undefined>(path: string, options: JsonRequest<S> = {}): Promise<Answer<S> | null> {
    const method = options.method ?? 'GET';
    const response = await send(method, path, options.json, options.headers);
    if (options.nullOn404 && response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    const known = options.errorOn?.[response.status];
    if (known) {
      const detail = await response.json().then(
        (body: unknown) => ((body as { detail?: unknown } | null)?.detail ?? undefined) as string | undefined,
        () => undefined,
      );
      throw known(typeof detail === 'string' ? detail : undefined);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw upstreamUnavailable(endpoint, new Error(`${method} ${path} answered ${response.status}`));
    }
    if (!options.schema) {
      await response.body?.cancel();
      return undefined as Answer<S>;
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (cause) {
      throw upstreamUnavailable(endpoint, cause);
    }
    const parsed = options.schema.safeParse(body);
    if (!parsed.success) throw upstreamUnavailable(endpoint, parsed.error);
    return parsed.data as Answer<S>;
  }

  return {
    request,
    get: <S extends z.ZodType>(path: string, schema: S) => request(path, { schema }),
    /**
     * The raw response of a GET (for streamed files); rejects like every other call, incl. on a non-2xx status other
     * than 404. The timeout covers the answer's head only: a large file may take longer to pass through. With
     * `redirect: 'manual'` a redirect is not followed and counts as no file (null).
     */
    async stream(path: string, headers: Record<string, string> = {}, options: { redirect?: 'follow' | 'manual' } = {}): Promise<Response | null> {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error(`no answer within ${endpoint.timeoutMs} ms`)), endpoint.timeoutMs);
      let response: Response;
      try {
        response = await fetch(`${endpoint.url}${path}`, { headers: { ...headers, ...endpoint.headers }, signal: controller.signal, redirect: options.redirect ?? 'follow' });
      } catch (cause) {
        throw upstreamUnavailable(endpoint, cause);
      } finally {
        clearTimeout(timer);
      }
      if (response.status === 404 || (options.redirect === 'manual' && response.status >= 300 && response.status < 400)) {
        await response.body?.cancel();
        return null;
      }
      // 416: the range asked for lies outside the file; an answer for the browser, not an outage.
      if (!response.ok && response.status !== 416) {
        await response.body?.cancel();
        throw upstreamUnavailable(endpoint, new Error(`GET ${path} answered ${response.status}`));
      }
      return response;
    },

    /**
     * Sends a file as the raw body (streamed from its Blob, e.g. a file on disk) and reads a JSON answer like
     * `request`; null on 404 when asked. Uploads get the service's timeout for the whole transfer.
     */
    async upload<S extends z.ZodType | undefined>(
      path: string,
      file: { body: Blob; contentType: string },
      options: { method?: 'POST' | 'PUT'; schema?: S; nullOn404?: boolean } = {},
    ): Promise<Answer<S> | null> {
      let response: Response;
      try {
        response = await fetch(`${endpoint.url}${path}`, {
          method: options.method ?? 'POST',
          headers: { ...endpoint.headers, accept: 'application/json', 'content-type': file.contentType, 'content-length': String(file.body.size) },
          body: file.body,
          signal: AbortSignal.timeout(endpoint.timeoutMs),
        });
      } catch (cause) {
        throw upstreamUnavailable(endpoint, cause);
      }
      if (options.nullOn404 && response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw upstreamUnavailable(endpoint, new Error(`upload ${path} answered ${response.status}`));
      }
      if (!options.schema) {
        await response.body?.cancel();
        return undefined as Answer<S>;
      }
      const parsed = options.schema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw upstreamUnavailable(endpoint, parsed.error);
      return parsed.data as Answer<S>;
    },
  };
}

export type JsonClient = ReturnType<typeof createJsonClient>;
