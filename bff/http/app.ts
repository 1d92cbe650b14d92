import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type pg from 'pg';
import type { Config } from '../config.ts';
import { APP_API_BASE, INTERNAL_API_BASE } from '../contracts/http.ts';
import { AUTH_BASE, type Language } from '../contracts/auth.ts';
import type { PortalLocals, PortalServices } from '../contracts/page-services.ts';
import type { RouteTable } from '../contracts/routes.ts';
import { createRequestContext, type RequestContext } from '../domain/request-context.ts';
import type { Logger } from '../logger.ts';
import { compressResponses, staticFiles } from './middlewares/compression.ts';
import { requireCsrfProtection } from './middlewares/csrf.ts';
import { apiNotFound, errorHandler } from './middlewares/error-handler.ts';
import { language } from './middlewares/language.ts';
import { readConsent } from './middlewares/consent.ts';
import { extendPageCsp, signedInFormTargets } from './middlewares/page-csp.ts';
import { standardStatusText } from './middlewares/status-text.ts';
import { wholePage } from './middlewares/whole-page.ts';
import { pageGuard } from './middlewares/page-guard.ts';
import { publicPageCache } from './middlewares/public-page-cache.ts';
import { projectLinkCheck } from './middlewares/project-link-check.ts';
import { logPageVisits } from './middlewares/page-visits.ts';
import { requireCustomer, requireSignedIn } from './middlewares/require-customer.ts';
import { noStoreWhenSignedIn, securityHeaders } from './middlewares/security-headers.ts';
import { observeRequests } from './middlewares/observe-requests.ts';
import { mountsOf as mountedAt, type Mount, type MountBase } from './mounts.ts';
import type { RouteDeps, Services } from './route-deps.ts';
import { opsRoutes } from './routes/ops.routes.ts';
import { announceSpeculationRules } from './routes/speculation-rules.routes.ts';
import { takeFormFlash } from './form-flash.ts';
import { countDataVersion, createSessionMiddleware } from './session.ts';

/** Astro's node-adapter handler in middleware mode: renders the page with the given locals. */
export type PageHandler = (req: Request, res: Response, next: NextFunction, locals: PortalLocals) => unknown;

export interface AppDeps {
  config: Config;
  services: Services;
  /** The routers with their mount bases, derived from the capability list (bff/composition/capabilities.ts). */
  mounts: readonly Mount[];
  /** Every capability's pages (derived from the capability list): the page middlewares and the site read it. */
  routes: RouteTable;
  /** The page services bound to one request (derived from the capability list, bff/composition/capability.ts). */
  pageServices: (ctx: RequestContext) => PortalServices;
  /** Keeps a signed-in customer's language choice with the account. */
  rememberLanguage: (userId: string, lang: Language) => Promise<void>;
  /** The CMS content's version, part of the public pages' cache key. */
  contentVersion: () => number;
  logger: Logger;
  /** Pool for the session store; separate from knex's so session reads never queue behind slow queries. */
  sessionPool: pg.Pool;
  /** Resolves when the database answers (readiness). */
  databaseReachable: () => Promise<boolean>;
  /** Folder of the built site's static files (dist/client); absent in API-only tests. */
  staticDir?: string;
  pageHandler: PageHandler;
}

/**
 * The portal's Express app: the middleware order and nothing capability-specific (routers come from the mount table
 * in ./mounts.ts, page services from bff/composition). Never listens (docs/architecture.md, Conventions): bff/server.ts owns the
 * port and shutdown; tests listen on port 0.
 */
