import express, { Router, type Request, type Response } from 'express';
import * as z from 'zod/mini';
import { CommonErrors } from '../../contracts/errors.ts';
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
import { machineRouter } from '../machine/machine.routes.ts';
import { isPlainHtmlForm } from '../middlewares/csrf.ts';
import { redirectWithin } from '../redirect.ts';
import type { RouteDeps } from '../route-deps.ts';

const form = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 40 });
const route = (path: string) => `/${path}`;

const cookieOf = (req: Request): string | null =>
  req
    .get('cookie')
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${FUNNEL_COOKIE}=`))
    ?.slice(FUNNEL_COOKIE.length + 1) ?? null;

const visitOf = (req: Request): FunnelVisit => ({ ip: req.ip ?? req.socket.remoteAddress ?? 'unknown', marketing: req.consent?.marketing === true, lang: req.language });

/** A page with the error's code (and its numbers) for a plain form; the page words it (docs/funnel.md). */
function withError(page: string, error: AppError, extra: Record<string, string> = {}): string {
  const url = new URL(page, 'http://x');
  for (const [key, value] of Object.entries(extra)) if (value) url.searchParams.set(key, value);
  url.searchParams.set('fehler', error.code);
  const { attemptsLeft, retryAfterSeconds } = error.params;
  if (typeof attemptsLeft === 'number') url.searchParams.set('versuche', String(attemptsLeft));
  if (typeof retryAfterSeconds === 'number') url.searchParams.set('warte', String(retryAfterSeconds));
  if (error.params.format === true) url.searchParams.set('format', '1');
  return `${url.pathname}${url.search}`;
}

/**
 * The funnel's form routes on the app base (mount `capability`: no session; the funnel cookie names the visitor's
 * request). Plain forms (they work without JavaScript) get 303 to the next page or back with `?fehler=<code>`; a script
 * that sends the CSRF header gets JSON (`{ next }`, or the error). Same-origin only, like every form of the portal.
 */
export function funnelFormRoutes({ services: { funnel }, config }: RouteDeps): Router {
  const router = Router();
  const secure = config.publicUrl.startsWith('https://');

  const answer = (req: Request, res: Response, next: FunnelStepAnswer['next']) => {
    if (isPlainHtmlForm(req)) redirectWithin(res, next, { status: 303, fallback: FUNNEL_PAGES.details });
    else res.json({ next } satisfies FunnelStepAnswer);
  };
  const refuse = (req: Request, res: Response, error: unknown, page: string, extra?: Record<string, string>) => {
    // A plain form goes back to its page with what went wrong, the SMS gateway's outage and the paused budget included.
    if (!(error instanceof AppError) || !isPlainHtmlForm(req)) throw error;
    if (error.status >= 500 && error.code !== FunnelErrors.SMS_PAUSED.code && error.code !== CommonErrors.UPSTREAM_UNAVAILABLE.code) throw error;
    if (error.retryAfterSeconds) res.set('Retry-After', String(error.retryAfterSeconds));
    redirectWithin(res, withError(page, error, extra), { status: 303, fallback: FUNNEL_PAGES.details });
  };

  router.post(route(FUNNEL_PATHS.details), form, async (req, res) => {
    const fields = z.safeParse(FunnelDetailsFormSchema, req.body ?? {});
    if (!fields.success) throw new AppError(CommonErrors.VALIDATION);
    const source = (fields.data[FUNNEL_SOURCE_PARAM] ?? '').trim().toLowerCase();
    const back = { [FUNNEL_SOURCE_PARAM]: URL_PARAM_PATTERN.test(source) ? source : '' };
    const visit = visitOf(req);
    try {
      const { token, request } = await funnel.begin(cookieOf(req), fields.data, visit);
      res.cookie(FUNNEL_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: FUNNEL_REQUEST_HOURS * 3_600_000 });
      await funnel.submitDetails(request, fields.data, visit);
      answer(req, res, FUNNEL_PAGES.code);
    } catch (error) {
      refuse(req, res, error, FUNNEL_PAGES.details, back);
    }
  });

  router.post(route(FUNNEL_PATHS.verify), form, async (req, res) => {
    const fields = z.safeParse(FunnelVerifyFormSchema, req.body ?? {});
    if (!fields.success) throw new AppError(CommonErrors.VALIDATION);
    try {
      await funnel.verify(cookieOf(req), fields.data.code, visitOf(req));
      answer(req, res, FUNNEL_PAGES.done);
    } catch (error) {
      refuse(req, res, error, error instanceof AppError && error.code === FunnelErrors.NO_REQUEST.code ? FUNNEL_PAGES.details : FUNNEL_PAGES.code);
    }
  });

  router.post(route(FUNNEL_PATHS.resend), form, async (req, res) => {
    try {
      await funnel.resend(cookieOf(req), visitOf(req));
      if (isPlainHtmlForm(req)) redirectWithin(res, `${FUNNEL_PAGES.code}?neu=1`, { status: 303, fallback: FUNNEL_PAGES.code });
      else res.json({ next: FUNNEL_PAGES.code } satisfies FunnelStepAnswer);
    } catch (error) {
      refuse(req, res, error, error instanceof AppError && error.code === FunnelErrors.NO_REQUEST.code ? FUNNEL_PAGES.details : FUNNEL_PAGES.code);
    }
  });
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
