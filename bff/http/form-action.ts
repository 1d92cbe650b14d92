import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { $ZodError } from 'zod/v4/core';
import { CommonErrors } from '../contracts/errors.ts';
import { FORM_FLASH_MAX_REPEATS, decodeRefusedFields, isFormId, refusalLocation, type FormRefusal, type FormValue } from '../contracts/form-flash.ts';
import { sameOriginPath } from '../contracts/redirects.ts';
import { AppError } from '../domain/errors.ts';
import { IDEMPOTENCY_KEY_PATTERN } from '../domain/idempotency/idempotency.ts';
import type { Logger } from '../logger.ts';
import { dropFormFlash, keepFormValues, saveSession } from './form-flash.ts';
import { isPlainHtmlForm } from './middlewares/csrf.ts';
import { routeLabel } from './middlewares/observe-requests.ts';
import { redirectWithin } from './redirect.ts';

/**
 * One action per form (docs/architecture.md "Forms without JavaScript"): the same route serves a script (JSON in, JSON
 * out, errors through the error middleware as everywhere) and a plain `<form method="post">` (urlencoded or multipart,
 * no JavaScript), which is answered with a 303: on success to where the action says, on a refusal back to the form's
 * page with the error code and the refused fields in the address (`refusalLocation`), the typed values in the session
 * for that page's next view (the form flash), and the anchor of the form's error summary, which the browser scrolls to
 * and focuses. The action is declared once: input, work, answers; this helper owns everything in between.
 */
export interface FormActionContext {
  req: Request;
  res: Response;
  /** A plain HTML form (no JavaScript): its answer is a 303. */
  plain: boolean;
  /** The Idempotency-Key: the script's header or the plain form's hidden field; a malformed one is refused. */
  idempotencyKey(): string | undefined;
}

/**
 * Where a plain form goes on success: a portal path (kept on the portal), a URL of another origin (a provider's page),
 * or null when `done` answered itself (a download).
 */
export type FormTarget = string | URL | null;

export interface FormAction<I, O> {
  /** The form's id on its page: the address's `form` parameter, and its summary's anchor (`<form>-errors`). */
  form: string | ((req: Request) => string);
  /**
   * The page the plain form is on; it may carry a query of its own that must come back (the chosen topic). Asked with
   * the refusal when there is one (a refusal may belong on another page, e.g. a survey answered already).
   */
  page: string | ((req: Request, refusal?: FormRefusal) => string);
  /**
   * Reads a form body (JSON bodies are read by the app already): urlencoded by default (`limit` 8 KB), or the
   * capability's upload parser for multipart. Its refusals (too large, wrong type) are refusals of the form like any other.
   */
  body?: RequestHandler;
  /** The input, from the JSON body or the plain form's fields; may throw a ZodError (fields from its paths) or AppError. */
  input(req: Request, ctx: FormActionContext): I | Promise<I>;
  /** The work: one use case. */
  run(input: I, ctx: FormActionContext): Promise<O>;
  /** The answer to a script; 200 with the result as JSON by default. */
  json?(res: Response, result: NoInfer<O>, ctx: FormActionContext): void;
  /** Where a plain form goes on success (asynchronous when it keeps something for the page first). */
  done(result: NoInfer<O>, ctx: FormActionContext): FormTarget | Promise<FormTarget>;
  /**
   * The fields a refusal keeps as typed for the page (the form flash): names of the form's own fields (never a
   * password, never anything but the form's), or the values the route read itself.
   */
  keep?: readonly string[] | ((req: Request) => Record<string, FormValue>);
  /** Error codes that belong to one field of the form, e.g. `{ 'ACCOUNT.EMAIL_INVALID': 'email' }`. */
  fieldOf?: Readonly<Record<string, string>>;
  /** A schema path's form field where they differ (default: the path's last name): `preferredAppointmentTimes.note` → `note`. */
  fieldOfPath?(path: readonly PropertyKey[]): string;
  /**
   * Whether an error takes the normal error path for a plain form too; by default a 404 does (a foreign id answers like
   * a missing one). A form whose 404 is the customer's to read (a mailed link that no longer works) says `() => false`.
   */
  passThrough?(error: AppError): boolean;
}

