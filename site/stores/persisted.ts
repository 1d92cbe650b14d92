import { persistentAtom } from '@nanostores/persistent';
import * as z from 'zod/mini';

/** Storage key `root`, version 1, in localStorage (docs/architecture.md "Shared UI and client state"). */
export const STORAGE_KEY = 'root';
export const STORE_VERSION = 1;

/** A cached response unused for 60 seconds is dropped. */
export const CACHE_KEEP_UNUSED_MS = 60_000;

export const SnackbarTypeSchema = z.enum(['success', 'error', 'warning', 'info']);
export type SnackbarType = z.infer<typeof SnackbarTypeSchema>;

export const SnackbarMessageSchema = z.object({
  id: z.string(),
  message: z.string(),
  type: SnackbarTypeSchema,
  duration: z.optional(z.number().check(z.positive())),
});
export type SnackbarMessage = z.infer<typeof SnackbarMessageSchema>;

/** One cached GET response, keyed by its URL in the slice of the API base it came from. */
const CacheEntrySchema = z.object({
  data: z.unknown(),
  fetchedAt: z.number(),
  usedAt: z.number(),
});
export type CacheEntry = z.infer<typeof CacheEntrySchema>;
const ApiCacheSchema = z.record(z.string(), CacheEntrySchema);
export type ApiCache = z.infer<typeof ApiCacheSchema>;

/** The two API-cache slices, named after the clients in site/lib/api. */
export type ApiName = 'appApi' | 'internalApi';

const PersistedStateSchema = z.object({
  version: z.literal(STORE_VERSION),
  snackbar: z.array(SnackbarMessageSchema),
  appApi: ApiCacheSchema,
  internalApi: ApiCacheSchema,
});
export type PersistedState = z.infer<typeof PersistedStateSchema>;

export function emptyState(): PersistedState {
  return { version: STORE_VERSION, snackbar: [], appApi: {}, internalApi: {} };
}

/** Drops cache entries nobody has read for CACHE_KEEP_UNUSED_MS; returns the same object when nothing expired. */
export function withoutExpired(state: PersistedState, now: number): PersistedState {
  const keep = (cache: ApiCache): ApiCache =>
    Object.fromEntries(Object.entries(cache).filter(([, entry]) => now - entry.usedAt < CACHE_KEEP_UNUSED_MS));
  const appApi = keep(state.appApi);
  const internalApi = keep(state.internalApi);
  const unchanged =
    Object.keys(appApi).length === Object.keys(state.appApi).length &&
    Object.keys(internalApi).length === Object.keys(state.internalApi).length;
  return unchanged ? state : { ...state, appApi, internalApi };
}

/**
 * Reads what localStorage holds. Anything that is not a valid state of this version (another version, damaged
 * JSON, a changed shape) is discarded: migration is a reset, since the state is only messages and caches.
 */
export function decodeState(raw: string, now: number = Date.now()): PersistedState {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return emptyState();
  }
  const parsed = z.safeParse(PersistedStateSchema, json);
  return parsed.success ? withoutExpired(parsed.data, now) : emptyState();
}

function isEmpty(state: PersistedState): boolean {
  return (
    state.snackbar.length === 0 && Object.keys(state.appApi).length === 0 && Object.keys(state.internalApi).length === 0
  );
}

/** An empty state is stored as no entry at all, so a cleared state leaves nothing behind in localStorage. */
export function encodeState(state: PersistedState): string | undefined {
  return isEmpty(state) ? undefined : JSON.stringify(state);
}

/**
 * The whole persisted state. Change it only through the actions in snackbar.ts and apiCache.ts, and only in
 * the browser (event handlers, effects): on the server this module, and the in-memory storage that
 * @nanostores/persistent falls back to there, are shared by every request.
 */
export const persistedState = persistentAtom<PersistedState>(STORAGE_KEY, emptyState(), {
  encode: encodeState,
  decode: (raw) => decodeState(raw),
});

// Write back what was read, so a discarded older version or expired cache entries leave localStorage too.
if (typeof window !== 'undefined') persistedState.set(persistedState.get());

export function updatePersistedState(update: (state: PersistedState) => PersistedState): void {
  persistedState.set(update(persistedState.get()));
}

/**
 * The caches hold customer data: this removes the `root` entry from localStorage. On sign-out the BFF's
 * `Clear-Site-Data: "cache", "storage"` header does the same without JavaScript.
 */
export function clearPersistedState(): void {
  persistedState.set(emptyState());
}
