import { sameOriginPath } from '../../contracts/redirects.ts';

export const DEFAULT_RETURN_TO = '/home/dashboard';

/**
 * The page to return to after login: a same-origin path by the portal's one redirect rule
 * (bff/contracts/redirects.ts), never an API path; anything else falls back to the dashboard.
 */
export function safeReturnTo(value: unknown): string {
  const path = sameOriginPath(value, DEFAULT_RETURN_TO);
  const lower = path.toLowerCase();
  // Express matches routes case-insensitively: /API/auth/logout is an API path too.
  return lower === '/api' || lower.startsWith('/api/') || lower.startsWith('/api?') ? DEFAULT_RETURN_TO : path;
}