/** Parameters of an error that may travel in an address: numbers, yes/no and these named codes; never a text typed. */
const ADDRESS_SAFE_TEXT = new Set(['service', 'journeyStatus']);
/** Parameters that name fields, folded into the address's `fields`. */
const FIELD_PARAMS = new Set(['field', 'fields', 'problem', 'problems']);

const urlencoded = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 60 });

/** The body's fields of a plain form (strings, or lists for repeated names). */
export const formFields = (req: Request) => (req.body ?? {}) as Record<string, unknown>;
/** One text field of a plain form ('' when absent or repeated). */
export function textField(req: Request, name: string): string {
  const value = formFields(req)[name];
  return typeof value === 'string' ? value : '';
}
/** A repeated field (checkboxes of one name) as its list of values. */
export function listField(req: Request, name: string): string[] {
  const value = formFields(req)[name];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];
}
/** The page a form says the customer wanted (`returnTo`, same origin only), else `fallback`. */
export const returnToOf = (req: Request, fallback = '/home/dashboard') =>
  sameOriginPath(textField(req, 'returnTo') || (typeof req.query.returnTo === 'string' ? req.query.returnTo : ''), fallback);
/** The page a shared form was sent from (`from`, same origin, path only), else `fallback`. */
export const fromOf = (req: Request, fallback: string) => sameOriginPath(textField(req, 'from'), fallback).split(/[?#]/)[0] ?? fallback;

/** `path?name=value…`: query parameters on a same-origin path (values clipped; empty ones left out). */
export function withParams(path: string, params: Record<string, string | number | undefined>): string {
  const url = new URL(path, 'http://portal.invalid');
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') url.searchParams.set(name, String(value).slice(0, 400));
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A 303 to a portal path (the one redirect rule; anything else lands on `fallback`). */
export const redirect303 = (res: Response, target: string, fallback = '/home/dashboard') => redirectWithin(res, target, { status: 303, fallback });

/** The Idempotency-Key of a request: the script's header or the plain form's hidden field; a malformed one is refused. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.get('idempotency-key') ?? textField(req, 'idempotencyKey');
  if (key === '') return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new AppError(CommonErrors.VALIDATION, { params: { fields: 'idempotencyKey' } });
  return key;
}

const lastName = (path: readonly PropertyKey[]) => [...path].reverse().find((part): part is string => typeof part === 'string') ?? '';

/** The refusal a plain form gets for an error, or null for one that takes the normal error path. */
function refusalOf<I, O>(action: FormAction<I, O>, form: string, error: unknown, logger: Logger, req: Request): FormRefusal | null {
  if (error instanceof $ZodError) {
    const fields: Record<string, string> = {};
    for (const issue of error.issues) {
      const name = (action.fieldOfPath ?? lastName)(issue.path);
      if (name && !(name in fields)) fields[name] = '';
    }
    return { form, code: CommonErrors.VALIDATION.code, fields, params: {} };
  }
  if (error instanceof AppError) {
    if (action.passThrough ? action.passThrough(error) : error.status === 404) return null;
    // A service that is down is a 5xx for the operator even though the customer goes back to the form: the same error
    // line (with the cause) as the error middleware writes for a script's request.
    if (error.status >= 500) logger.error('request failed', { method: req.method, route: routeLabel(req), status: error.status, error });
    const fields: Record<string, string> = {};
    const { field, problem, fields: named, problems } = error.params;
    if (typeof field === 'string' && field) fields[field] = typeof problem === 'string' ? problem : '';
    Object.assign(fields, decodeRefusedFields(typeof named === 'string' ? named : ''), decodeRefusedFields(typeof problems === 'string' ? problems : ''));
    const owner = action.fieldOf?.[error.code];
    if (owner && Object.keys(fields).length === 0) fields[owner] = '';
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(error.params)) {
      if (FIELD_PARAMS.has(name) || value === null) continue;
      if (typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && ADDRESS_SAFE_TEXT.has(name))) params[name] = String(value);
    }
    return { form, code: error.code, fields, params };
  }
  const status = (error as { status?: unknown } | null)?.status;
  // A body Express could not read (too large, malformed): nothing to keep, but the form is answered on its page.
  if (typeof status === 'number' && status >= 400 && status < 500) return { form, code: CommonErrors.BAD_REQUEST.code, fields: {}, params: {} };
  // A fault of ours: logged like the error middleware does, and the customer goes back to the form with what was typed.
  logger.error('request failed', { method: req.method, route: routeLabel(req), status: CommonErrors.INTERNAL.status, error });
  return { form, code: CommonErrors.INTERNAL.code, fields: {}, params: {} };
}

/** What a refusal keeps: the named fields as typed (strings; repeated ones as lists), or what the action read itself. */
function keptValues<I, O>(action: FormAction<I, O>, req: Request): Record<string, FormValue> {
  if (!action.keep) return {};
  if (typeof action.keep === 'function') return action.keep(req);
  const body = formFields(req);
  const values: Record<string, FormValue> = {};
  for (const name of action.keep) {
    const value = body[name];
    // An emptied field is kept empty (the page must not fill in its prefill again); an unticked checkbox is not sent.
    if (typeof value === 'string') values[name] = value;
    else if (Array.isArray(value)) values[name] = value.filter((v): v is string => typeof v === 'string').slice(0, FORM_FLASH_MAX_REPEATS);
  }
  return values;
}

/**
 * The route handler of a form action. A script (JSON, or multipart with the CSRF header) gets JSON and its errors
 * take the error middleware; a plain form gets a 303 either way, except for a foreign or missing id (404, the normal
 * error path, exactly like for a script).
 */
export function formAction<I, O>(logger: Logger, action: FormAction<I, O>): RequestHandler {
  const parseBody = action.body ?? urlencoded;
  return (req: Request, res: Response, next: NextFunction) => {
    const ctx: FormActionContext = { req, res, plain: isPlainHtmlForm(req), idempotencyKey: () => idempotencyKeyOf(req) };
    const form = typeof action.form === 'function' ? action.form(req) : action.form;
    if (!isFormId(form)) throw new Error(`form action: "${form}" is no form id`);

    const refuse = async (error: unknown) => {
      const refusal = ctx.plain ? refusalOf(action, form, error, logger, req) : null;
      if (!refusal) throw error;
      const page = (typeof action.page === 'function' ? action.page(req, refusal) : action.page).split('#')[0] as string;
      const path = page.split('?')[0] as string;
      // A form without typed fields (a button, a password form) keeps nothing; an older refusal's values stay as they are.
      if (action.keep) await keepFormValues(req, path, form, keptValues(action, req));
      if (error instanceof AppError && error.retryAfterSeconds) res.set('Retry-After', String(error.retryAfterSeconds));
      redirect303(res, refusalLocation(page, refusal), path);
    };

    const work = async () => {
      let result: O;
      try {
        const input = await action.input(req, ctx);
        result = await action.run(input, ctx);
      } catch (error) {
        await refuse(error);
        return;
      }
      if (!ctx.plain) {
        if (action.json) action.json(res, result, ctx);
        else res.json(result);
        return;
      }
      await dropFormFlash(req);
      const target = await action.done(result, ctx);
      if (target === null) return;
      // The e-signature provider's page and the identity provider's end-session are other origins: a plain 303
      // without a body (the end-session URL may carry the ID token), never through the portal's own-origin rule.
      if (target instanceof URL) res.status(303).location(target.href).end();
      else redirect303(res, target, typeof action.page === 'string' ? action.page : '/home/dashboard');
    };

    parseBody(req, res, (parseError?: unknown) => {
      const run = parseError === undefined || parseError === null ? work() : refuse(parseError);
      run.catch(next);
    });
  };
}

/** The form actions of one router, sharing the logger its deps carry. */
export const formActions =
  ({ logger }: { logger: Logger }) =>
  <I, O>(action: FormAction<I, O>) =>
    formAction(logger, action);

export { saveSession };
