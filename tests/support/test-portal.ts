import type { Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Adapters } from '~/bff/composition/adapters.ts';
import { CAPABILITIES } from '~/bff/composition/capabilities.ts';
import { configSlicesOf, type AnyCapability } from '~/bff/composition/capability.ts';
import { composePortal } from '~/bff/composition/portal.ts';
import { loadConfig, type Config } from '~/bff/config.ts';
import type { PageHandler } from '~/bff/http/app.ts';
import { createLogger } from '~/bff/logger.ts';
import { startSandbox } from '~/sandbox/server.ts';
import { freePort } from './ports.ts';

/**
 * The portal's Express app on a free port, wired exactly like bff/server.ts (bff/composition) to a real PostgreSQL
 * (the test setup's) and a real sandbox with every stand-in. Pages are answered by a stand-in for Astro's handler
 * that echoes the locals (and, like Astro, passes paths without a page on), so BFF behaviour (guard, sessions,
 * logging, error pages) is tested without a site build; the real pages are covered end to end.
 */
export async function startTestPortal(options: {
  databaseUrl: string;
  env?: Record<string, string>;
  /** Receives every log line the portal writes (all levels), e.g. to prove codes never reach a log. */
  logLines?: string[];
  /** Like logLines, line by line as they are written (a portal in a child process prints them). */
  onLogLine?: (line: string) => void;
  adapterOverrides?: Partial<Adapters>;
  /** A folder served like the built site's dist/client (static files, precompressed copies). */
  staticDir?: string;
  /** Capabilities after the portal's own, e.g. tests/support/toy-capability/. */
  extraCapabilities?: readonly AnyCapability[];
}) {
  // Every port is the test's own, Strapi's too (nothing listens there: the CMS is down unless a test stubs the content
  // adapter), so a running `npm start` on the default ports never answers a test.
  const [port, sandboxPort, smtpPort, strapiPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    SMTP_PORT: String(smtpPort),
    STRAPI_PORT: String(strapiPort),
    DATABASE_URL: options.databaseUrl,
    MANAGEMENT_TIMEOUT_MS: '3000',
    CMS_TIMEOUT_MS: '2000',
    ...options.env,
  }, configSlicesOf([...CAPABILITIES, ...(options.extraCapabilities ?? [])]));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kundenportal-sandbox-'));
  const sandbox = await startSandbox(config, { dataDir, log: () => {} });

  // Like Astro in middleware mode, it hands paths without a page to next(). Its page shows a kept form (what a page's
  // form does), unless `x-echo-status` plays a page that answers otherwise (503: its service is down, no form).
  const echoPage: PageHandler = async (req, res, next, locals) => {
    const { routes, ...echoed } = locals;
    if (!routes.routeOf(req.path)) return next();
    const layout = await locals.services.layout.view();
    const played = req.get('x-echo-status');
    if (played) res.status(Number(played));
    if (res.statusCode < 400) locals.formFlash?.markShown?.();
    // The route table (the same for every page) is left out of the echo.
    res.json({ page: req.path, locals: { ...echoed, layout } });
  };
  const portal = composePortal({
    config,
    databaseUrl: options.databaseUrl,
    logger:
      options.logLines || options.onLogLine
        ? createLogger('debug', (_level, line) => {
            options.logLines?.push(line);
            options.onLogLine?.(line);
          })
        : createLogger('error'),
    pageHandler: echoPage,
    sessionPoolSize: 3,
    ...(options.adapterOverrides ? { adapterOverrides: options.adapterOverrides } : {}),
    ...(options.staticDir ? { staticDir: options.staticDir } : {}),
    ...(options.extraCapabilities ? { extraCapabilities: options.extraCapabilities } : {}),
  });
  const server: Server = await new Promise((resolve) => {
    const s = portal.app.listen(port, 'localhost', () => resolve(s));
  });

  return {
    config,
    knex: portal.knex,
    /** The Express app, e.g. to list its routes (tests/fuzz). */
    app: portal.app,
    /** The domain services, e.g. the job runner (started only by tests that need it). */
    services: portal.services,
    /** The page services bound to one request, as a page gets them. */
    pageServices: portal.pageServices,
    /** The route table of its capabilities (the portal's and the extra ones), as the middlewares and pages read it. */
    routes: portal.routes,
    url: config.publicUrl,
    sandboxUrl: config.sandboxUrl,
    managementApiUrl: config.services.management.url,
    stopAccepting: portal.stopAccepting,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await Promise.allSettled([portal.close(), sandbox.close()]);
      // The sandbox's state (mails, documents, photos: up to 70 MB) goes with it.
      await rm(dataDir, { recursive: true, force: true });
    },
    /** The sandbox's state, e.g. the identity provider's signing key (`oidc-signing-key.json`); removed by close(). */
    sandboxDataDir: dataDir,
  };
}
