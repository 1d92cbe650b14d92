import { Router, type Response } from 'express';
import * as z from 'zod/mini';
import { CommonErrors } from '../../contracts/errors.ts';
import { IbanCheckRequestSchema, MONEY_PAGES, MONEY_PATHS, MoneyErrors, ReferralRequestSchema, RefundPatchSchema, SepaMandateRequestSchema } from '../../contracts/money.ts';
import { AppError } from '../../domain/errors.ts';
import { formActions, idempotencyKeyOf } from '../form-action.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';

const ProjectIdParam = z.pipe(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), z.transform(Number));
const route = (path: string) => `/${path}`;

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

/**
 * What each plain form's page shows again after a refusal: the contract's fields, minus the ones the page makes anew
 * (a fresh Idempotency-Key per view; the project is the session's).
 */
const typedFields = (schema: { shape: object }) => Object.keys(schema.shape).filter((name) => name !== 'idempotencyKey' && name !== 'projectId' && name !== 'holderAsSent');
const REFUND_FIELDS = typedFields(RefundPatchSchema);
const SEPA_FIELDS = typedFields(SepaMandateRequestSchema);
const REFERRAL_FIELDS = typedFields(ReferralRequestSchema);

/** A use case's answer as it is: its status and body for a script. */
const asIs = (res: Response, result: { status: number; body: unknown }) => res.status(result.status).json(result.body);

/**
 * Money on the internal base (docs/money.md): `POST /util/ibanvalidation` (the IBAN in the body, never in a URL, so
 * no access log, proxy or APM keeps it), `GET|PATCH /project/{projectId}/refund`, plus `POST /project/{projectId}/refund`,
 * the refund page's plain form (HTML forms know no PATCH).
 */
export function moneyInternalRoutes(deps: RouteDeps): Router {
  const { money } = deps.services;
  const action = formActions(deps);
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
    const result = await money.refunds.submit(signedIn(req), projectId, input, idempotencyKeyOf(req));
    res.status(result.status).json(result.body);
  });

  router.post(
    route(MONEY_PATHS.refund),
    action({
      form: 'refund',
      page: MONEY_PAGES.refund,
      keep: REFUND_FIELDS,
      input: (req) => ({ projectId: z.parse(ProjectIdParam, req.params.projectId), patch: parse(RefundPatchSchema, req.body) }),
      run: ({ projectId, patch }, { req, idempotencyKey }) => money.refunds.submit(signedIn(req), projectId, patch, idempotencyKey()),
      json: asIs,
      done: () => `${MONEY_PAGES.refund}?sent=1`,
    }),
  );

  return router;
}

/**
 * Money on the app base: `POST /sepa-mandate` (answers the provider's signing URL, or 303 to it for the
 * plain form), `POST /sepa-mandate/resume` (a fresh URL for the mandate waiting for the signature) and
 * `POST /referral-reward`.
 */
export function moneyAppRoutes(deps: RouteDeps): Router {
  const { money } = deps.services;
  const action = formActions(deps);
  const router = Router();

  router.post(
    route(MONEY_PATHS.sepaMandate),
    action({
      form: 'sepa',
      page: MONEY_PAGES.sepaMandate,
      keep: SEPA_FIELDS,
      input: (req) => parse(SepaMandateRequestSchema, req.body),
      run: (input, { req, idempotencyKey }) => money.sepa.create(signedIn(req), input, idempotencyKey()),
      json: asIs,
      done: (result) => new URL(result.body.url),
    }),
  );

  router.post(
    route(`${MONEY_PATHS.sepaMandate}/resume`),
    action({
      form: 'sepa-resume',
      page: MONEY_PAGES.sepaMandate,
      input: (req) => parse(z.object({ projectId: z.pipe(z.union([z.number(), z.string()]), z.pipe(z.transform(Number), z.number().check(z.int(), z.positive()))) }), req.body).projectId,
      run: (projectId, { req }) => money.sepa.resume(signedIn(req), projectId),
      done: (result) => new URL(result.url),
    }),
  );

  router.post(
    route(MONEY_PATHS.referralReward),
    action({
      form: 'referral',
      page: MONEY_PAGES.referralReward,
      keep: REFERRAL_FIELDS,
      input: (req) => parse(ReferralRequestSchema, req.body),
      run: (input, { req, idempotencyKey }) => money.referrals.create(signedIn(req), input, idempotencyKey()),
      json: asIs,
      done: () => `${MONEY_PAGES.referralReward}?sent=1`,
    }),
  );

  return router;
}
