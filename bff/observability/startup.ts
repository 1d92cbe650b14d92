import type { Server } from 'node:net';
import v8 from 'node:v8';
import pg from 'pg';
import type { Logger } from '../logger.ts';

/** A start that cannot go on: bff/server.ts logs the message and exits 1 (docs/observability.md "Fail loudly"). */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/**
 * How far V8 lets the heap grow beyond what survived its last full collection (`HEAP_GROWING_PERCENT`, docs/performance.md
 * "Memory"); 0 leaves V8's own factor. NODE_OPTIONS cannot carry this V8 flag, so the process sets it itself at start;
 * V8 reads it at every collection.
 */
export function limitHeapGrowth(percent: number, setFlags: (flags: string) => void = v8.setFlagsFromString): void {
  if (percent > 0) setFlags(`--heap-growing-percent=${percent}`);
}

/** Errors worth another try while the database starts (connection refused or reset, DNS not ready, "starting up"). */
const TRANSIENT = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', '57P03']);

/** Host, port and database of a connection string, never its user or password. */
export function describeDatabase(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return '(unlesbare DATABASE_URL)';
  }
}

/**
 * Waits until the database answers `select 1`, for at most `seconds` (a database still starting next to the portal),
 * and throws a StartupError naming host, port and the reason otherwise. Wrong credentials or a missing database fail
 * at once: waiting does not fix them.
 */
export async function waitForDatabase(databaseUrl: string, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const transient = typeof code === 'string' ? TRANSIENT.has(code) : true;
      if (!transient || Date.now() >= deadline) {
        const reason = error instanceof Error ? error.message : String(error);
        const waited = transient ? ` (${seconds} s gewartet)` : '';
        throw new StartupError(`Die Datenbank ${describeDatabase(databaseUrl)} ist nicht erreichbar${waited}: ${reason}. Start abgebrochen.`, { cause: error });
      }
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Listens and resolves once the port is bound; a port in use or not allowed rejects with a StartupError (Express 5's
 * `app.listen` passes that error to its callback, which used to log "listening" and stay up without a port).
 */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      const why =
        error.code === 'EADDRINUSE'
          ? `Port ${port} auf ${host} ist schon belegt (läuft dort ein anderer Prozess?)`
          : error.code === 'EACCES'
            ? `Keine Berechtigung für Port ${port} auf ${host}`
            : `Port ${port} auf ${host} lässt sich nicht öffnen: ${error.message}`;
      reject(new StartupError(`${why}. Start abgebrochen.`, { cause: error }));
    };
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

/**
 * The end of a start that failed: one error line (the reason as the message, the cause with its stack) and exit
 * code 1, so a supervisor or orchestrator sees the failure instead of a process that runs without serving.
 */
export function exitOnStartFailure(logger: Logger) {
  return (error: unknown): never => {
    if (error instanceof StartupError) logger.error(error.message, { error: error.cause });
    else logger.error('Start fehlgeschlagen', { error });
    process.exit(1);
  };
}
