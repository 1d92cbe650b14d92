import { Router } from 'express';
import * as z from 'zod/mini';
import { MarkNotificationSchema, NOTIFICATIONS_PATH } from '../../contracts/notifications.ts';
import { createRequestContext } from '../../domain/request-context.ts';
import { formActions, formFields, returnToOf } from '../form-action.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';

/**
 * `GET /api/v2/app/notification` (spec section 7): the customer's notifications for the session's project, newest
 * first, with `seen`. `POST /api/v2/app/notification` with `notificationId` marks one seen: JSON (204), or the bell's
 * plain form with `returnTo`, which then leads on to the notification's page (303).
 */
export function notificationsRoutes(deps: RouteDeps): Router {
  const { notifications } = deps.services;
  const action = formActions(deps);
  const router = Router();
  router.get(`/${NOTIFICATIONS_PATH}`, async (req, res) => {
    const ctx = createRequestContext(signedIn(req), req.session.currentProjectId, req.language);
    res.json(await notifications.mine(ctx));
  });
  router.post(
    `/${NOTIFICATIONS_PATH}`,
    action({
      form: 'notification',
      // The notification's page: where the customer wanted to go (a refusal is said there).
      page: (req) => returnToOf(req),
      input: (req, { plain }) => z.parse(MarkNotificationSchema, plain ? { notificationId: formFields(req).notificationId } : req.body).notificationId,
      run: (notificationId, { req }) => notifications.markSeen(signedIn(req), notificationId),
      json: (res) => res.status(204).end(),
      done: (_result, { req }) => returnToOf(req),
    }),
  );
  return router;
}
