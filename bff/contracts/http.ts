/**
 * Names shared by the BFF and the islands' API client (spec section 7).
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
 * Sent by sign-out and account deletion (docs/security.md "Sessions"): the browser drops the portal's storage (the
 * persisted API caches) and its HTTP cache, where photos and downloads of the session could otherwise be seen later.
 */
export const CLEAR_SITE_DATA = '"cache", "storage"';
