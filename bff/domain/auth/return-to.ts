export const DEFAULT_RETURN_TO = '/home/dashboard';

/**
 * Accepts only same-origin relative paths as the page to return to after login (open-redirect defence):
 * `/home/app/profile?x=1` passes; `//evil.example`, `/\evil`, `https://…`, `javascript:` and control characters fall
 * back to the dashboard.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return DEFAULT_RETURN_TO;
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return DEFAULT_RETURN_TO;
  const base = 'http://portal.invalid';
  try {
    const url = new URL(value, base);
    if (url.origin !== base) return DEFAULT_RETURN_TO;
    if (url.pathname.startsWith('/api/')) return DEFAULT_RETURN_TO;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_RETURN_TO;
  }
}
