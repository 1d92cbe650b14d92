import type { RequestHandler } from 'express';
import { CommonErrors } from '../../contracts/errors.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../contracts/http.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing /api/* request of a browser must carry the custom header. Browsers cannot add it cross-site
 * without a CORS preflight, which the portal never grants, so a forged form post or image request answers 403.
 * Machine callers (the CMS webhook, later cron and funnel tokens) are mounted before this check with their own secret
 * (bff/http/mounts.ts, base `machine`).
 */
export const requireCsrfHeader: RequestHandler = (req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  if (req.get(CSRF_HEADER) !== CSRF_HEADER_VALUE) {
    const { code, message, status } = CommonErrors.CSRF_HEADER_MISSING;
    res.status(status).json({ code, message });
    return;
  }
  next();
};
