import express, { Router, type Request, type Response } from 'express';
import * as z from 'zod/mini';
import { CommonErrors } from '../../contracts/errors.ts';
import { IbanCheckRequestSchema, MONEY_PAGES, MONEY_PATHS, MoneyErrors, ReferralRequestSchema, RefundPatchSchema, SepaMandateRequestSchema } from '../../contracts/money.ts';
import { AppError } from '../../domain/errors.ts';
import { IDEMPOTENCY_KEY_PATTERN } from '../../domain/idempotency/idempotency.ts';
import { dropFormFlash, keepFormFlash } from '../form-flash.ts';
import { isPlainHtmlForm } from '../middlewares/csrf.ts';
import { redirectWithin } from '../redirect.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';

const ProjectIdParam = z.pipe(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), z.transform(Number));
const route = (path: string) => `/${path}`;
/** The plain forms post urlencoded bodies (docs/architecture.md "Forms without JavaScript"). */
const form = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 30 });

/**
 * Contract-checked input; a refusal names its fields (`fields=iban,name`), never the values. A holder's name the bank
 * cannot carry, or would get converted, has its own code at its field (docs/money.md "Names at the bank").
 */
function parse<S extends z.ZodMiniType>(schema: S, body: unknown): z.infer<S> {
  const parsed = z.safeParse(schema, body ?? {});
  if (parsed.success) return parsed.data;
  for (const [message, error] of [['sepaCharacter', MoneyErrors.NAME_CHARACTER], ['sepaReview', MoneyErrors.NAME_REVIEW]] as const) {
    const issue = parsed.error.issues.find((i) => i.message === message);
    if (issue) throw new AppError(error, { params: { field: String(issue.path[0] ?? '') } });
  }
  const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')).filter(Boolean))];
  throw new AppError(CommonErrors.VALIDATION, { params: { fields: fields.join(',') } });
}

function idempotencyKey(req: Request): string | undefined {
  const key = req.get('idempotency-key') ?? (typeof req.body?.idempotencyKey === 'string' ? (req.body.idempotencyKey as string) : undefined);
  if (key === undefined || key === '') return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new AppError(CommonErrors.VALIDATION, { params: { fields: 'idempotencyKey' } });
  return key;
}

/**
 * What each plain form's page shows again after a refusal: the contract's fields, minus the ones the page makes anew
 * (a fresh Idempotency-Key per view; the project is the session's).
 */
const typedFields = (schema: { shape: object }) => Object.keys(schema.shape).filter((name) => name !== 'idempotencyKey' && name !== 'projectId' && name !== 'holderAsSent');
const REFUND_FIELDS = typedFields(RefundPatchSchema);
const SEPA_FIELDS = typedFields(SepaMandateRequestSchema);
const REFERRAL_FIELDS = typedFields(ReferralRequestSchema);

