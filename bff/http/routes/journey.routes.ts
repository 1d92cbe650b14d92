import { Router, type Request } from 'express';
import * as z from 'zod/mini';
import { CommonErrors } from '../../contracts/errors.ts';
import {
  CustomerActionSchema,
  JOURNEY_PATHS,
  JourneyErrors,
  MOVE_MASTR_PATH,
  MY_PROJECT_PATH,
  MastrMoveSchema,
  MastrRegisterSchema,
  ProjectPatchSchema,
  ProjectSearchSchema,
} from '../../contracts/journey.ts';
import { AppError } from '../../domain/errors.ts';
import { formActions, formFields, listField, returnToOf, textField, withParams } from '../form-action.ts';
import { isHtmlForm } from '../middlewares/csrf.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';
import { isValidEventSignature, rawBodyOf } from '../webhook-signature.ts';
import { queueSurveyInvitations } from './surveys.routes.ts';

const ProjectIdParam = z.pipe(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), z.transform(Number));
const route = (path: string) => `/${path}`;

/** The page a plain form came from: its `returnTo` (same origin only, path only), else `fallback`. */
const backTo = (req: Request, fallback = MY_PROJECT_PATH) => returnToOf(req, fallback).split(/[?#]/)[0] ?? fallback;
/** Back on that page with `?done=<what>`. */
const doneOn = (req: Request, done: string, fallback = MY_PROJECT_PATH) => withParams(backTo(req, fallback), { done });

/**
 * The project journey on the internal base (`POST /project/search`, `PATCH /project/{id}`,
 * `POST /user/mastr/move`, `POST /user/mastr/register`) plus the journey itself and the customer's confirmations.
 * Forms of the step pages post here without JavaScript and are sent back with 303.
 */
export function journeyRoutes(deps: RouteDeps): Router {
  const { journey } = deps.services;
  const action = formActions(deps);
  const router = Router();

  router.post(route(JOURNEY_PATHS.search), async (req, res) => {
    const filter = z.parse(ProjectSearchSchema, req.body ?? {});
    res.json({ projects: await journey.search(signedIn(req), filter) });
  });

  router.get(route(`${JOURNEY_PATHS.project}/journey`), async (req, res) => {
    res.json(await journey.journey(signedIn(req), z.parse(ProjectIdParam, req.params.projectId)));
  });

  router.patch(route(JOURNEY_PATHS.project), async (req, res) => {
    const projectId = z.parse(ProjectIdParam, req.params.projectId);
    const patch = z.parse(ProjectPatchSchema, req.body ?? {});
    res.json({ preferences: await journey.patch(signedIn(req), projectId, patch) });
  });

  /** The project page's plain form for the same change as PATCH (HTML forms know no PATCH); 303 back. */
  router.post(
    route(`${JOURNEY_PATHS.project}/preferences`),
    action({
      form: 'preferences',
      page: (req) => backTo(req),
      keep: ['contactPhone', 'weekdays', 'timeOfDay', 'note'],
      input: (req) => {
        if (!isHtmlForm(req)) throw new AppError(CommonErrors.METHOD_NOT_ALLOWED);
        const weekdays = listField(req, 'weekdays').map(Number);
        const timeOfDay = textField(req, 'timeOfDay') || 'ANY';
        const note = textField(req, 'note').trim();
        const phone = textField(req, 'contactPhone').trim();
        const times = weekdays.length === 0 && timeOfDay === 'ANY' && note === '' ? null : { weekdays, timeOfDay, note: note || null };
        return { projectId: z.parse(ProjectIdParam, req.params.projectId), patch: z.parse(ProjectPatchSchema, { contactPhone: phone || null, preferredAppointmentTimes: times }) };
      },
      run: ({ projectId, patch }, { req }) => journey.patch(signedIn(req), projectId, patch),
      done: (_result, { req }) => doneOn(req, 'PREFERENCES'),
    }),
  );

  router.post(
    route(JOURNEY_PATHS.action),
    action({
      form: 'action',
      page: (req) => backTo(req),
      input: (req, { plain }) => ({
        projectId: z.parse(ProjectIdParam, req.params.projectId),
        action: z.parse(CustomerActionSchema, plain ? { action: formFields(req).action } : (req.body ?? {})).action,
      }),
      run: ({ projectId, action: customerAction }, { req }) => journey.customerAction(signedIn(req), projectId, customerAction),
      done: (_result, { req }) => doneOn(req, textField(req, 'action')),
    }),
  );

  router.post(
    route(JOURNEY_PATHS.mastrMove),
    action({
      form: 'mastr-move',
      page: (req) => backTo(req, MOVE_MASTR_PATH),
      keep: ['operatorNumber'],
      fieldOf: { [JourneyErrors.MASTR_ACTOR_UNKNOWN.code]: 'operatorNumber' },
      input: (req, { plain }) =>
        z.parse(MastrMoveSchema, plain ? { projectId: Number(textField(req, 'projectId')), operatorNumber: textField(req, 'operatorNumber') } : (req.body ?? {})),
      run: (input, { req }) => journey.mastrMove(signedIn(req), input),
      done: (_result, { req }) => doneOn(req, 'MOVE', MOVE_MASTR_PATH),
    }),
  );

  router.post(
    route(JOURNEY_PATHS.mastrRegister),
    action({
      form: 'mastr-register',
      page: (req) => backTo(req, MOVE_MASTR_PATH),
      keep: ['unitNumbers'],
      fieldOf: { [JourneyErrors.MASTR_UNIT_UNKNOWN.code]: 'unitNumbers' },
      input: (req, { plain }) => {
        if (!plain) return z.parse(MastrRegisterSchema, req.body ?? {});
        // One field with one or more numbers, separated by commas, semicolons or line breaks.
        const unitNumbers = textField(req, 'unitNumbers')
          .split(/[,;\n]+/)
          .map((n) => n.trim())
          .filter(Boolean);
        return z.parse(MastrRegisterSchema, { projectId: Number(textField(req, 'projectId')), unitNumbers });
      },
      run: (input, { req }) => journey.mastrRegister(signedIn(req), input),
      done: (_result, { req }) => doneOn(req, 'REGISTER', MOVE_MASTR_PATH),
    }),
  );

  return router;
}

const EventSchema = z.looseObject({
  event: z.string(),
  data: z.looseObject({ projectId: z.number().check(z.int(), z.positive()), step: z.optional(z.string()) }),
});

/**
 * The management service's project events (a machine caller, HMAC-signed): when a project reaches IN_OPERATION the
 * customer gets the "finished" mail, once; when the installer enters a refund, the refund mail, once per amount.
 */
export function managementWebhookRoutes(deps: RouteDeps): Router {
  const { services: { journey, money, upstreamCache }, config, logger } = deps;
  const router = Router();
  router.post(JOURNEY_PATHS.managementWebhook.replace(/^\/api/, ''), async (req, res) => {
    if (!isValidEventSignature(config.MANAGEMENT_WEBHOOK_SECRET, rawBodyOf(req), req.get('x-management-signature'))) {
      logger.warn('management webhook with a wrong signature refused');
      const { code, message, status } = JourneyErrors.WEBHOOK_UNAUTHORIZED;
      res.status(status).json({ code, message });
      return;
    }
    const payload = z.parse(EventSchema, req.body);
    const { projectId, step } = payload.data;
    // What this instance keeps of the project is asked afresh (docs/architecture.md "The data path of a page").
    upstreamCache.invalidateProject(projectId);
    const outcome =
      payload.event === 'project.step_changed' && step !== undefined
        ? await journey.projectEvent({ projectId, step })
        : payload.event === 'project.refund_changed'
          ? await money.refunds.refundEvent(projectId)
          : 'ignored';
    // A DC or AC step done brings its survey invitation (docs/surveys.md).
    if (payload.event === 'project.step_changed') await queueSurveyInvitations(deps, { projectId });
    logger.info('management event', { event: payload.event, projectId: payload.data.projectId, step: payload.data.step, outcome });
    if (outcome === 'failed') {
      // The sender retries; the mail is tried again then.
      res.status(503).json({ code: CommonErrors.UPSTREAM_UNAVAILABLE.code, message: 'Mail not sent' });
      return;
    }
    res.status(204).end();
  });
  return router;
}
