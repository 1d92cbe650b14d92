import type { Request, Response } from 'express';
import { $ZodError } from 'zod/v4/core';
import { CommonErrors } from '../contracts/errors.ts';
import { sameOriginPath } from '../contracts/redirects.ts';
import { AppError } from '../domain/errors.ts';
import { isPlainHtmlForm } from './middlewares/csrf.ts';
import { redirectWithin } from './redirect.ts';

/**
 * The account pages' plain forms (docs/architecture.md "Forms without JavaScript"): the same route takes JSON from a
 * script or a urlencoded form, which is answered with a 303 to a page. A form names the page it was sent from
 * (`from`) and the page the customer wanted (`returnTo`); both pass the one redirect rule.
 */
export const isForm = (req: Request) => isPlainHtmlForm(req);
export const fieldsOf = (req: Request) => (req.body ?? {}) as Record<string, unknown>;
export const textField = (req: Request, name: string) => {
  const value = fieldsOf(req)[name];
  return typeof value === 'string' ? value : '';
};
export const returnToOf = (req: Request, fallback = '/home/dashboard') => sameOriginPath(textField(req, 'returnTo') || (typeof req.query.returnTo === 'string' ? req.query.returnTo : ''), fallback);
export const fromOf = (req: Request, fallback: string) => sameOriginPath(textField(req, 'from'), fallback).split(/[?#]/)[0] ?? fallback;

/** `path?name=value…`: query parameters on a same-origin path (values clipped). */
export function withParams(path: string, params: Record<string, string | number | undefined>): string {
  const url = new URL(path, 'http://portal.invalid');
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') url.searchParams.set(name, String(value).slice(0, 400));
  return `${url.pathname}${url.search}${url.hash}`;
}

export const redirect303 = (res: Response, target: string, fallback = '/home/dashboard') => redirectWithin(res, target, { status: 303, fallback });

/**
 * Runs a form's work, which answers where to go: a portal path, or a URL of the identity provider (end-session, sent
 * without a body since it may carry the ID token). An error the page can word goes back to `from` with
 * `?error=<code>` and its parameters (plus `keep`, values the customer typed; never a password), an unavailable
 * service too; anything else (another 5xx, a 404) goes on to the error handler.
 */
export async function answerForm(
  res: Response,
  from: string,
  work: () => Promise<string | URL>,
  keep: Record<string, string | undefined> = {},
): Promise<void> {
  let target: string | URL;
  try {
    target = await work();
  } catch (error) {
    if (!(error instanceof AppError) && !(error instanceof $ZodError)) throw error;
    // An unavailable service is worded on the page too (a plain form would otherwise end on a JSON answer).
    if (error instanceof AppError && ((error.status >= 500 && error.code !== CommonErrors.UPSTREAM_UNAVAILABLE.code) || error.status === 404)) throw error;
    const code = error instanceof AppError ? error.code : CommonErrors.VALIDATION.code;
    const params = error instanceof AppError ? Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, v === null ? undefined : String(v)])) : {};
    if (error instanceof AppError && error.retryAfterSeconds) res.set('Retry-After', String(error.retryAfterSeconds));
    redirect303(res, withParams(from, { ...keep, ...params, error: code }));
    return;
  }
  if (target instanceof URL) res.status(303).location(target.href).end();
  else redirect303(res, target);
}

/** Saves the session before answering (express-session would send the head first; docs/architecture.md, toolchain). */
export const saveSession = (req: Request) => new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
