/**
 * Names shared by the BFF and the islands' API client.
 * State-changing /api/* requests must carry CSRF_HEADER (docs/security.md: a custom header forces a CORS preflight).
 */
export const APP_API_BASE = '/api/v2/app';
export const INTERNAL_API_BASE = '/api/v1/internal';
export const AUTH_BASE = '/api/auth';
export const APP_API_TIMEOUT_MS = 30_000;
export const INTERNAL_API_TIMEOUT_MS = 60_000;
export const CSRF_HEADER = 'x-kundenportal-csrf';
export const CSRF_HEADER_VALUE = '1';
/**
 * Sent by sign-out and account deletion (docs/security.md "Sign-in and sessions"): the browser drops the portal's storage (the
 * persisted API caches) and its HTTP cache, where photos and downloads of the session could otherwise be seen later.
 */
export const CLEAR_SITE_DATA = '"cache", "storage"';

/** The `:name` parameters of a contract path (`'project/:projectId/refund'` -> `'projectId'`). */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | PathParamNames<Rest> : P extends `${string}:${infer Name}` ? Name : never;

/**
 * The address of a contract path below an API base with its parameters filled in (encoded), for a form's `action` or a
 * link: `apiPath(INTERNAL_API_BASE, MONEY_PATHS.refund, { projectId: 7 })` -> `/api/v1/internal/project/7/refund`.
 */
export function apiPath<P extends string>(base: string, path: P, params: Record<PathParamNames<P>, string | number>): string {
  const values = params as Record<string, string | number | undefined>;
  return `${base}/${path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`apiPath: no value for :${name} in ${path}`);
    return encodeURIComponent(String(value));
  })}`;
}
