import { Router } from 'express';
import * as z from 'zod/mini';
import { ACTIVITY_REPORT_PATH, ActivityReportSchema } from '../../contracts/activity-report.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';

/**
 * `POST /api/v1/internal/util/activity-log`: an activity the browser saw (contracts/activity-report.ts allow-list,
 * each type validated with its own fields; anything else is 400). One ActivityLog row with its sub-log; 204.
 */
export function activityRoutes({ services: { activity } }: RouteDeps): Router {
  const router = Router();
  router.post(`/${ACTIVITY_REPORT_PATH}`, async (req, res) => {
    const report = z.parse(ActivityReportSchema, req.body ?? {});
    const user = signedIn(req);
    switch (report.type) {
      case 'FAQ_CLICKED':
        await activity.record(user, 'FAQ_CLICKED', { question: report.question });
        break;
      case 'LEAD_CONTENT_CLICKED':
        await activity.record(user, 'LEAD_CONTENT_CLICKED', { topic: report.topic, ...(report.projectId ? { projectId: report.projectId } : {}) });
        break;
      case 'LEAD_VIDEO_PLAYED':
        await activity.record(user, 'LEAD_VIDEO_PLAYED', {});
        break;
      case 'SALES_PERSON_CONTACTED':
        await activity.record(user, 'SALES_PERSON_CONTACTED', { method: report.method });
        break;
    }
    res.status(204).end();
  });
  return router;
}
