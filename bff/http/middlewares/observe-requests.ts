import type { Request, RequestHandler, Response } from 'express';
import type { RouteTable } from '../../contracts/routes.ts';
import type { Logger } from '../../logger.ts';
import { requestIdFrom, runInContext, tagSpan, traceFields, type WorkContext } from '../../observability/context.ts';
import { metrics } from '../../observability/metrics.ts';
import { RequestCost } from '../../observability/request-cost.ts';

const ROUTE = Symbol('route');
const PAGES = Symbol('pages');
type Observed = { [ROUTE]?: string; [PAGES]?: RouteTable };

/** Probes of the load balancer and the launcher: every few seconds, so their access lines are debug only. */
const PROBES = new Set(['/healthz', '/readyz']);

/** Names the route of an answer no router matched (e.g. `static` for the built site's files). */
export function nameRoute(res: Response, name: string) {
  (res.req as Request & Observed)[ROUTE] = name;
}

/**
 * Remembers the full pattern of the route that answers: the router assigns `req.route` the moment a route matches,
 * while `req.baseUrl` is still the mount path of that router (it is reset when an error unwinds the routers).
 */
function captureRoute(req: Request & Observed) {
  let route: unknown;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: { path?: unknown } | undefined) {
      route = value;
      if (value?.path !== undefined) req[ROUTE] = `${req.baseUrl}${String(value.path)}`;
    },
  });
}

/**
 * The route label of a request: the matched route's pattern, the page's pattern from the route table, a name given
 * with `nameRoute`, or `unmatched`. Never the raw path: ids and tokens stay out of logs and metric labels.
 */
export function routeLabel(req: Request): string {
  // The address asked for: an error page is rendered in place by rewriting req.url (bff/http/app.ts).
  const observed = req as Request & Observed;
  return observed[ROUTE] ?? observed[PAGES]?.routeOf(req.originalUrl.split('?')[0] ?? '/')?.path ?? 'unmatched';
}

/** Statuses that have no body, so no chunks and no trailer. */
const BODILESS = new Set([204, 304]);

/**
 * `Server-Timing` (docs/observability.md): the request's time, SQL statements and external calls so far, in the
 * response head. An answer built before it is sent (JSON, a redirect) is complete there; a page streams, and its layout
 * works after the head is written, so a streamed (chunked) answer repeats the header as a trailer with the whole
 * answer's figures.
 */
function reportCost(req: Request, res: Response, cost: RequestCost) {
  let trailer = false;
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => Response;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (!res.headersSent) {
      res.setHeader('Server-Timing', cost.serverTiming());
      const headers = rest.find((arg): arg is Record<string, unknown> => typeof arg === 'object' && arg !== null && !Array.isArray(arg));
      const length = res.hasHeader('content-length') || Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'content-length');
      trailer = !length && req.method !== 'HEAD' && !BODILESS.has(status) && req.httpVersion !== '1.0';
      if (trailer) res.setHeader('Trailer', 'Server-Timing');
    }
    return writeHead(status, ...rest);
  }) as Response['writeHead'];
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((...args: unknown[]) => {
    if (trailer) res.addTrailers({ 'Server-Timing': cost.serverTiming() });
    return end(...args);
  }) as Response['end'];
}

/**
 * The first middleware (docs/observability.md "Logs"): takes the request id from `X-Request-Id` (nginx's) when sane
 * or makes one, echoes it in the response, runs the rest of the request in its context (log lines and vendor calls
 * carry it), reports its cost in `Server-Timing`, and when the response is done writes one access line (method, route,
 * status, duration) and the latency metric.
 */
export function observeRequests(logger: Logger, routes: RouteTable): RequestHandler {
  return (req, res, next) => {
    const observed = req as Request & Observed;
    // The page patterns for `routeLabel`, which the error handlers call with the request alone.
    observed[PAGES] = routes;
    const started = performance.now();
    const cost = new RequestCost();
    const work: WorkContext = { requestId: requestIdFrom(req.headers['x-request-id']), cost };
    res.setHeader('X-Request-Id', work.requestId);
    reportCost(req, res, cost);
    captureRoute(observed);
    const traced = traceFields();
    if (traced) tagSpan(work.requestId);
    res.once('close', () => {
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      const route = routeLabel(observed);
      metrics.httpRequest({ method: req.method, route, status: res.statusCode }, durationMs / 1000);
      const fields = {
        method: req.method,
        route,
        status: res.statusCode,
        durationMs,
        ...(res.writableFinished ? {} : { aborted: true }),
        ...traced,
      };
      runInContext(work, () => (PROBES.has(req.path) ? logger.debug('request', fields) : logger.info('request', fields)));
    });
    runInContext(work, next);
  };
}

