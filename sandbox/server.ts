import { realpathSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type ErrorRequestHandler } from 'express';
import { ConfigError, loadConfig, type Config } from '../bff/config.ts';
import { STAND_INS } from './stand-ins.ts';
import type { RunningStandIn, StandIn, StandInContext } from './stand-in-types.ts';

export interface SandboxOptions {
  /** Where stand-ins keep their state (mails, projects, the OIDC signing key); default `${DATA_DIR}/sandbox`. */
  dataDir?: string;
  /** One short line per event; the launcher prefixes it. Default: console.info. */
  log?: (line: string) => void;
  /** Overrides SANDBOX_PORT; 0 lets the OS choose (tests). */
  httpPort?: number;
  /** Other listeners by name, e.g. `{ smtp: 0 }` (overrides SMTP_PORT; 0 lets the OS choose). */
  ports?: Record<string, number>;
  /** Default: every stand-in of sandbox/stand-ins.ts. */
  standIns?: readonly StandIn[];
}

export interface SandboxHandle {
  close(): Promise<void>;
  httpPort: number;
  /** The other ports the stand-ins listen on, by name (e.g. `smtp`). */
  ports: Record<string, number>;
  /** `http://localhost:<httpPort>` */
  url: string;
  /** The OIDC issuer actually served (follows the real port unless OIDC_ISSUER is set). */
  issuer: string;
}

/** The host name in the sandbox's own links (its URL), whatever interface it listens on. */
const HOST = 'localhost';

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Builds the sandbox's HTTP app from started stand-ins; it never listens (docs/architecture.md). */
function createSandboxApp(running: readonly RunningStandIn[], log: (line: string) => void): express.Express {
  const app = express();
  app.disable('x-powered-by');

  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  app.get('/', (_req, res) => {
    res.redirect(302, '/mailbox');
  });

  for (const standIn of running) app.use(standIn.mountPath, standIn.router);

  app.use((_req, res) => {
    res.status(404).json({ code: 'SANDBOX.NOT_FOUND', message: 'Nicht gefunden' });
  });

  const onError: ErrorRequestHandler = (err: unknown, req, res, _next) => {
    const status = (err as { status?: unknown }).status;
    const code = typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
    if (code >= 500) log(`HTTP: ${req.method} ${req.path}: ${(err as Error).message}`);
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

async function closeAll(running: readonly RunningStandIn[]): Promise<void> {
  await Promise.allSettled([...running].reverse().map((standIn) => standIn.close?.()));
}

/**
 * Starts the local stand-ins for external services (sandbox/stand-ins.ts) on one HTTP port (SANDBOX_PORT), plus the
 * listeners some of them need (SMTP), all bound to SANDBOX_HOST (localhost unless the sandbox runs in a container).
 */
export async function startSandbox(config: Config, options: SandboxOptions = {}): Promise<SandboxHandle> {
  const log = options.log ?? ((line: string) => console.info(line));
  const dataDir = options.dataDir ?? path.join(config.DATA_DIR, 'sandbox');

  const server = http.createServer();
  // Node's default 5 s, announced as `Keep-Alive: timeout=5`. Not less: fetch (undici) subtracts a 2 s safety margin
  // from the announced timeout and closes the connection after every response when nothing is left, so 2 s made
  // every BFF call open a new connection (a DNS lookup and a TCP handshake each; docs/architecture.md, toolchain).
  // close() does not wait for idle connections: it closes them (closeIdleConnections below).
  server.keepAliveTimeout = 5_000;
  const httpPort = await listen(server, options.httpPort ?? config.SANDBOX_PORT, config.SANDBOX_HOST);
  const url = `http://${HOST}:${httpPort}`;
  // The issuer must carry the real port when the OS chose it (tests); an explicit OIDC_ISSUER always wins.
  const issuer = config.OIDC_ISSUER ? config.oidcIssuer : `${url}/oidc`;
  const running: RunningStandIn[] = [];
  const context: StandInContext = {
    config,
    issuer,
    url,
    dataDir,
    log,
    port: (name) => options.ports?.[name],
    listening: (name) => running.find((standIn) => standIn.ports?.[name] !== undefined)?.ports?.[name],
  };

  try {
    for (const standIn of options.standIns ?? STAND_INS) running.push(await standIn.start(context));
    server.on('request', createSandboxApp(running, log));
  } catch (err) {
    server.close();
    await closeAll(running);
    throw err;
  }
  const ports = Object.assign({}, ...running.map((standIn) => standIn.ports ?? {})) as Record<string, number>;
  log(`Sandbox: ${url} (${running.flatMap((standIn) => standIn.summary ?? []).join(', ')})`);

  let closing: Promise<void> | undefined;
  return {
    httpPort,
    ports,
    url,
    issuer,
    close() {
      closing ??= (async () => {
        const httpClosed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await Promise.all([httpClosed, closeAll(running)]);
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
