import express, { Router, type Response } from 'express';
import * as z from 'zod/mini';
import { CommonErrors, hasErrorCode } from '../../contracts/errors.ts';
import {
  SURVEYS_PAGE,
  SURVEY_PATHS,
  SubmitSurveySchema,
  SurveyErrors,
  surveyHref,
  surveyResultHref,
  type SurveyFormValues,
  type SurveyType,
} from '../../contracts/surveys.ts';
import type { AppError } from '../../domain/errors.ts';
import { formActions, formFields } from '../form-action.ts';
import { isOwnNavigation } from '../middlewares/csrf.ts';
import { redirectWithin } from '../redirect.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';
import { isValidEventSignature, rawBodyOf } from '../webhook-signature.ts';

const SurveyIdParam = z.pipe(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), z.transform(Number));
const route = (path: string) => `/${path}`;
const form = express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 100 });

const text = (value: unknown) => (typeof value === 'string' ? value : '');
/** The survey form's own fields (a star question's is `star.<questionId>`). */
const SURVEY_FIELD = /^(star\.[\w-]{1,64}|netPromoterScore|contactEmail|contactPhone|additionalMessage|contactRequested|reviewMailConsent)$/;
const checked = (value: unknown) => value === 'on' || value === 'true' || value === '1';

/** The plain form's fields (`star.<questionId>` per star question) as the one shape the domain checks. */
function valuesOfForm(fields: Record<string, unknown>): SurveyFormValues {
  const stars = Object.fromEntries(
    Object.entries(fields)
      .filter(([name]) => name.startsWith('star.') && name.length <= 70)
      .map(([name, value]) => [name.slice(5), text(value)]),
  );
  return {
    stars,
    netPromoterScore: text(fields.netPromoterScore),
    contactEmail: text(fields.contactEmail),
    contactPhone: text(fields.contactPhone),
    additionalMessage: text(fields.additionalMessage),
    contactRequested: checked(fields.contactRequested),
    reviewMailConsent: checked(fields.reviewMailConsent),
  };
}

/** The JSON body in the same shape: numbers become what a form would have posted. */
function valuesOfJson(body: z.infer<typeof SubmitSurveySchema>): SurveyFormValues {
  const asText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    stars: Object.fromEntries(Object.entries(body.answers ?? {}).map(([id, value]) => [id, asText(value)])),
    netPromoterScore: asText(body.netPromoterScore),
    contactEmail: body.contactEmail ?? '',
    contactPhone: body.contactPhone ?? '',
    additionalMessage: body.additionalMessage ?? '',
    contactRequested: body.contactRequested ?? false,
    reviewMailConsent: body.reviewMailConsent ?? false,
  };
}

/**
 * Surveys on the internal base: `GET /survey/todo`, `GET /survey/{id}`, `GET /survey/{id}/result`,
 * `POST /survey` (JSON, or the page's plain form without JavaScript: 303 to the result, or back to the form with the
 * typed values kept), and the review invitation of the result page (`GET /survey/{id}/review`: records the click, then
 * leads to the review platform).
 */
export function surveysRoutes(deps: RouteDeps): Router {
  const { services: { surveys }, logger, config } = deps;
  const action = formActions(deps);
  const router = Router();
  const portalOrigin = new URL(config.publicUrl).origin;

  router.get(route(SURVEY_PATHS.todo), async (req, res) => {
    res.json({ surveys: await surveys.todo(signedIn(req)) });
  });

  router.get(route(SURVEY_PATHS.survey), async (req, res) => {
    res.json(await surveys.form(signedIn(req), z.parse(SurveyIdParam, req.params.surveyId), req.language));
  });

  router.get(route(SURVEY_PATHS.result), async (req, res) => {
    res.json(await surveys.result(signedIn(req), z.parse(SurveyIdParam, req.params.surveyId)));
  });

  router.post(
    route(SURVEY_PATHS.submit),
    action({
      form: 'survey',
      // Answered already (another tab, the back button): the answers are there to see.
      page: (req, refusal) => {
        const surveyId = z.safeParse(SurveyIdParam, text(formFields(req).surveyId));
        if (!surveyId.success) return SURVEYS_PAGE;
        return refusal?.code === SurveyErrors.ALREADY_COMPLETED.code ? surveyResultHref(surveyId.data) : surveyHref(surveyId.data);
      },
      body: form,
      // Every answer as given (a star question's field is `star.<questionId>`); the draft table keeps them as well.
      keep: (req) => Object.fromEntries(Object.entries(formFields(req)).filter(([name, value]) => SURVEY_FIELD.test(name) && typeof value === 'string') as [string, string][]),
      input: (req, { plain }) => {
        if (!plain) {
          const body = z.parse(SubmitSurveySchema, req.body ?? {});
          return { surveyId: body.surveyId, values: valuesOfJson(body) };
        }
        const fields = formFields(req);
        return { surveyId: z.parse(SurveyIdParam, text(fields.surveyId)), values: valuesOfForm(fields) };
      },
      run: ({ surveyId, values }, { req, plain, idempotencyKey }) =>
        surveys.submit(signedIn(req), surveyId, values, { key: idempotencyKey(), lang: req.language, keepDraft: plain }),
      json: (res, answer) => res.status(answer.status).json(answer.body),
      done: (answer) => answer.body.href,
    }),
  );

  router.get(route(SURVEY_PATHS.reviewClick), async (req, res) => {
    const surveyId = z.parse(SurveyIdParam, req.params.surveyId);
    let url: string;
    try {
      // A GET another site could start: only a click on the portal's own page is recorded.
      url = await surveys.reviewClick(signedIn(req), surveyId, req.language, isOwnNavigation(req, portalOrigin));
    } catch (error) {
      if (!hasErrorCode(error, CommonErrors.UPSTREAM_UNAVAILABLE, SurveyErrors.REVIEW_LINK_INVALID)) throw error;
      logger.warn('review platform not reachable for the invitation', { surveyId, error });
      redirectWithin(res, `${surveyResultHref(surveyId)}?error=${encodeURIComponent(CommonErrors.UPSTREAM_UNAVAILABLE.code)}#review`, { status: 303, fallback: SURVEYS_PAGE });
      return;
    }
    sendToPlatform(res, url);
  });

  return router;
}

