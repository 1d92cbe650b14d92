import type { RequestHandler } from 'express';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../contracts/http.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Machine-to-machine endpoints (paths below /api) authenticated by their own secret instead of a browser session.
 * Declared here, in one list, so no route silently opts out.
 */
export const CSRF_EXEMPT_PATHS: readonly string[] = ['/cms/webhook'];

/**
 * Every state-changing /api/* request must carry the custom header. Browsers cannot add it cross-site without a
 * CORS preflight, which the portal never grants, so a forged form post or image request answers 403.
 */
export const requireCsrfHeader: RequestHandler = (req, res, next) => {
  if (SAFE_METHODS.has(req.method) || CSRF_EXEMPT_PATHS.includes(req.path)) return next();
  if (req.get(CSRF_HEADER) !== CSRF_HEADER_VALUE) {
    res.status(403).json({
      code: 'CSRF.HEADER_MISSING',
      message: 'Diese Anfrage wurde aus Sicherheitsgründen abgelehnt. Bitte lade die Seite neu und versuche es noch einmal.',
    });
    return;
  }
  next();
};
