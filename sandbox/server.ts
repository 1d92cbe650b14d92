import { realpathSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type ErrorRequestHandler } from 'express';
import { ConfigError, loadConfig, type Config } from '../bff/config.ts';
import { createIdentity } from './identity/router.ts';
import { createIotRouter } from './iot/router.ts';
import { createMailboxRouter } from './mail/router.ts';
import { startSmtpServer, type SmtpHandle } from './mail/smtp.ts';
import { MailStore } from './mail/store.ts';
import { createManagementRouter } from './management/router.ts';
import { ManagementStore } from './management/store.ts';

export interface SandboxOptions {
  /** Where mails and the OIDC signing key are kept; default `${DATA_DIR}/sandbox`. */
  dataDir?: string;
  /** One short line per event; the launcher prefixes it. Default: console.info. */
  log?: (line: string) => void;
  /** Overrides SANDBOX_PORT; 0 lets the OS choose (tests). */
  httpPort?: number;
  /** Overrides SMTP_PORT; 0 lets the OS choose (tests). */
  smtpPort?: number;
}

export interface SandboxHandle {
  close(): Promise<void>;
  httpPort: number;
  smtpPort: number;
  /** `http://localhost:<httpPort>` */
  url: string;
  /** The OIDC issuer actually served (follows the real port unless OIDC_ISSUER is set). */
  issuer: string;
}

const HOST = 'localhost';

function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Builds the sandbox's HTTP app; it never listens (CONVENTIONS.md §2). */
export async function createSandboxApp(
  config: Config,
  deps: {
    issuer: string;
    dataDir: string;
    store: MailStore;
    management: ManagementStore;
    smtpPort: () => number;
    log: (line: string) => void;
  },
): Promise<express.Express> {
  const app = express();
  app.disable('x-powered-by');

  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  app.get('/', (_req, res) => {
    res.redirect(302, '/mailbox');
  });

  app.use('/mailbox', createMailboxRouter(deps.store, { smtpPort: deps.smtpPort }));
  app.use('/management', createManagementRouter(deps.management, { token: config.MANAGEMENT_API_TOKEN }));
  app.use('/iot', createIotRouter({ apiKey: config.IOT_API_KEY }));

  const identity = await createIdentity(config, { issuer: deps.issuer, dataDir: deps.dataDir, log: deps.log });
  app.use(identity.mountPath || '/', identity.router);

  app.use((_req, res) => {
    res.status(404).json({ code: 'SANDBOX.NOT_FOUND', message: 'Nicht gefunden' });
  });

  const onError: ErrorRequestHandler = (err: unknown, req, res, _next) => {
    const status = (err as { status?: unknown }).status;
    const code = typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
    if (code >= 500) deps.log(`HTTP: ${req.method} ${req.path}: ${(err as Error).message}`);
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(code).json({
      code: code >= 500 ? 'SANDBOX.INTERNAL' : 'SANDBOX.BAD_REQUEST',
      message: code >= 500 ? 'Interner Fehler der Sandbox' : 'Ungültige Anfrage',
    });
  };
  app.use(onError);
  return app;
}

/**
 * Starts the local stand-ins for external services: the OIDC identity provider under `/oidc`, the web mailbox under
 * `/mailbox` (both on SANDBOX_PORT) and the SMTP server on SMTP_PORT, all bound to localhost.
 */
export async function startSandbox(config: Config, options: SandboxOptions = {}): Promise<SandboxHandle> {
  const log = options.log ?? ((line: string) => console.info(line));
  const dataDir = options.dataDir ?? path.join(config.DATA_DIR, 'sandbox');
  const store = await MailStore.open(path.join(dataDir, 'mails.json'), log);
  const management = await ManagementStore.open(path.join(dataDir, 'management.json'), log);

  const smtp: SmtpHandle = await startSmtpServer({
    port: options.smtpPort ?? config.SMTP_PORT,
    host: HOST,
    store,
    log,
  });

  const server = http.createServer();
  // Without a timeout an idle keep-alive connection would delay close() by the default five seconds.
  server.keepAliveTimeout = 2_000;
  let httpPort: number;
  try {
    httpPort = await listen(server, options.httpPort ?? config.SANDBOX_PORT);
  } catch (err) {
    await smtp.close();
    throw err;
  }

  const url = `http://${HOST}:${httpPort}`;
  // The issuer must carry the real port when the OS chose it (tests); an explicit OIDC_ISSUER always wins.
  const issuer = config.OIDC_ISSUER ? config.oidcIssuer : `${url}/oidc`;
  try {
    const app = await createSandboxApp(config, { issuer, dataDir, store, management, smtpPort: () => smtp.port, log });
    server.on('request', app);
  } catch (err) {
    server.close();
    await smtp.close();
    throw err;
  }
  log(`Sandbox: ${url} (OIDC ${issuer}, Postfach ${url}/mailbox), SMTP localhost:${smtp.port}`);

  let closing: Promise<void> | undefined;
  return {
    httpPort,
    smtpPort: smtp.port,
    url,
    issuer,
    close() {
      closing ??= (async () => {
        const httpClosed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await Promise.all([httpClosed, smtp.close()]);
        await Promise.all([store.flush(), management.flush()]);
      })();
      return closing;
    },
  };
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(path.resolve(entry)) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Sandbox startet nicht (invalid configuration).\n${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  let sandbox: SandboxHandle;
  try {
    sandbox = await startSandbox(config);
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { port?: number };
    if (e.code === 'EADDRINUSE') {
      console.error(`Sandbox startet nicht: Port ${e.port ?? ''} ist belegt (SANDBOX_PORT / SMTP_PORT ändern).`);
    } else {
      console.error(`Sandbox startet nicht: ${e.message}`);
    }
    process.exit(1);
  }

  const shutdown = (signal: string) => {
    console.info(`Sandbox: ${signal}, fahre herunter`);
    // A second signal, or a hang, must not keep the process alive.
    process.once('SIGTERM', () => process.exit(1));
    process.once('SIGINT', () => process.exit(1));
    setTimeout(() => process.exit(1), 5_000).unref();
    sandbox.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`Sandbox: Fehler beim Herunterfahren: ${(err as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

if (isEntryPoint()) {
  await main();
}
