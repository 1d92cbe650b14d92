import express, { type Request, type RequestHandler, type Response, type NextFunction } from 'express';
import type { Knex } from 'knex';
import type pg from 'pg';
import type { Config } from '../config.ts';
import type { PortalLocals } from '../contracts/session.ts';
import { createActivityService } from '../domain/activity/activity.service.ts';
import { createSignIn } from '../domain/auth/sign-in.ts';
import { createActivityLogRepository } from '../db/repositories/activity-log.repository.ts';
import { createUserRepository } from '../db/repositories/user.repository.ts';
import type { IdentityProvider } from '../ports/identity-provider.ts';
import type { Mailer } from '../ports/mailer.ts';
import type { ManagementService } from '../ports/management-service.ts';
import { createCodeHasher } from '../domain/linking/link-code.ts';
import { createLinkingService } from '../domain/linking/linking.service.ts';
import { createProjectAccess } from '../domain/projects/project-access.ts';
import { createLinkCodeRepository } from '../db/repositories/link-code.repository.ts';
import { createMailLogRepository } from '../db/repositories/mail-log.repository.ts';
import { createPgRateLimiter } from '../db/repositories/rate-limiter.ts';
import { APP_API_BASE, INTERNAL_API_BASE } from '../contracts/http.ts';
import { requireCustomer } from './middlewares/require-customer.ts';
import { NotSignedIn } from '../domain/errors.ts';
import type { ContentSource } from '../ports/content-source.ts';
import { createContentCache } from '../domain/help/content-cache.ts';
import { createHelpService } from '../domain/help/help.service.ts';
import { createPgContentCacheStore } from '../db/repositories/content-cache.store.ts';
import { cmsMediaRoutes, cmsWebhookRoutes } from './routes/cms.routes.ts';
import { helpRoutes } from './routes/help.routes.ts';
import type { IotCloud } from '../ports/iot-cloud.ts';
import { createMonitoringService } from '../domain/monitoring/monitoring.service.ts';
import { monitoringRoutes } from './routes/monitoring.routes.ts';
import { linkingRoutes } from './routes/linking.routes.ts';
import { projectsRoutes } from './routes/projects.routes.ts';
import type { Logger } from '../logger.ts';
import { requireCsrfHeader } from './middlewares/csrf.ts';
import { apiNotFound, errorHandler } from './middlewares/error-handler.ts';
import { language } from './middlewares/language.ts';
import { pageGuard } from './middlewares/page-guard.ts';
import { logPageVisits } from './middlewares/page-visits.ts';
import { noStoreWhenSignedIn, securityHeaders } from './middlewares/security-headers.ts';
import { authRoutes } from './routes/auth.routes.ts';
import { opsRoutes } from './routes/ops.routes.ts';
import { createSessionMiddleware, sessionCookieName } from './session.ts';

/** Astro's node-adapter handler in middleware mode: renders the page with the given locals. */
export type PageHandler = (req: Request, res: Response, next: NextFunction, locals: PortalLocals) => unknown;

export interface AppDeps {
  config: Config;
  knex: Knex;
  /** Pool for the session store; separate from knex's so session reads never queue behind slow queries. */
  sessionPool: pg.Pool;
  identityProvider: IdentityProvider;
  management: ManagementService;
  mailer: Mailer;
  content: ContentSource;
  iot: IotCloud;
  logger: Logger;
  /** Folder of the built site's static files (dist/client); absent in API-only tests. */
  staticDir?: string;
  pageHandler: PageHandler;
}

/**
 * Builds the portal's Express app: BFF routes under /api and every page through Astro. Never listens
 * (CONVENTIONS.md §2): bff/server.ts owns the port and shutdown; tests listen on port 0.
 */
