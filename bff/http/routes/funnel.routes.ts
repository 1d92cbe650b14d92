import { Router, type Request, type Response } from 'express';
import * as z from 'zod/mini';
import { CommonErrors } from '../../contracts/errors.ts';
import type { FormRefusal } from '../../contracts/form-flash.ts';
import {
  FUNNEL_COOKIE,
  FUNNEL_PAGES,
  FUNNEL_PATHS,
  FUNNEL_REQUEST_HOURS,
  FUNNEL_SOURCE_PARAM,
  FunnelDetailsFormSchema,
  FunnelErrors,
  FunnelVerifyFormSchema,
  LeadSourceSchema,
  SalesEventSchema,
  URL_PARAM_PATTERN,
  type FunnelStepAnswer,
} from '../../contracts/funnel.ts';
import { AppError } from '../../domain/errors.ts';
import type { FunnelVisit } from '../../domain/funnel/funnel.service.ts';
import { cookieValue } from '../cookies.ts';
import { machineRouter } from '../machine/machine.routes.ts';
import { formActions, textField, withParams } from '../form-action.ts';
import type { RouteDeps } from '../route-deps.ts';

const route = (path: string) => `/${path}`;

const cookieOf = (req: Request): string | null => cookieValue(req.get('cookie'), FUNNEL_COOKIE) ?? null;

const visitOf = (req: Request): FunnelVisit => ({ ip: req.ip ?? req.socket.remoteAddress ?? 'unknown', marketing: req.consent?.marketing === true, lang: req.language });

/** The code page, or the details page for a browser without a request (its cookie ran out: start again there). */
const pageOf = (refusal: FormRefusal | undefined) => (refusal?.code === FunnelErrors.NO_REQUEST.code ? FUNNEL_PAGES.details : FUNNEL_PAGES.code);

/**
 * The funnel's form routes on the app base (mount `capability`: no session; the funnel cookie names the visitor's
 * request, which also keeps the typed details: docs/funnel.md). Plain forms (they work without JavaScript) get 303 to
 * the next page or back with the refusal (bff/http/form-action.ts); a script that sends the CSRF header gets JSON
 * (`{ next }`, or the error). Same-origin only, like every form of the portal.
 */
export function funnelFormRoutes(deps: RouteDeps): Router {
  const { services: { funnel }, config } = deps;
  const action = formActions(deps);
  const router = Router();
  const secure = config.publicUrl.startsWith('https://');
  const next = (res: Response, to: FunnelStepAnswer['next']) => res.json({ next: to } satisfies FunnelStepAnswer);

  router.post(
    route(FUNNEL_PATHS.details),
    action({
      form: 'funnel-details',
      // Back with the lead source only; the typed details wait in the funnel's request, never in the address.
      page: (req) => {
        const source = textField(req, FUNNEL_SOURCE_PARAM).trim().toLowerCase();
        return withParams(FUNNEL_PAGES.details, { [FUNNEL_SOURCE_PARAM]: URL_PARAM_PATTERN.test(source) ? source : undefined });
      },
      input: (req) => {
        const fields = z.safeParse(FunnelDetailsFormSchema, req.body ?? {});
        if (!fields.success) throw new AppError(CommonErrors.VALIDATION);
        return fields.data;
      },
      run: async (fields, { req, res }) => {
        const visit = visitOf(req);
        const { token, request } = await funnel.begin(cookieOf(req), fields, visit);
        res.cookie(FUNNEL_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: FUNNEL_REQUEST_HOURS * 3_600_000 });
        await funnel.submitDetails(request, fields, visit);
      },
      json: (res) => next(res, FUNNEL_PAGES.code),
      done: () => FUNNEL_PAGES.code,
    }),
  );

  router.post(
    route(FUNNEL_PATHS.verify),
    action({
      form: 'funnel-code',
      page: (_req, refusal) => pageOf(refusal),
      fieldOf: Object.fromEntries([FunnelErrors.CODE_INVALID, FunnelErrors.CODE_EXPIRED, FunnelErrors.TOO_MANY_ATTEMPTS].map((entry) => [entry.code, 'code'])),
      input: (req) => {
        const fields = z.safeParse(FunnelVerifyFormSchema, req.body ?? {});
        if (!fields.success) throw new AppError(CommonErrors.VALIDATION);
        return fields.data.code;
      },
      run: (code, { req }) => funnel.verify(cookieOf(req), code, visitOf(req)),
      json: (res) => next(res, FUNNEL_PAGES.done),
      done: () => FUNNEL_PAGES.done,
    }),
  );

  router.post(
    route(FUNNEL_PATHS.resend),
    action({
      form: 'funnel-resend',
      page: (_req, refusal) => pageOf(refusal),
      input: () => undefined,
      run: (_input, { req }) => funnel.resend(cookieOf(req), visitOf(req)),
      json: (res) => next(res, FUNNEL_PAGES.code),
      done: () => `${FUNNEL_PAGES.code}?neu=1`,
    }),
  );
  return router;
}

const UrlParam = z.string().check(z.regex(URL_PARAM_PATTERN));

/**
 * `/api/funnel` (funnel token, docs/machine-api.md): the lead funnel keeps its lead sources (FunnelStore) up to date,
 * and the sales service reports what became of a lead (`lead.won`: the sale closed; `lead.lost`).
 */
export function funnelRoutes(deps: RouteDeps): Router {
  const { router, api } = machineRouter(deps, 'funnel');
  const { funnel } = deps.services;
  api.get('/sources', async (_req, res) => {
    res.json({ sources: await funnel.sources.list() });
  });
  api.put('/sources/:urlParam', async (req, res) => {
    const urlParam = z.safeParse(UrlParam, req.params.urlParam);
    const body = z.safeParse(LeadSourceSchema, req.body);
    if (!urlParam.success || !body.success) throw new AppError(CommonErrors.VALIDATION);
    const source = await funnel.sources.upsert(urlParam.data, body.data);
    deps.logger.info('funnel: lead source saved', { urlParam: source.urlParam, active: source.isActive });
    res.json(source);
  });
  api.post('/events', async (req, res) => {
    const event = z.safeParse(SalesEventSchema, req.body);
    if (!event.success) throw new AppError(CommonErrors.VALIDATION);
    const outcome = await funnel.salesEvent(event.data);
    deps.logger.info('funnel: sales event', { event: event.data.event, lead: outcome.leadId });
    res.status(202).json({ event: event.data.event, ...outcome });
  });
  return router;
}
