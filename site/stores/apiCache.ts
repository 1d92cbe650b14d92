import { persistedState, updatePersistedState, withoutExpired, type ApiName, type CacheEntry } from './persisted.ts';

export type { ApiName, CacheEntry };

/**
 * Cached GET responses of the two API bases (docs/architecture.md "Shared UI and client state"), keyed by the request's
 * relative URL with base and query, e.g. `/api/v1/internal/user/project`. Reading an entry counts as using it;
 * entries unused for 60 s are dropped.
 */
export function readCache(api: ApiName, url: string, now: number = Date.now()): CacheEntry | undefined {
  const before = persistedState.get();
  const state = withoutExpired(before, now);
  const entry = state[api][url];
  if (entry) persistedState.set({ ...state, [api]: { ...state[api], [url]: { ...entry, usedAt: now } } });
  else if (state !== before) persistedState.set(state);
  return entry;
}

export function writeCache(api: ApiName, url: string, data: unknown, now: number = Date.now()): void {
  updatePersistedState((state) => {
    const fresh = withoutExpired(state, now);
    return { ...fresh, [api]: { ...fresh[api], [url]: { data, fetchedAt: now, usedAt: now } } };
  });
}

/** After a change on the server: forget one URL, every URL starting with `prefix`, or the whole slice. */
export function invalidateCache(api: ApiName, prefix = ''): void {
  updatePersistedState((state) => {
    const kept = Object.fromEntries(Object.entries(state[api]).filter(([url]) => !url.startsWith(prefix)));
    return Object.keys(kept).length === Object.keys(state[api]).length ? state : { ...state, [api]: kept };
  });
}

export function pruneCaches(now: number = Date.now()): void {
  updatePersistedState((state) => withoutExpired(state, now));
}
