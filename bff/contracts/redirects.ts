/**
 * The one rule for every redirect (docs/security.md "Sign-in and sessions"): the target is a path on the portal's
 * own origin. Hostile forms are refused, not repaired: dot segments that normalise to `//host` (`/.//evil`), backslashes
 * (browsers read `/\evil` as `//evil`), tabs and newlines (stripped by URL parsers), encoded slashes at the start,
 * full URLs, scheme-relative `//host` and `javascript:`. Shared by the BFF and the site, hence a contract.
 */
const BASE = 'http://portal.invalid';
export const MAX_REDIRECT_LENGTH = 2048;

/** `value` as a same-origin path (`/a/b?c#d`, normalised), or `fallback` when it is anything else. */
export function sameOriginPath(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || value === '' || value.length > MAX_REDIRECT_LENGTH) return fallback;
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // After normalisation: `/.//evil.example` and `/x/..//evil.example` become `//evil.example`.
  if (url.pathname.startsWith('//') || /^\/(%2f|%5c)/i.test(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
