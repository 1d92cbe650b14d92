import { Router } from 'express';
import * as z from 'zod/mini';
import { CommonErrors, hasErrorCode } from '../../contracts/errors.ts';
import { MarkNotificationSchema, NOTIFICATIONS_PATH } from '../../contracts/notifications.ts';
import { SessionProjectRequestSchema } from '../../contracts/projects.ts';
import { createRequestContext } from '../../domain/request-context.ts';
import { formActions, formFields, returnToOf, textField } from '../form-action.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';
import { switchProject } from './projects.routes.ts';

/**
 * `GET /api/v2/app/notification`: the customer's notifications of every project of theirs (and the
 * account), newest first, with `seen`. `POST /api/v2/app/notification` with `notificationId` marks one of the
 * customer's own current notifications seen: JSON (204; any other id 404), or the bell's plain form with `returnTo`,
 * which then leads on to the notification's page (303); its `projectId` makes that project the session's first, so a
 * page of another project opens on the right one.
 */
export function notificationsRoutes(deps: RouteDeps): Router {
  const { notifications, projects } = deps.services;
  const action = formActions(deps);
  const router = Router();
  router.get(`/${NOTIFICATIONS_PATH}`, async (req, res) => {
    const ctx = createRequestContext(signedIn(req), req.session.currentProjectId, req.language, req.session.dataVersion);
    res.json(await notifications.mine(ctx));
  });
  router.post(
    `/${NOTIFICATIONS_PATH}`,
    action({
      form: 'notification',
      // The notification's page: where the customer wanted to go (a refusal is said there).
      page: (req) => returnToOf(req),
      input: (req, { plain }) => z.parse(MarkNotificationSchema, plain ? { notificationId: formFields(req).notificationId } : req.body).notificationId,
      run: async (notificationId, { req, plain }) => {
        const ctx = createRequestContext(signedIn(req), req.session.currentProjectId, req.language, req.session.dataVersion);
        try {
          await notifications.markSeen(ctx, notificationId);
        } catch (error) {
          // The bell's plain form goes on to the notification's page even if it is gone meanwhile (seen in another tab).
          if (!plain || !hasErrorCode(error, CommonErrors.NOT_FOUND)) throw error;
        }
        const projectField = plain ? textField(req, 'projectId') : '';
        if (projectField !== '') {
          const { projectId } = z.parse(SessionProjectRequestSchema, { projectId: Number(projectField) });
          await switchProject(req, projects, projectId);
        }
      },
      json: (res) => res.status(204).end(),
      done: (_result, { req }) => returnToOf(req),
    }),
  );
  return router;
}
