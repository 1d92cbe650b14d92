import http from 'node:http';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CONFIG_SLICES } from './composition/capabilities.ts';
import { composePortal } from './composition/portal.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { PageHandler } from './http/app.ts';
import { createLogger } from './logger.ts';
import { shutdownTracing } from './observability/context.ts';
import { startMetricsServer } from './observability/metrics-server.ts';
import { exitOnStartFailure, limitHeapGrowth, listen, waitForDatabase } from './observability/startup.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHUTDOWN_GRACE_MS = 10_000;
/** In production the load balancer needs a moment to see readiness 503 before the listener closes. */
const DRAIN_MS_PRODUCTION = 5_000;
/** Idle keep-alive of a connection to the instance (docs/operations.md, "Proxy"). */
const KEEP_ALIVE_MS = 65_000;

/**
 * The portal process: Express BFF + Astro's SSR handler on one port. Owns the port, the schema check at start and the
 * graceful shutdown (docs/architecture.md, Conventions): on SIGTERM readiness turns 503, in-flight requests finish, pools close, exit 0.
 */
async function main() {
  let config;
  try {
    config = loadConfig(process.env, CONFIG_SLICES);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  limitHeapGrowth(config.HEAP_GROWING_PERCENT);
  const logger = createLogger(config.LOG_LEVEL);
  if (!config.databaseUrl) {
    console.error('Ungültige Konfiguration:\n  - DATABASE_URL: fehlt (npm start setzt sie für die eingebettete Datenbank)');
    process.exit(1);
  }

  const entry = path.join(root, 'dist/server/entry.mjs');
  if (!existsSync(entry)) {
    console.error('Die Website ist noch nicht gebaut: bitte `npm run build` (oder `npm start`) ausführen.');
    process.exit(1);
  }
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: PageHandler };
  // Fail loudly (docs/observability.md): no database within DATABASE_WAIT_SECONDS, a port in use: exit 1 with the reason.
  await waitForDatabase(config.databaseUrl, config.DATABASE_WAIT_SECONDS).catch(exitOnStartFailure(logger));

  const portal = composePortal({
    config,
    databaseUrl: config.databaseUrl,
    logger,
    staticDir: path.join(root, 'dist/client'),
    pageHandler: handler,
  });
  // Migrations run once before the instances (bff/db/migrate.ts; docs/operations.md): an instance never races another
  // one over the schema, and refuses to serve on a schema older than its code.
  const pending = await portal.pendingMigrations();
  if (pending.length > 0) {
    console.error(`Die Datenbank ist nicht auf dem Stand dieses Portals; zuerst die Migrationen ausführen (bff/db/migrate.ts). Ausstehend: ${pending.join(', ')}`);
    await portal.close();
    process.exit(1);
  }
  // Scheduled jobs (docs/jobs.md): every instance runs the workers; pg-boss sends each schedule once.
  if (config.JOBS_ENABLED) await portal.services.jobs.start();
  const { app, stopAccepting } = portal;

  const metricsServer = config.METRICS_PORT
    ? await startMetricsServer({ port: config.METRICS_PORT, host: config.METRICS_HOST }).catch(exitOnStartFailure(logger))
    : null;
  const server = http.createServer(app);
  // Longer than any proxy keeps an idle connection to an instance (nginx and cloud load balancers: 60 s), so the
  // instance never closes a connection the proxy is just reusing (a 502); headers must be allowed a little longer still.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  await listen(server, config.PORT, config.HOST).catch(exitOnStartFailure(logger));
  logger.info(`portal listening on ${config.publicUrl}`, metricsServer ? { metrics: `http://${config.METRICS_HOST}:${metricsServer.port}/metrics` } : undefined);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: shutting down`);
    stopAccepting();
    setTimeout(() => closeServer(), config.isProduction ? DRAIN_MS_PRODUCTION : 0);
  };
  const closeServer = () => {
    const force = setTimeout(() => {
      logger.warn('requests still running after grace period; closing them');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      await Promise.all([portal.close(), metricsServer?.close()]);
      await shutdownTracing();
      logger.info('portal stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

// Whatever else stops the start (a migration, the job runner) ends it the same way: one line, exit code 1.
await main().catch((error: unknown) => exitOnStartFailure(createLogger('error'))(error));
