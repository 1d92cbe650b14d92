import { describe, expect, it } from 'vitest';
import { createRequestContext } from './request-context.ts';
import { createUpstreamCache } from './upstream-cache.ts';

const user = { id: 'u1', email: 'u1@example.org', firstName: 'U', lastName: 'Eins', customerNumber: '1', phase: 'PROJECT' as const };
const request = (dataVersion = 1) => createRequestContext(user, undefined, 'de', dataVersion);

describe('createUpstreamCache', () => {
  it('keeps an answer for its time, per customer data version', async () => {
    let clock = 0;
    let calls = 0;
    const cache = createUpstreamCache({ ttlMs: 1000, now: () => clock });
    const ask = (ctx = request()) => cache.through(ctx, 'journey:7', async () => ++calls, () => [7]);
    expect(await ask()).toBe(1);
    expect(await ask()).toBe(1);
    expect(await ask(request(2))).toBe(2);
    clock = 1000;
    expect(await ask()).toBe(3);
  });

  it('keeps no failure', async () => {
    let calls = 0;
    const cache = createUpstreamCache();
    const ask = () =>
      cache.through(request(), 'projects:u1', async () => {
        calls += 1;
        if (calls === 1) throw new Error('down');
        return calls;
      }, () => []);
    await expect(ask()).rejects.toThrow('down');
    await Promise.resolve();
    expect(await ask()).toBe(2);
  });

  it('an event of the project drops its entries, also one still loading', async () => {
    let calls = 0;
    const cache = createUpstreamCache();
    const ask = (key: string, projects: number[]) => cache.through(request(), key, async () => ++calls, () => projects);
    await ask('journey:7', [7]);
    await ask('journey:8', [8]);
    cache.invalidateProject(7);
    expect(await ask('journey:7', [7])).toBe(3);
    expect(await ask('journey:8', [8])).toBe(2);
    let release: () => void = () => undefined;
    const slow = cache.through(request(), 'journey:9', () => new Promise<number>((resolve) => (release = () => resolve(++calls))), () => [9]);
    cache.invalidateProject(1);
    release();
    await slow;
    expect(await ask('journey:9', [9])).toBe(5);
  });
});

describe('an answer about no project', () => {
  it('is not kept (a customer without a project is about to get one)', async () => {
    let calls = 0;
    const cache = createUpstreamCache();
    const ask = () => cache.through(request(), 'projects:u1', async () => (++calls, []), () => []);
    await ask();
    await Promise.resolve();
    await ask();
    expect(calls).toBe(2);
  });
});
