import { describe, expect, it } from 'vitest';
import type { ContentCacheKey } from '../../ports/content-source.ts';
import { AppError } from '../errors.ts';
import { createContentCache } from './content-cache.ts';
import type { CachedContent, ContentCacheStore } from '../repositories/content-cache.ts';

/** The store's contract in memory; the PostgreSQL store is exercised by the integration and e2e tests. */
function memoryStore(): ContentCacheStore & { rows: Map<ContentCacheKey, CachedContent> } {
  const rows = new Map<ContentCacheKey, CachedContent>();
  return {
    rows,
    get: async (key) => rows.get(key) ?? null,
    put: async (key, body) => {
      rows.set(key, { body: JSON.parse(JSON.stringify(body)), fetchedAt: new Date(clock.now), stale: false });
    },
    markStale: async (keys) => {
      for (const key of keys) {
        const row = rows.get(key);
        if (row) rows.set(key, { ...row, stale: true });
      }
    },
  };
}
const clock = { now: 1_000_000 };
const identity = (body: unknown) => body as string[];
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function source(values: string[][]) {
  let calls = 0;
  let down = false;
  return {
    get calls() {
      return calls;
    },
    setDown(value: boolean) {
      down = value;
    },
    load: async () => {
      calls++;
      if (down) throw new Error('Strapi is down');
      return values[Math.min(calls - 1, values.length - 1)] as string[];
    },
  };
}

describe('CMS content cache (stale-while-revalidate)', () => {
  it('loads once and then serves from memory and the shared store', async () => {
    const store = memoryStore();
    const cms = source([['v1']]);
    const cache = createContentCache({ store, now: () => clock.now });
    expect(await cache.get('faqs:de', cms.load, identity)).toEqual(['v1']);
    expect(await cache.get('faqs:de', cms.load, identity)).toEqual(['v1']);
    expect(cms.calls).toBe(1);
    expect(store.rows.get('faqs:de')?.body).toEqual(['v1']);
  });

  it('serves stale content at once and refreshes it in the background', async () => {
    const store = memoryStore();
    const cms = source([['v1'], ['v2']]);
    const cache = createContentCache({ store, maxAgeMs: 1000, memoryMs: 0, now: () => clock.now });
    await cache.get('faqs:de', cms.load, identity);
    clock.now += 5000;

    expect(await cache.get('faqs:de', cms.load, identity)).toEqual(['v1']);
    await tick();
    expect(await cache.get('faqs:de', cms.load, identity)).toEqual(['v2']);
  });

  it('an invalidation reloads right away, so the next request sees the new content', async () => {
    const store = memoryStore();
    const cms = source([['alte Antwort'], ['neue Antwort']]);
    const cache = createContentCache({ store, now: () => clock.now });
    await cache.get('faqs:de', cms.load, identity);

    await cache.invalidate(['faqs:de'], cms.load);

    expect(await cache.get('faqs:de', cms.load, identity)).toEqual(['neue Antwort']);
  });

  it('keeps serving cached content while the CMS is down, also after an invalidation', async () => {
    const store = memoryStore();
    const errors: unknown[] = [];
    const cms = source([['v1']]);
    const cache = createContentCache({ store, memoryMs: 0, onBackgroundError: (_k, e) => errors.push(e), now: () => clock.now });
    await cache.get('faqs:de', cms.load, identity);
    cms.setDown(true);

    await cache.invalidate(['faqs:de'], cms.load);
    expect(await cache.get('faqs:de', cms.load, identity)).toEqual(['v1']);
    await tick();
    expect(errors.length).toBeGreaterThan(0);
  });

  it('a cold cache with the CMS down answers UPSTREAM.UNAVAILABLE (503)', async () => {
    const cms = source([['v1']]);
    cms.setDown(true);
    const cache = createContentCache({ store: memoryStore(), now: () => clock.now });
    const error = await cache.get('faqs:de', cms.load, identity).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 503, code: 'UPSTREAM.UNAVAILABLE' });
  });

  it('loads a missing entry only once for concurrent requests', async () => {
    const cms = source([['v1']]);
    const cache = createContentCache({ store: memoryStore(), now: () => clock.now });
    await Promise.all(Array.from({ length: 10 }, () => cache.get('faqs:de', cms.load, identity)));
    expect(cms.calls).toBe(1);
  });
});
