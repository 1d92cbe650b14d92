import type { ContentCacheKey } from '../../ports/content-source.ts';
import { upstreamUnavailable } from '../errors.ts';
import type { CachedContent, ContentCacheStore } from '../repositories/content-cache.ts';

/** The CMS is down and nothing is cached: UPSTREAM.UNAVAILABLE (503) like every other failing service. */
export const contentUnavailable = (cause: unknown) => upstreamUnavailable({ name: 'cms', label: 'Unser Hilfe-Bereich' }, cause);

export interface ContentCacheOptions {
  store: ContentCacheStore;
  /** Content older than this is served once more and refreshed in the background (stale-while-revalidate). */
  maxAgeMs?: number;
  /** Each instance keeps what it read this long in memory, so a busy page costs no database round trip. */
  memoryMs?: number;
  onBackgroundError?: (key: ContentCacheKey, error: unknown) => void;
  now?: () => number;
}

/**
 * Stale-while-revalidate cache for CMS content. Fresh: served from memory or the shared store. Stale (too old or
 * invalidated by the webhook): served at once while one background load refreshes it. Missing: loaded and awaited.
 * When the CMS is down, whatever is cached keeps being served; with nothing cached, UPSTREAM.UNAVAILABLE (503).
 */
export function createContentCache(options: ContentCacheOptions) {
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const memoryMs = options.memoryMs ?? 2_000;
  const now = options.now ?? Date.now;
  const memory = new Map<ContentCacheKey, { value: unknown; readAt: number }>();
  const inFlight = new Map<ContentCacheKey, Promise<unknown>>();

  function revalidate<T>(key: ContentCacheKey, load: () => Promise<T>): Promise<T> {
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const task = load()
      .then(async (value) => {
        memory.set(key, { value, readAt: now() });
        await options.store.put(key, value);
        return value;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, task);
    return task;
  }

  return {
    async get<T>(key: ContentCacheKey, load: () => Promise<T>, parse: (body: unknown) => T): Promise<T> {
      const memo = memory.get(key);
      if (memo && now() - memo.readAt < memoryMs) return memo.value as T;

      let cached: CachedContent | null = null;
      try {
        cached = await options.store.get(key);
      } catch (error) {
        options.onBackgroundError?.(key, error);
      }
      if (cached) {
        const value = parse(cached.body);
        const fresh = !cached.stale && now() - cached.fetchedAt.getTime() < maxAgeMs;
        if (!fresh) {
          revalidate(key, load).catch((error: unknown) => options.onBackgroundError?.(key, error));
        }
        memory.set(key, { value, readAt: now() });
        return value;
      }
      try {
        return await revalidate(key, load);
      } catch (cause) {
        throw contentUnavailable(cause);
      }
    },

    /** The CMS changed these: forget them here, mark them stale for every instance, and load them again now. */
    async invalidate(keys: readonly ContentCacheKey[], reload: (key: ContentCacheKey) => Promise<unknown>): Promise<void> {
      for (const key of keys) memory.delete(key);
      await options.store.markStale(keys);
      await Promise.all(
        keys.map((key) =>
          revalidate(key, () => reload(key)).catch((error: unknown) => options.onBackgroundError?.(key, error)),
        ),
      );
    },
  };
}

export type ContentCache = ReturnType<typeof createContentCache>;
