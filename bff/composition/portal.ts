import pg from 'pg';
import type { Config } from '../config.ts';
import { createKnex, pendingMigrations } from '../db/knex.ts';
import { createApp, type PageHandler } from '../http/app.ts';
import type { Logger } from '../logger.ts';
import { buildAdapters, type Adapters } from './adapters.ts';
import { buildServices } from './services.ts';

export interface PortalOptions {
  config: Config;
  databaseUrl: string;
  logger: Logger;
  pageHandler: PageHandler;
  staticDir?: string;
  /** Tests: stand-ins of their own for single adapters. */
  adapterOverrides?: Partial<Adapters>;
  /** Connections of the session store's pool. */
  sessionPoolSize?: number;
}

/**
 * The whole portal process minus the listener: database pools, adapters, domain services and the Express app.
 * Used by bff/server.ts and by the tests' test portal alike, so both run the same wiring.
 */
export function composePortal(options: PortalOptions) {
  const { config, logger } = options;
  const knex = createKnex(options.databaseUrl);
  const sessionPool = new pg.Pool({ connectionString: options.databaseUrl, max: options.sessionPoolSize ?? 5 });
  const adapters = buildAdapters(config, options.adapterOverrides);
  const services = buildServices({ config, knex, adapters, logger });
  const { app, stopAccepting } = createApp({
    config,
    services,
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
    knex,
    /** Migrations the database lacks (bff/db/migrate.ts applies them before any instance starts). */
    pendingMigrations: () => pendingMigrations(knex),
    /** Closes the database pools. */
    async close() {
      await services.jobs.stop().catch(() => undefined);
      await Promise.allSettled([knex.destroy(), sessionPool.end()]);
    },
  };
}
