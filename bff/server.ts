import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { ConfigError, loadConfig } from './config.ts';
import { createKnex, migrateLatest } from './db/knex.ts';
import { createOidcIdentityProvider } from './adapters/oidc-identity-provider.ts';
import { createHttpManagementService } from './adapters/management-service.http.ts';
import { createSmtpMailer } from './adapters/smtp-mailer.ts';
import { createStrapiContentSource } from './adapters/strapi-content.ts';
import { createHttpIotCloud } from './adapters/iot-cloud.http.ts';
import { createApp, type PageHandler } from './http/app.ts';
import { createLogger } from './logger.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHUTDOWN_GRACE_MS = 10_000;
/** In production the load balancer needs a moment to see readiness 503 before the listener closes. */
const DRAIN_MS_PRODUCTION = 5_000;

/**
 * The portal process: Express BFF + Astro's SSR handler on one port. Owns the port, migrations at start and the
 * graceful shutdown (CONVENTIONS.md §2): on SIGTERM readiness turns 503, in-flight requests finish, pools close, exit 0.
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
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

  const knex = createKnex(config.databaseUrl);
  const applied = await migrateLatest(knex);
  if (applied.length > 0) logger.info('migrations applied', { migrations: applied });
  const sessionPool = new pg.Pool({ connectionString: config.databaseUrl, max: 5 });

  const { app, stopAccepting } = createApp({
    config,
    knex,
    sessionPool,
    identityProvider: createOidcIdentityProvider({
      issuer: config.oidcIssuer,
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.oidcClientSecret,
      allowInsecureRequests: !config.isProduction && config.oidcIssuer.startsWith('http://'),
    }),
    management: createHttpManagementService({ baseUrl: config.managementApiUrl, token: config.MANAGEMENT_API_TOKEN }),
    mailer: createSmtpMailer({
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: config.SMTP_SECURE,
      user: config.SMTP_USER,
      password: config.SMTP_PASSWORD,
      from: config.MAIL_FROM,
    }),
    content: createStrapiContentSource({ baseUrl: config.strapiUrl }),
    iot: createHttpIotCloud({ baseUrl: config.iotApiUrl, apiKey: config.IOT_API_KEY, timeoutMs: config.IOT_TIMEOUT_MS }),
    logger,
    staticDir: path.join(root, 'dist/client'),
    pageHandler: handler,
  });

  const server = app.listen(config.PORT, config.HOST, () => {
    logger.info(`portal listening on ${config.publicUrl}`);
  });

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
      await Promise.allSettled([knex.destroy(), sessionPool.end()]);
      logger.info('portal stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

await main();