export function createApp(deps: AppDeps) {
  const { config, services, logger } = deps;
  const secureCookies = config.publicUrl.startsWith('https://');
  const { routes } = deps;
  const routeDeps: RouteDeps = { services, config, logger, routes };
  const mountsOf = (base: MountBase, routes: RouteDeps) => mountedAt(deps.mounts, base, routes);
  let accepting = true;

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY ? 1 : false);
  // Request id, access log and latency metric for every answer, the probes' too (docs/observability.md).
  app.use(observeRequests(logger, routes));

  if (config.INSTANCE_NAME) {
    const name = config.INSTANCE_NAME;
    // Which instance answered (several behind a proxy; docs/two-instances.md).
    app.use((_req, res, next) => {
      res.set('X-Portal-Instance', name);
      next();
    });
  }
  app.use(opsRoutes({ accepting: () => accepting, databaseReachable: deps.databaseReachable }));
  app.use(securityHeaders({ hsts: secureCookies }));
  // Dynamic answers (pages, JSON, CSV) compressed with brotli or gzip (Vary: Accept-Encoding); answers that already
  // carry a Content-Encoding (the precompressed assets below) pass untouched.
  app.use(compressResponses());
  if (deps.staticDir) app.use(staticFiles(deps.staticDir));
  app.use(mountsOf('assets', routeDeps));
  app.use(readConsent);
  app.use(
    createSessionMiddleware({
      pool: deps.sessionPool,
      secret: config.sessionSecret,
      secureCookies,
      idleMinutes: config.SESSION_IDLE_MINUTES,
      absoluteHours: config.SESSION_ABSOLUTE_HOURS,
      onSweepError: (error) => logger.warn('form flash sweep failed', { error }),
    }),
  );
  app.use(noStoreWhenSignedIn);
  app.use(countDataVersion);
  // After the session: a signed-in customer's language choice is kept with the account (mails follow it).
  app.use(language({ secureCookies, remember: deps.rememberLanguage }));

  const api = express.Router();
  // The raw body is kept for the machine callers' HMAC checks (e-signature and management webhooks).
  api.use(express.json({ limit: '100kb', verify: (req, _res, buffer) => ((req as unknown as { rawBody?: Buffer }).rawBody = buffer) }));
  api.use(mountsOf('machine', routeDeps));
  api.use(requireCsrfProtection(new URL(config.publicUrl).origin));
  const below = (base: string) => base.replace(/^\/api/, '');
  api.use(mountsOf('public', routeDeps));
  api.use(below(AUTH_BASE), mountsOf('auth', routeDeps));
  api.use(below(APP_API_BASE), mountsOf('capability', routeDeps));
  api.use(below(INTERNAL_API_BASE), requireSignedIn, mountsOf('account', routeDeps));
  api.use(below(APP_API_BASE), requireCustomer, mountsOf('app', routeDeps));
  api.use(below(INTERNAL_API_BASE), requireCustomer, mountsOf('internal', routeDeps));
  api.use(apiNotFound);
  app.use('/api', api);

  // One set of page locals per request (res.locals): every step that asks the page services shares the request memo.
  const localsOf = (req: Request, res: Response): PortalLocals => {
    const known = res.locals.portal as PortalLocals | undefined;
    if (known) return known;
    const user = req.session?.user ?? null;
    const ctx = createRequestContext(user, req.session?.currentProjectId, req.language, req.session?.dataVersion);
    const locals: PortalLocals = {
      user,
      lang: req.language,
      consent: req.consent,
      loginUrl: config.LOGIN_URL,
      replayScriptUrl: config.replayScriptUrl,
      routes,
      services: deps.pageServices(ctx),
      // Taken once, by the view of the page a refused plain form went back to that shows it (./form-flash.ts).
      formFlash: takeFormFlash(req, res),
    };
    res.locals.portal = locals;
    return locals;
  };
  app.use(announceSpeculationRules);
  app.use(pageGuard(config.LOGIN_URL, routes));
  app.use(projectLinkCheck({ enabled: config.PROJECT_LINK_CHECK, routes, localsOf }));
  app.use(logPageVisits(services.activity, logger, routes));
  app.use(publicPageCache({ contentVersion: deps.contentVersion, routes }));
  const formTargets = signedInFormTargets(config);
  const replayOrigin = new URL(config.replayScriptUrl).origin;
  const renderPage: RequestHandler = (req, res, next) => {
    standardStatusText(res);
    // Signed in, forms answer with a 303 to another origin (browsers check form-action on those redirects).
    if (req.session?.user) for (const origin of formTargets) extendPageCsp(res, 'form-action', origin);
    // The session-replay vendor's script and its ingest, only with that consent (docs/consent.md).
    if (req.consent?.sessionReplay) {
      extendPageCsp(res, 'script-src', replayOrigin);
      extendPageCsp(res, 'connect-src', replayOrigin);
    }
    wholePage(res);
    return deps.pageHandler(req, res, next, localsOf(req, res));
  };
  app.use(renderPage);
  // The portal's German error pages (site/pages/400, 404, 500), rendered in place with their status. A failing page
  // passes its address to the 500 page for "Neu laden".
  const renderErrorPage = (req: Request, res: Response, status: number) => {
    const page = status === 404 ? '/404' : status < 500 ? '/400' : `/500?from=${encodeURIComponent(req.originalUrl)}`;
    const fallback = () => res.status(status).type('text').send(status === 404 ? 'Seite nicht gefunden' : 'Fehler');
    req.method = 'GET';
    req.url = page;
    res.status(status);
    standardStatusText(res);
    return deps.pageHandler(req, res, fallback, localsOf(req, res));
  };
  // In middleware mode Astro hands unknown paths to next(): every method gets the German 404 page, never Express's
  // English "Cannot POST".
  app.use((req, res) => renderErrorPage(req, res, 404));
  app.use(errorHandler(logger, renderErrorPage));

  return {
    app,
    /** Readiness turns 503 so the load balancer drains this instance (graceful shutdown). */
    stopAccepting() {
      accepting = false;
    },
  };
}
