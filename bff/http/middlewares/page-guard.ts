import type { RequestHandler } from 'express';
import { withReturnTo } from '../../contracts/login.ts';

/** Page areas that need a signed-in customer (spec section 2, page guard). */
export const PROTECTED_PAGE_PREFIXES: readonly string[] = ['/home', '/onboarding'];

/**
 * Pages inside the protected areas that anyone may open. The one place to make a page public
 * (help and FAQ must work signed out); no page checks sign-in on its own.
 */
export const PUBLIC_PAGE_EXCEPTIONS: readonly string[] = ['/home/app/help'];

const withinPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function isProtectedPage(path: string): boolean {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (PUBLIC_PAGE_EXCEPTIONS.some((p) => withinPrefix(normalised, p))) return false;
  return PROTECTED_PAGE_PREFIXES.some((p) => withinPrefix(normalised, p));
}

/** Sends a visitor without a session to the login URL, remembering the page they asked for. */
export function pageGuard(loginUrl: string): RequestHandler {
  return (req, res, next) => {
    if (req.session?.user || !isProtectedPage(req.path)) return next();
    res.redirect(302, withReturnTo(loginUrl, req.originalUrl));
  };
}