/**
 * Off to the review platform: its personal link comes from the platform's API (checked to be http or https), never
 * from the request, so this is no open redirect. The only redirect to another origin besides the identity provider's.
 */
function sendToPlatform(res: Response, url: string) {
  res.set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer').redirect(302, url);
}

/** The review mail's link (app base, no session: the signed token in the path opens it); clickedOn EMAIL. */
export function reviewMailLinkRoutes({ services: { surveys }, logger }: RouteDeps): Router {
  const router = Router();
  router.get(route(SURVEY_PATHS.reviewMailLink), async (req, res) => {
    let url: string;
    try {
      url = await surveys.reviewMailClick(String(req.params.token).slice(0, 80));
    } catch (error) {
      if (!hasErrorCode(error, CommonErrors.UPSTREAM_UNAVAILABLE, SurveyErrors.REVIEW_LINK_INVALID)) throw error;
      logger.info('review mail link not followed', { code: (error as AppError).code });
      redirectWithin(res, `${SURVEYS_PAGE}?error=${encodeURIComponent((error as AppError).code)}`, { status: 303, fallback: SURVEYS_PAGE });
      return;
    }
    sendToPlatform(res, url);
  });
  return router;
}

const ReviewEventSchema = z.looseObject({
  event: z.string().check(z.maxLength(64)),
  data: z.looseObject({
    invitationId: z.string().check(z.minLength(1), z.maxLength(64)),
    referenceId: z.string().check(z.minLength(1), z.maxLength(64)),
    createdAt: z.string().check(z.maxLength(40)),
  }),
});

/** The review platform's events (a machine caller, HMAC-signed like the task service's): a review was given. */
export function reviewsWebhookRoutes({ services: { surveys }, config, logger }: RouteDeps): Router {
  const router = Router();
  router.post(SURVEY_PATHS.reviewsWebhook.replace(/^\/api/, ''), async (req, res) => {
    if (!isValidEventSignature(config.REVIEWS_WEBHOOK_SECRET, rawBodyOf(req), req.get('x-reviews-signature'))) {
      logger.warn('reviews webhook with a wrong signature refused');
      const { code, message, status } = SurveyErrors.WEBHOOK_UNAUTHORIZED;
      res.status(status).json({ code, message });
      return;
    }
    const payload = z.parse(ReviewEventSchema, req.body);
    const outcome = payload.event === 'review.created' ? await surveys.reviewReported(payload.data) : 'ignored';
    logger.info('reviews event', { event: payload.event, referenceId: payload.data.referenceId, outcome });
    res.status(204).end();
  });
  return router;
}

/**
 * Queues the survey invitations of one project (the installer's event: a step changed or was reported done). Where
 * this instance runs no job runner (JOBS_ENABLED=false), the invitations run right here.
 */
export async function queueSurveyInvitations(deps: RouteDeps, data: { projectId: number; step?: SurveyType }): Promise<string> {
  const { jobs, surveys } = deps.services;
  let queued: string | null | undefined;
  try {
    queued = await jobs.trigger('survey-invitations', data, `survey-invitations:${data.projectId}:${data.step ?? '-'}`);
  } catch (error) {
    deps.logger.info('job runner not running here; survey invitations run in the request', { projectId: data.projectId, error });
    const counts = await surveys.runInvitations(data);
    return counts.invited > 0 ? 'invited' : 'nothing-to-invite';
  }
  // null: the same project's invitations are queued already (singleton key).
  return queued === null ? 'already-queued' : 'queued';
}
