import type { ContentCacheKey } from '../../ports/content-source.ts';

export interface CachedContent {
  body: unknown;
  fetchedAt: Date;
  /** Set by the CMS webhook: the content changed and must be fetched again. */
  stale: boolean;
}

/** The shared cache of CMS content (every portal instance sees the same content and invalidations); bff/db. */
export interface ContentCacheStore {
  get(key: ContentCacheKey): Promise<CachedContent | null>;
  put(key: ContentCacheKey, body: unknown): Promise<void>;
  markStale(keys: readonly ContentCacheKey[]): Promise<void>;
}
