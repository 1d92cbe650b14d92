import type { Language, SessionUser } from '../contracts/auth.ts';
import { DEFAULT_LANGUAGE } from '../contracts/auth.ts';
import { CommonErrors, hasErrorCode } from '../contracts/errors.ts';

/**
 * One page request as the domain sees it: who asks, the session's current project, and a memo so that the layout and
 * the page (and several capabilities) share one upstream call per request (docs/architecture.md "One call per service").
 */
export interface RequestContext {
  user: SessionUser | null;
  currentProjectId: number | undefined;
  /** The language the page is shown in (CMS content in this language, German where a translation is missing). */
  lang: Language;
  /**
   * The customer's data version from the session: every state-changing request of theirs counts it up, so answers
   * cached across requests (`bff/domain/upstream-cache.ts`) are asked afresh after the customer's own change.
   */
  dataVersion: number;
  /**
   * Runs `load` at most once per request for `key`; later callers get the same promise. With `service` (the name of
   * the external service `load` calls, as in `config.services`), a service that already timed out in this request
   * is not asked again: the call fails at once with that timeout's error (docs/architecture.md "One call per service").
   */
  once<T>(key: string, load: () => Promise<T>, service?: string): Promise<T>;
}

/** The service an UPSTREAM.UNAVAILABLE error names, when its cause is the service's timeout (not a quick refusal). */
function timedOutService(error: unknown): string | null {
  if (!hasErrorCode(error, CommonErrors.UPSTREAM_UNAVAILABLE)) return null;
  const { params, cause } = error as { params?: { service?: unknown }; cause?: { name?: unknown } };
  return cause?.name === 'TimeoutError' && typeof params?.service === 'string' ? params.service : null;
}

export function createRequestContext(
  user: SessionUser | null,
  currentProjectId: number | undefined,
  lang: Language = DEFAULT_LANGUAGE,
  dataVersion = 0,
): RequestContext {
  const memo = new Map<string, Promise<unknown>>();
  /** Services that timed out in this request, with the error their later callers get at once. */
  const timedOut = new Map<string, unknown>();
  return {
    user,
    currentProjectId,
    lang,
    dataVersion,
    once<T>(key: string, load: () => Promise<T>, service?: string): Promise<T> {
      let running = memo.get(key) as Promise<T> | undefined;
      if (!running) {
        const failed = service === undefined ? undefined : timedOut.get(service);
        running = failed === undefined ? load() : Promise.reject(failed);
        running.catch((error: unknown) => {
          const name = timedOutService(error);
          if (name !== null && !timedOut.has(name)) timedOut.set(name, error);
        });
        memo.set(key, running);
      }
      return running;
    },
  };
}
