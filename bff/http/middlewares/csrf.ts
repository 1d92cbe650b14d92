import type { Request, RequestHandler } from 'express';
import { CommonErrors } from '../../contracts/errors.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../contracts/http.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Content types a plain HTML form sends; it cannot add the custom header. */
export const isHtmlForm = (req: Request): boolean => Boolean(req.is(['application/x-www-form-urlencoded', 'multipart/form-data']));

/**
 * A plain HTML form (no JavaScript): a form content type without the custom header, which only the portal's scripts
 * add. A script that sends multipart (an upload) with the header wants a JSON answer, not a redirect.
 */
export const isPlainHtmlForm = (req: Request): boolean => isHtmlForm(req) && req.get(CSRF_HEADER) !== CSRF_HEADER_VALUE;

/**
 * Whether a browser sent this request from one of the portal's own pages: `Sec-Fetch-Site: same-origin` (every current
 * browser sends it), otherwise an `Origin` equal to the portal's. A request with neither is refused: browsers that
 * could carry the customer's cookie send at least Origin on a POST.
 */
export function isSameOriginRequest(req: Request, portalOrigin: string): boolean {
  const site = req.get('sec-fetch-site');
  if (site !== undefined) return site === 'same-origin';
  return req.get('origin') === portalOrigin;
}

/**
 * Whether a GET comes from a click on one of the portal's own pages, not from another site (a link or an image there,
 * a cross-site redirect): only then may a GET record something (docs/security.md "Requests": a logged click, the
 * session's onboarding state). `Sec-Fetch-Site: same-origin`, or without it a Referer of the portal's origin (the
 * portal's Referrer-Policy sends one to itself). Anything else still gets its redirect, with nothing recorded.
 */
export function isOwnNavigation(req: Request, portalOrigin: string): boolean {
  const site = req.get('sec-fetch-site');
  if (site !== undefined) return site === 'same-origin';
  const referer = req.get('referer');
  if (!referer) return false;
  try {
    return new URL(referer).origin === portalOrigin;
  } catch {
    return false;
  }
}

/**
 * CSRF (docs/security.md "Requests"): every state-changing /api/* request of a browser carries the custom header —
 * browsers cannot add it cross-site without a CORS preflight, which the portal never grants. Plain HTML forms (sign-out,
 * project switch; they work without JavaScript) cannot send it: they pass only when the browser says they come from the
 * portal's own origin (Sec-Fetch-Site, else Origin). Machine callers (the CMS webhook, later cron and funnel tokens)
 * are mounted before this check with their own secret (bff/http/mounts.ts, base `machine`).
 */
export function requireCsrfProtection(portalOrigin: string): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.get(CSRF_HEADER) === CSRF_HEADER_VALUE) return next();
    if (isHtmlForm(req) && isSameOriginRequest(req, portalOrigin)) return next();
    const { code, message, status } = CommonErrors.CSRF_HEADER_MISSING;
    res.status(status).json({ code, message });
  };
}
