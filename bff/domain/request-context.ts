import type { Language, SessionUser } from '../contracts/auth.ts';
import { DEFAULT_LANGUAGE } from '../contracts/auth.ts';

/**
 * One page request as the domain sees it: who asks, the session's current project, and a memo so that the layout and
 * the page (and several capabilities) share one upstream call per request (bff/composition/page-services.ts).
 */
export interface RequestContext {
  user: SessionUser | null;
  currentProjectId: number | undefined;
  /** The language the page is shown in (CMS content in this language, German where a translation is missing). */
  lang: Language;
  /** Runs `load` at most once per request for `key`; later callers get the same promise. */
  once<T>(key: string, load: () => Promise<T>): Promise<T>;
}

export function createRequestContext(
  user: SessionUser | null,
  currentProjectId: number | undefined,
  lang: Language = DEFAULT_LANGUAGE,
): RequestContext {
  const memo = new Map<string, Promise<unknown>>();
  return {
    user,
    currentProjectId,
    lang,
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