/** Back to the form with the refusal's code and where it belongs (field, IBAN problem); never a value typed. */
function withError(page: string, error: AppError): string {
  const params = new URLSearchParams({ error: error.code });
  for (const name of ['field', 'fields', 'problem', 'expectedLength'] as const) {
    const value = error.params[name];
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  return `${page}?${params}#form`;
}

/**
 * A plain form is answered with 303 (to `done`'s target, or back to the page with the refusal); a script gets JSON.
 * A refusal the page can word (4xx, or a service that is down) keeps the form's `fields` as typed in the session for
 * the page's next view (bff/http/form-flash.ts), so nothing typed is lost; the address carries codes only. Other server
 * errors and 404 (a foreign project) take the normal error path.
 */
async function answer<T>(
  req: Request,
  res: Response,
  page: string,
  fields: readonly string[],
  work: () => Promise<{ status: number; body: T }>,
  done: (body: T) => { redirect: string; external?: boolean },
) {
  const plain = isPlainHtmlForm(req);
  try {
    const result = await work();
    if (!plain) {
      res.status(result.status).json(result.body);
      return;
    }
    await dropFormFlash(req);
    const target = done(result.body);
    // The e-signature provider's page is another origin: a plain 303, never through redirectWithin.
    if (target.external) res.redirect(303, target.redirect);
    else redirectWithin(res, target.redirect, { status: 303, fallback: page });
  } catch (error) {
    if (!plain || !(error instanceof AppError) || error.status === 404) throw error;
    if (error.status >= 500 && error.code !== CommonErrors.UPSTREAM_UNAVAILABLE.code) throw error;
    if (error.retryAfterSeconds) res.set('Retry-After', String(error.retryAfterSeconds));
    if (fields.length > 0) await keepFormFlash(req, page, fields);
    redirectWithin(res, withError(page, error), { status: 303, fallback: page });
  }
}

/**
 * Money on the internal base (spec section 7): `POST /util/ibanvalidation` (the IBAN in the body, never in a URL, so
 * no access log, proxy or APM keeps it), `GET|PATCH /project/{projectId}/refund`, plus `POST /project/{projectId}/refund`,
 * the refund page's plain form (HTML forms know no PATCH).
 */
export function moneyInternalRoutes({ services: { money } }: RouteDeps): Router {
  const router = Router();

  router.post(route(MONEY_PATHS.ibanValidation), async (req, res) => {
    const { iban } = parse(IbanCheckRequestSchema, req.body);
    res.json(await money.checkIban(signedIn(req), iban));
  });

  router.get(route(MONEY_PATHS.refund), async (req, res) => {
    const refund = await money.refunds.get(signedIn(req), z.parse(ProjectIdParam, req.params.projectId));
    res.json({ refund });
  });

  router.patch(route(MONEY_PATHS.refund), async (req, res) => {
    const projectId = z.parse(ProjectIdParam, req.params.projectId);
    const input = parse(RefundPatchSchema, req.body);
    const result = await money.refunds.submit(signedIn(req), projectId, input, idempotencyKey(req));
    res.status(result.status).json(result.body);
  });

  router.post(route(MONEY_PATHS.refund), form, async (req, res) => {
    await answer(
      req,
      res,
      MONEY_PAGES.refund,
      REFUND_FIELDS,
      async () => money.refunds.submit(signedIn(req), z.parse(ProjectIdParam, req.params.projectId), parse(RefundPatchSchema, req.body), idempotencyKey(req)),
      () => ({ redirect: `${MONEY_PAGES.refund}?sent=1` }),
    );
  });

  return router;
}

/**
 * Money on the app base (spec section 7): `POST /sepa-mandate` (answers the provider's signing URL, or 303 to it for the
 * plain form), `POST /sepa-mandate/resume` (a fresh URL for the mandate waiting for the signature) and
 * `POST /referral-reward`.
 */
export function moneyAppRoutes({ services: { money } }: RouteDeps): Router {
  const router = Router();

  router.post(route(MONEY_PATHS.sepaMandate), form, async (req, res) => {
    await answer(
      req,
      res,
      MONEY_PAGES.sepaMandate,
      SEPA_FIELDS,
      async () => money.sepa.create(signedIn(req), parse(SepaMandateRequestSchema, req.body), idempotencyKey(req)),
      (body) => ({ redirect: body.url, external: true }),
    );
  });

  router.post(route(`${MONEY_PATHS.sepaMandate}/resume`), form, async (req, res) => {
    await answer(
      req,
      res,
      MONEY_PAGES.sepaMandate,
      [],
      async () => ({ status: 200, body: await money.sepa.resume(signedIn(req), parse(z.object({ projectId: z.pipe(z.union([z.number(), z.string()]), z.pipe(z.transform(Number), z.number().check(z.int(), z.positive()))) }), req.body).projectId) }),
      (body) => ({ redirect: body.url, external: true }),
    );
  });

  router.post(route(MONEY_PATHS.referralReward), form, async (req, res) => {
    await answer(
      req,
      res,
      MONEY_PAGES.referralReward,
      REFERRAL_FIELDS,
      async () => money.referrals.create(signedIn(req), parse(ReferralRequestSchema, req.body), idempotencyKey(req)),
      () => ({ redirect: `${MONEY_PAGES.referralReward}?sent=1` }),
    );
  });

  return router;
}
