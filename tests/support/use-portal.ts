import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { ownDatabase } from '../setup/own-database.ts';
import { testData, type TestData } from './test-data.ts';
import { startTestPortal } from './test-portal.ts';

export type TestPortal = Awaited<ReturnType<typeof startTestPortal>>;

type StartOptions = Parameters<typeof startTestPortal>[0];

export type UsePortalOptions = Omit<StartOptions, 'databaseUrl'> & {
  /** The test setup's database unless given. */
  databaseUrl?: string;
  /**
   * A database of the file's own (migrated, named after this prefix; tests/setup/own-database.ts) instead, dropped
   * after the portal has closed: for tests that read whole tables or fill caches other files share.
   */
  ownDatabase?: string;
  /**
   * The test data's life: `each` (default) a fresh `data` per test, cleaned up after it; `all` one for the file,
   * cleaned up before the portal closes; `none` no `data` (the file makes its own where it needs any).
   */
  data?: 'each' | 'all' | 'none';
  /**
   * Runs first in beforeAll, for what the portal must know when it starts (a folder of static files, a server standing
   * in for a vendor); its options are added to the others (`env` merged).
   */
  prepare?: () => Promise<Partial<StartOptions>>;
};

/**
 * Stands for a value that exists only once the hooks have run: every property read reaches the current one, so a test
 * file names `portal` and `data` once at its top, like the module variables it used to assign in its hooks.
 */
function current<T extends object>(name: string, get: () => T | undefined): T {
  const target = () => {
    const value = get();
    if (value === undefined) throw new Error(`usePortal: ${name} exists only inside tests and hooks (it is made in beforeAll/beforeEach)`);
    return value;
  };
  // Properties are handed out as they are (not bound): `portal.app` must stay the Express app with its router.
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(target(), key),
    has: (_, key) => Reflect.has(target(), key),
  });
}

/**
 * The header every integration test against the whole portal shares: the portal (a real PostgreSQL, a real sandbox;
 * `startTestPortal`) started before the file's tests and closed after them, and the test data of the sandbox
 * (`testData`) made fresh per test and cleaned up after it. Call it once at the top of the file; hooks the file
 * registers afterwards run after its setup and before its cleanup.
 */
export function usePortal(options: UsePortalOptions = {}): { portal: TestPortal; data: TestData } {
  const { databaseUrl, ownDatabase: prefix, data: dataLife = 'each', prepare, ...start } = options;
  let portal: TestPortal | undefined;
  let data: TestData | undefined;
  let database: Awaited<ReturnType<typeof ownDatabase>> | undefined;

  beforeAll(async () => {
    const prepared = (await prepare?.()) ?? {};
    if (prefix) database = await ownDatabase(databaseUrl ?? inject('databaseUrl'), prefix);
    portal = await startTestPortal({
      ...start,
      ...prepared,
      env: { ...start.env, ...prepared.env },
      databaseUrl: database?.url ?? databaseUrl ?? inject('databaseUrl'),
    });
    if (dataLife === 'all') data = testData(portal.sandboxUrl);
  });
  afterAll(async () => {
    try {
      await data?.cleanup();
    } finally {
      await portal?.close();
      await database?.drop();
    }
  });
  if (dataLife === 'each') {
    beforeEach(() => {
      if (portal) data = testData(portal.sandboxUrl);
    });
    afterEach(async () => {
      await data?.cleanup();
      data = undefined;
    });
  }

  return { portal: current('the portal', () => portal), data: current('the test data', () => data) };
}
