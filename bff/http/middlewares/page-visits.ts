import type { RequestHandler } from 'express';
import { normalizePath, type RouteTable } from '../../contracts/routes.ts';
import type { ActivityService } from '../../domain/activity/activity.service.ts';
import type { Logger } from '../../logger.ts';

/**
 * PAGE_VISITED for a signed-in customer's page request, only for the routes the route table marks `logVisit`.
 * Logging must never cost the customer the page, so a failure is logged and the page is served.
 */
export function logPageVisits(activity: ActivityService, logger: Logger, routes: RouteTable): RequestHandler {
  return async (req, _res, next) => {
    const user = req.session?.user;
    // A prefetch (Sec-Purpose: prefetch) is not a visit; the speculation rules leave these pages out anyway.
    const prefetch = /prefetch/i.test(req.get('sec-purpose') ?? '') || /prefetch/i.test(req.get('purpose') ?? '');
    if (req.method === 'GET' && user && !prefetch && routes.isLoggedVisit(req.path)) {
      try {
        await activity.record(user, 'PAGE_VISITED', { path: normalizePath(req.path) });
      } catch (error) {
        logger.error('page visit not logged', { path: req.path, error });
      }
    }
    next();
  };
}
