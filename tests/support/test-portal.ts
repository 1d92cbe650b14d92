import type { Server } from 'node:http';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Knex } from 'knex';
import { loadConfig, type Config } from '../../bff/config.ts';
import { createKnex } from '../../bff/db/knex.ts';
import { createOidcIdentityProvider } from '../../bff/adapters/oidc-identity-provider.ts';
import { createHttpManagementService } from '../../bff/adapters/management-service.http.ts';
import { createSmtpMailer } from '../../bff/adapters/smtp-mailer.ts';
import { createStrapiContentSource } from '../../bff/adapters/strapi-content.ts';
import { createHttpIotCloud } from '../../bff/adapters/iot-cloud.http.ts';
import { createLogger } from '../../bff/logger.ts';
import { createApp, type PageHandler } from '../../bff/http/app.ts';
import { startSandbox } from '../../sandbox/server.ts';
import { freePort } from './ports.ts';

/**
 * The portal's Express app on a free port, wired to a real PostgreSQL (the test setup's) and a real sandbox
 * identity provider and SMTP server. Pages are answered by a stand-in for Astro's handler that echoes the locals,
 * so BFF behaviour (guard, sessions, logging) is tested without a site build; the real pages are covered end to end.
 */
export async function startTestPortal(options: {
  databaseUrl: string;
  env?: Record<string, string>;
  /** Receives every log line the portal writes (all levels), e.g. to prove codes never reach a log. */
  logLines?: string[];
}) {
  const [port, sandboxPort, smtpPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    SMTP_PORT: String(smtpPort),
    DATABASE_URL: options.databaseUrl,
    ...options.env,
  });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kundenportal-sandbox-'));
  const sandbox = await startSandbox(config, { dataDir, log: () => {} });

  const knex: Knex = createKnex(options.databaseUrl);
  const sessionPool = new pg.Pool({ connectionString: options.databaseUrl, max: 3 });
  const echoPage: PageHandler = (req, res, _next, locals) => {
    res.json({ page: req.path, locals });
  };
  const { app, stopAccepting } = createApp({
    config,
    knex,
    sessionPool,
    identityProvider: createOidcIdentityProvider({
      issuer: config.oidcIssuer,
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.oidcClientSecret,
      allowInsecureRequests: true,
    }),
    management: createHttpManagementService({
      baseUrl: config.managementApiUrl,
      token: config.MANAGEMENT_API_TOKEN,
      timeoutMs: 3000,
    }),
    mailer: createSmtpMailer({ host: 'localhost', port: sandbox.smtpPort, secure: false, from: config.MAIL_FROM }),
    content: createStrapiContentSource({ baseUrl: config.strapiUrl, timeoutMs: 2000 }),
    iot: createHttpIotCloud({ baseUrl: config.iotApiUrl, apiKey: config.IOT_API_KEY, timeoutMs: config.IOT_TIMEOUT_MS }),
    logger: options.logLines ? createLogger('debug', (_level, line) => options.logLines?.push(line)) : createLogger('error'),
    pageHandler: echoPage,
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(port, 'localhost', () => resolve(s));
  });

  return {
    config,
    knex,
    url: config.publicUrl,
    sandboxUrl: config.sandboxUrl,
    managementApiUrl: config.managementApiUrl,
    stopAccepting,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await Promise.allSettled([knex.destroy(), sessionPool.end(), sandbox.close()]);
    },
  };
}
