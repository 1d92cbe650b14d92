import { Router } from 'express';
import { createRequestContext } from '../../domain/request-context.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';

/**
 * `GET /api/v2/app/notification` (spec section 7): the customer's notifications. The journey contributes MOVE_MASTR;
 * the messages capability adds its own types here.
 */
export function notificationsRoutes({ services: { journey } }: RouteDeps): Router {
  const router = Router();
  router.get('/notification', async (req, res) => {
    const ctx = createRequestContext(signedIn(req), req.session.currentProjectId, req.language);
    res.json({ notifications: await journey.notifications(ctx) });
  });
  return router;
}
