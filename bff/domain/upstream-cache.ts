import type { RequestContext } from './request-context.ts';

/** How long an upstream answer that changes rarely is reused (docs/architecture.md "The data path of a page"). */
export const UPSTREAM_CACHE_TTL_MS = 30_000;
/** Entries kept at most; the oldest goes first. */
const MAX_ENTRIES = 10_000;

/**
 * Short-lived answers of upstream calls that change rarely (the customer's projects, a project's journey), kept in this
 * process for `ttlMs` (docs/architecture.md "The data path of a page"). An entry belongs to one customer and their
 * session's data version (`ctx.dataVersion`): the customer's own change (any state-changing request) starts them afresh
 * on every instance, since the version travels in the shared session. The installer's changes arrive as events; the
 * instance that receives one drops the project's entries at once (`invalidateProject`), the other instances after
 * `ttlMs` at the latest. A failed load is not kept.
 */
export function createUpstreamCache({ ttlMs = UPSTREAM_CACHE_TTL_MS, now = Date.now }: { ttlMs?: number; now?: () => number } = {}) {
  // `projects` is null while the load runs: an event then drops the entry too, since its answer may predate the event.
  const entries = new Map<string, { at: number; projects: readonly number[] | null; value: Promise<unknown> }>();

  function get<T>(key: string, load: () => Promise<T>, projectsOf: (value: T) => readonly number[]): Promise<T> {
    const hit = entries.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.value as Promise<T>;
    const entry = { at: now(), projects: null as readonly number[] | null, value: load() as Promise<unknown> };
    entries.set(key, entry);
    entry.value.then(
      (value) => {
        entry.projects = projectsOf(value as T);
        // An answer about no project is not kept: a customer without a project is the one who is about to get one.
        if (entry.projects.length === 0 && entries.get(key) === entry) entries.delete(key);
      },
      () => (entries.get(key) === entry ? entries.delete(key) : undefined),
    );
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    return entry.value as Promise<T>;
  }

  const ownKey = (ctx: RequestContext, key: string) => `${ctx.user ? `${ctx.user.id}:${ctx.dataVersion}` : '-'}|${key}`;

  return {
    /**
     * Within a request through its memo (one call per request, `service` as in `ctx.once`), across requests from this
     * cache. `projectsOf` names the projects the answer is about: an event of one of them drops it; an answer about
     * none is not kept.
     */
    through<T>(ctx: RequestContext, key: string, load: () => Promise<T>, projectsOf: (value: T) => readonly number[], service?: string): Promise<T> {
      return ctx.once(key, () => get(ownKey(ctx, key), load, projectsOf), service);
    },
    /** Like `through`, but the kept answer is known to be out of date: asked afresh (once per request) and kept. */
    refresh<T>(ctx: RequestContext, key: string, load: () => Promise<T>, projectsOf: (value: T) => readonly number[], service?: string): Promise<T> {
      return ctx.once(`${key}:fresh`, () => {
        entries.delete(ownKey(ctx, key));
        return get(ownKey(ctx, key), load, projectsOf);
      }, service);
    },
    /** Drops every entry about the project (an installer's event of it arrived). */
    invalidateProject(projectId: number): void {
      for (const [key, entry] of entries) if (entry.projects === null || entry.projects.includes(projectId)) entries.delete(key);
    },
    /** Drops every entry (tests). */
    clear: () => entries.clear(),
  };
}

export type UpstreamCache = ReturnType<typeof createUpstreamCache>;
