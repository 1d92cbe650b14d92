import type { RequestHandler } from 'express';
import type { ActivityService } from '../../domain/activity/activity.service.ts';
import { isLoggedPagePath } from '../../domain/activity/activity.service.ts';
import type { Logger } from '../../logger.ts';

/**
 * PAGE_VISITED for a signed-in customer's page request, only for the paths spec section 2 lists.
 * Logging must never cost the customer the page, so a failure is logged and the page is served.
 */
export function logPageVisits(activity: ActivityService, logger: Logger): RequestHandler {
  return async (req, _res, next) => {
    const user = req.session?.user;
    if (req.method === 'GET' && user && isLoggedPagePath(req.path)) {
      try {
        await activity.pageVisited(user, req.path);
      } catch (error) {
        logger.error('page visit not logged', { path: req.path, error });
      }
    }
    next();
  };
}
