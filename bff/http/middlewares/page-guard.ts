import type { RequestHandler } from 'express';
import { withReturnTo } from '../../contracts/auth.ts';
import { sameOriginPath } from '../../contracts/redirects.ts';
import { accessOf } from '../../contracts/routes.ts';

/**
 * Sends a visitor without a session to the login URL, remembering the page they asked for (spec section 2). Who may
 * open a page is the route table's `access` (bff/contracts/routes.ts); no page checks sign-in on its own.
 */
export function pageGuard(loginUrl: string): RequestHandler {
  return (req, res, next) => {
    if (req.session?.user || accessOf(req.path) === 'public') return next();
    // The login URL is configuration (possibly absolute); the page to come back to is checked by the one rule.
    res.redirect(302, withReturnTo(loginUrl, sameOriginPath(req.originalUrl, '/home/dashboard')));
  };
}
