import type { Knex } from 'knex';
import pg from 'pg';
import type { Config } from '../config.ts';
import { createKnex, pendingMigrations } from '../db/knex.ts';
import { createApp, type PageHandler } from '../http/app.ts';
import { createSessionRevocation } from '../http/session.ts';
import type { Logger } from '../logger.ts';
import { metrics } from '../observability/metrics.ts';
import { countKnexQueries, countPoolQueries } from '../observability/queries.ts';
import { buildAdapters, type Adapters } from './adapters.ts';
import { buildServices } from './services.ts';
import { buildKernel, composeCapabilities, type AnyCapability } from './capability.ts';
import { CAPABILITIES } from './capabilities.ts';

export interface PortalOptions {
  config: Config;
  databaseUrl: string;
  logger: Logger;
  pageHandler: PageHandler;
  staticDir?: string;
  /** Tests: stand-ins of their own for single adapters. */
  adapterOverrides?: Partial<Adapters>;
  /** Tests: capabilities after the portal's own (e.g. the toy capability that proves the shape, docs/architecture.md). */
  extraCapabilities?: readonly AnyCapability[];
  /** Connections of the session store's pool. */
  sessionPoolSize?: number;
}

/**
 * The whole portal process minus the listener: database pools, adapters, domain services and the Express app.
 * Used by bff/server.ts and by the tests' test portal alike, so both run the same wiring.
 */
export function composePortal(options: PortalOptions) {
  const { config, logger } = options;
  const capabilities = [...CAPABILITIES, ...(options.extraCapabilities ?? [])];
  // Every capability's variables must have been parsed with the kernel's (loadConfig(env, slices)).
  const unloaded = capabilities.filter((capability) => capability.config && !config.slices.includes(capability.config));
  if (unloaded.length > 0) throw new Error(`configuration loaded without the variables of ${unloaded.map((c) => c.name).join(', ')}: loadConfig(env, configSlicesOf(list))`);
  const knex = createKnex(options.databaseUrl);
  const sessionPool = new pg.Pool({ connectionString: options.databaseUrl, max: options.sessionPoolSize ?? 5 });
  // Each request's SQL statements, for its Server-Timing (docs/observability.md).
  countKnexQueries(knex);
  countPoolQueries(sessionPool);
  const adapters = buildAdapters(config, options.adapterOverrides);
  // Ending sessions for good works on the session store's own table and pool (bff/http/session.ts).
  const sessions = createSessionRevocation(sessionPool, { absoluteHours: config.SESSION_ABSOLUTE_HOURS });
  const kernel = buildKernel({ config, knex, adapters, logger, sessions });
  const composed = composeCapabilities(capabilities, kernel);
  const services = buildServices({ kernel, composed });
  const unwatchPools = watchPools(knex, sessionPool);
  const { app, stopAccepting } = createApp({
    config,
    services,
    mounts: composed.mounts,
    routes: composed.routes,
    pageServices: composed.pageServices,
    rememberLanguage: services.rememberLanguage,
    contentVersion: services.help.contentVersion,
    logger,
    sessionPool,
    databaseReachable: () =>
      Promise.race([
        knex.raw('select 1').then(() => true),
        new Promise<boolean>((resolve) => setTimeout(resolve, 2000, false)),
      ]).catch(() => false),
    ...(options.staticDir ? { staticDir: options.staticDir } : {}),
    pageHandler: options.pageHandler,
  });
  return {
    app,
    stopAccepting,
    services,
    /** The page services bound to one request, as a page gets them. */
    pageServices: composed.pageServices,
    /** The route table of this portal's capabilities (the test portal's stand-in page handler asks it). */
    routes: composed.routes,
    knex,
    /** Migrations the database lacks (bff/db/migrate.ts applies them before any instance starts). */
    pendingMigrations: () => pendingMigrations(knex),
    /** Closes the database pools. */
    async close() {
      unwatchPools();
      await services.jobs.stop().catch(() => undefined);
      await Promise.allSettled([knex.destroy(), sessionPool.end()]);
    },
  };
}

/** Both pools' connections on the metrics port (docs/observability.md): total, idle, and requests waiting for one. */
function watchPools(knex: Knex, sessionPool: pg.Pool) {
  type Tarn = { numUsed(): number; numFree(): number; numPendingAcquires(): number };
  const unwatch = [
    metrics.watchPool('knex', () => {
      const tarn = (knex.client as { pool?: Tarn }).pool;
      return tarn ? { total: tarn.numUsed() + tarn.numFree(), idle: tarn.numFree(), waiting: tarn.numPendingAcquires() } : { total: 0, idle: 0, waiting: 0 };
    }),
    metrics.watchPool('session', () => ({ total: sessionPool.totalCount, idle: sessionPool.idleCount, waiting: sessionPool.waitingCount })),
  ];
  return () => unwatch.forEach((stop) => stop());
}