export function createApp(deps: AppDeps) {
  const { config, knex, logger } = deps;
  const secureCookies = config.publicUrl.startsWith('https://');
  let accepting = true;

  const activity = createActivityService(createActivityLogRepository(knex));
  const signIn = createSignIn({
    users: createUserRepository(knex),
    activity,
    appMetadataClaim: config.APP_METADATA_CLAIM,
    customerRoleId: config.CUSTOMER_ROLE_ID,
  });
  const projectAccess = createProjectAccess(deps.management);
  const linking = createLinkingService({
    management: deps.management,
    codes: createLinkCodeRepository(knex),
    hasher: createCodeHasher(config.sessionSecret),
    mailer: deps.mailer,
    mailLog: createMailLogRepository(knex),
    activity,
    rateLimiter: createPgRateLimiter(knex),
    publicUrl: config.publicUrl,
  });
  const help = createHelpService({
    content: deps.content,
    cache: createContentCache({
      store: createPgContentCacheStore(knex),
      onBackgroundError: (key, error) => logger.warn('cms content not refreshed; serving the cached copy', { key, error }),
    }),
    projects: projectAccess,
    activity,
  });
  const monitoring = createMonitoringService({ iot: deps.iot, projects: projectAccess });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY ? 1 : false);

  app.use(
    opsRoutes({
      accepting: () => accepting,
      databaseReachable: () =>
        Promise.race([
          knex.raw('select 1').then(() => true),
          new Promise<boolean>((resolve) => setTimeout(resolve, 2000, false)),
        ]).catch(() => false),
    }),
  );
  app.use(securityHeaders({ hsts: secureCookies }));
  if (deps.staticDir) {
    // Hashed build assets never change; everything else in the public folder is revalidated.
    app.use(
      express.static(deps.staticDir, {
        index: false,
        setHeaders: (res, filePath) => {
          if (filePath.includes('/_astro/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
  }
  app.use(cmsMediaRoutes({ strapiUrl: config.strapiUrl }));
  app.use(language({ secureCookies }));
  app.use(
    createSessionMiddleware({
      pool: deps.sessionPool,
      secret: config.sessionSecret,
      secureCookies,
      idleMinutes: config.SESSION_IDLE_MINUTES,
      absoluteHours: config.SESSION_ABSOLUTE_HOURS,
    }),
  );
  app.use(noStoreWhenSignedIn);

  const api = express.Router();
  api.use(express.json({ limit: '100kb' }));
  api.use(requireCsrfHeader);
  api.use(cmsWebhookRoutes({ help, secret: config.CMS_WEBHOOK_SECRET, logger }));
  api.use(
    '/auth',
    authRoutes({
      identityProvider: deps.identityProvider,
      signIn,
      publicUrl: config.publicUrl,
      sessionCookieName: sessionCookieName(secureCookies),
      logger,
    }),
  );
  api.use(APP_API_BASE.replace(/^\/api/, ''), requireCustomer, linkingRoutes(linking));
  api.use(INTERNAL_API_BASE.replace(/^\/api/, ''), requireCustomer, projectsRoutes(projectAccess), helpRoutes(help), monitoringRoutes(monitoring));
  api.use(apiNotFound);
  app.use('/api', api);

  app.use(pageGuard(config.LOGIN_URL));
  app.use(logPageVisits(activity, logger));
  const localsOf = (req: Request): PortalLocals => {
    const user = req.session?.user ?? null;
    return {
      user,
      lang: req.language,
      loginUrl: config.LOGIN_URL,
      services: {
        myProjects: async () =>
          user ? projectAccess.myProjects(user.id, req.session.currentProjectId) : { projects: [], currentProjectId: null },
        help: help.forRequest(user),
        monitoring: {
          installations: async () => (user ? monitoring.installationsOf(user.id, req.session.currentProjectId) : []),
          overview: async (installationId, query) => {
            if (!user) throw new NotSignedIn();
            return monitoring.overview(user.id, installationId, query);
          },
        },
      },
    };
  };
  const renderPage: RequestHandler = (req, res, next) => deps.pageHandler(req, res, next, localsOf(req));
  app.use(renderPage);
  // In middleware mode Astro hands unknown paths to next(); render its German 404 page (status 404) for them.
  const renderNotFound: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    req.url = '/404';
    return deps.pageHandler(req, res, () => res.status(404).type('text').send('Seite nicht gefunden'), localsOf(req));
  };
  app.use(renderNotFound);
  app.use(errorHandler(logger));

  return {
    app,
    /** Readiness turns 503 so the load balancer drains this instance (graceful shutdown). */
    stopAccepting() {
      accepting = false;
    },
  };
}
