import type { SessionUser } from '../contracts/auth.ts';

/**
 * One page request as the domain sees it: who asks, the session's current project, and a memo so that the layout and
 * the page (and several capabilities) share one upstream call per request (bff/composition/page-services.ts).
 */
export interface RequestContext {
  user: SessionUser | null;
  currentProjectId: number | undefined;
  /** Runs `load` at most once per request for `key`; later callers get the same promise. */
  once<T>(key: string, load: () => Promise<T>): Promise<T>;
}

export function createRequestContext(user: SessionUser | null, currentProjectId: number | undefined): RequestContext {
  const memo = new Map<string, Promise<unknown>>();
  return {
    user,
    currentProjectId,
    once<T>(key: string, load: () => Promise<T>): Promise<T> {
      let running = memo.get(key) as Promise<T> | undefined;
      if (!running) {
        running = load();
        memo.set(key, running);
      }
      return running;
    },
  };
}
