import express, { Router, type Request } from 'express';
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
import { isHtmlForm } from '../middlewares/csrf.ts';
import { redirectWithin } from '../redirect.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';
import { isValidEventSignature, rawBodyOf } from '../webhook-signature.ts';
import { queueSurveyInvitations } from './surveys.routes.ts';

const ProjectIdParam = z.pipe(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), z.transform(Number));
const route = (path: string) => `/${path}`;

/** Where a plain form goes back to: its `returnTo` (same origin only), else the project page. */
const backTo = (req: Request) => String((req.body as Record<string, unknown> | undefined)?.returnTo ?? MY_PROJECT_PATH);

/** A page form's answer: 303 back with `?done=…` or, for an error the page can word, `?error=<code>`. */
async function answerForm(
  req: Request,
  res: express.Response,
  done: string,
  work: () => Promise<unknown>,
  fallback = MY_PROJECT_PATH,
  /** Values sent back on an error so the customer does not type them again (never anything sensitive). */
  keep: Record<string, string> = {},
) {
  const target = backTo(req).split(/[?#]/)[0] ?? fallback;
  try {
    await work();
    redirectWithin(res, `${target}?done=${encodeURIComponent(done)}`, { status: 303, fallback });
  } catch (error) {
    if (!(error instanceof AppError) && !(error instanceof z.core.$ZodError)) throw error;
    if (error instanceof AppError && (error.status >= 500 || error.status === 404)) throw error;
    const code = error instanceof AppError ? error.code : CommonErrors.VALIDATION.code;
    const kept = new URLSearchParams({ error: code, ...Object.fromEntries(Object.entries(keep).map(([k, v]) => [k, v.slice(0, 400)])) });
    redirectWithin(res, `${target}?${kept}`, { status: 303, fallback });
  }
}

const formFields = (req: Request) => (req.body ?? {}) as Record<string, string | string[] | undefined>;

/**
 * The project journey on the internal base (spec section 7: `POST /project/search`, `PATCH /project/{id}`,
 * `POST /user/mastr/move`, `POST /user/mastr/register`) plus the journey itself and the customer's confirmations.
 * Forms of the step pages post here without JavaScript and are sent back with 303.
 */
export function journeyRoutes({ services: { journey } }: RouteDeps): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '8kb' });

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
  router.post(route(`${JOURNEY_PATHS.project}/preferences`), form, async (req, res) => {
    if (!isHtmlForm(req)) throw new AppError(CommonErrors.METHOD_NOT_ALLOWED);
    const projectId = z.parse(ProjectIdParam, req.params.projectId);
    const fields = formFields(req);
    const list = (value: string | string[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
    const weekdays = list(fields.weekdays).map(Number);
    const timeOfDay = String(fields.timeOfDay ?? 'ANY');
    const note = String(fields.note ?? '').trim();
    const phone = String(fields.contactPhone ?? '').trim();
    const times = weekdays.length === 0 && timeOfDay === 'ANY' && note === '' ? null : { weekdays, timeOfDay, note: note || null };
    await answerForm(req, res, 'PREFERENCES', async () => {
      const patch = z.parse(ProjectPatchSchema, { contactPhone: phone || null, preferredAppointmentTimes: times });
      await journey.patch(signedIn(req), projectId, patch);
    });
  });

  router.post(route(JOURNEY_PATHS.action), form, async (req, res) => {
    const projectId = z.parse(ProjectIdParam, req.params.projectId);
    if (isHtmlForm(req)) {
      const fields = formFields(req);
      await answerForm(req, res, String(fields.action ?? ''), async () => {
        const { action } = z.parse(CustomerActionSchema, { action: fields.action });
        await journey.customerAction(signedIn(req), projectId, action);
      });
      return;
    }
    const { action } = z.parse(CustomerActionSchema, req.body ?? {});
    res.json(await journey.customerAction(signedIn(req), projectId, action));
  });

  router.post(route(JOURNEY_PATHS.mastrMove), form, async (req, res) => {
    if (isHtmlForm(req)) {
      const fields = formFields(req);
      await answerForm(
        req,
        res,
        'MOVE',
        async () => journey.mastrMove(signedIn(req), z.parse(MastrMoveSchema, { projectId: Number(fields.projectId), operatorNumber: fields.operatorNumber })),
        MOVE_MASTR_PATH,
        { operatorNumber: String(fields.operatorNumber ?? '') },
      );
      return;
    }
    res.json(await journey.mastrMove(signedIn(req), z.parse(MastrMoveSchema, req.body ?? {})));
  });

  router.post(route(JOURNEY_PATHS.mastrRegister), form, async (req, res) => {
    if (isHtmlForm(req)) {
      const fields = formFields(req);
      // One field with one or more numbers, separated by commas, semicolons or line breaks.
      const unitNumbers = String(fields.unitNumbers ?? '')
        .split(/[,;\n]+/)
        .map((n) => n.trim())
        .filter(Boolean);
      await answerForm(
        req,
        res,
        'REGISTER',
        async () => journey.mastrRegister(signedIn(req), z.parse(MastrRegisterSchema, { projectId: Number(fields.projectId), unitNumbers })),
        MOVE_MASTR_PATH,
        { unitNumbers: String(fields.unitNumbers ?? '') },
      );
      return;
    }
    res.json(await journey.mastrRegister(signedIn(req), z.parse(MastrRegisterSchema, req.body ?? {})));
  });

  return router;
}

const EventSchema = z.looseObject({
  event: z.string(),
  data: z.looseObject({ projectId: z.number().check(z.int(), z.positive()), step: z.optional(z.string()) }),
});

/**
 * The management service's project events (a machine caller, HMAC-signed): when a project reaches IN_OPERATION the
 * customer gets the "finished" mail, once; when the installer enters a refund, the refund mail (issue 16), once per amount.
 */
export function managementWebhookRoutes(deps: RouteDeps): Router {
  const { services: { journey, money }, config, logger } = deps;
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
    const outcome =
      payload.event === 'project.step_changed' && step !== undefined
        ? await journey.projectEvent({ projectId, step })
        : payload.event === 'project.refund_changed'
          ? await money.refunds.refundEvent(projectId)
          : 'ignored';
    // A DC or AC step done brings its survey invitation (issue 15).
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
