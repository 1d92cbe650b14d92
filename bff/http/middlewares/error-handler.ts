import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { $ZodError } from 'zod/v4/core';
import { CommonErrors, type ErrorBody, type ErrorDef } from '../../contracts/errors.ts';
import { AppError } from '../../domain/errors.ts';
import type { Logger } from '../../logger.ts';
import { routeLabel } from './observe-requests.ts';

const body = (entry: ErrorDef): ErrorBody => ({ code: entry.code, message: entry.message });

/** Unknown /api/* routes answer JSON, never an HTML page. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ ...body(CommonErrors.NOT_FOUND), message: 'Diese Schnittstelle gibt es nicht.' } satisfies ErrorBody);
};

/**
 * One place that turns errors into responses (docs/architecture.md, Conventions): an AppError answers its catalogue status and
 * `{ code, message, ...params }` (plus Retry-After), invalid input VALIDATION (400), a request Express could not read
 * BAD_REQUEST, anything else INTERNAL (500). Database or vendor details are logged, never sent. A page request gets
 * the portal's German error page with the same status (no redirect: the address stays, "Neu laden" works).
 */
/** Renders the portal's error page for this status (400, 404 or 500) in place of the page that failed. */
export type ErrorPageRenderer = (req: Request, res: Response, status: number) => void;

export function errorHandler(logger: Logger, renderErrorPage?: ErrorPageRenderer): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    let status: number = CommonErrors.INTERNAL.status;
    let answer: ErrorBody = body(CommonErrors.INTERNAL);
    if (error instanceof AppError) {
      status = error.status;
      answer = { ...error.params, code: error.code, message: error.message };
      if (error.retryAfterSeconds) res.set('Retry-After', String(error.retryAfterSeconds));
    } else if (error instanceof $ZodError) {
      status = CommonErrors.VALIDATION.status;
      answer = body(CommonErrors.VALIDATION);
    } else if (isHttpError(error) && error.status < 500) {
      status = error.status;
      answer = body(CommonErrors.BAD_REQUEST);
    }
    // With the stack (an error line) and the request id of the response's X-Request-Id; the route, not the raw path,
    // which may hold a token (docs/observability.md).
    if (status >= 500) logger.error('request failed', { method: req.method, route: routeLabel(req), status, error });
    if (status === 404 && error instanceof AppError) {
      logger.info('not found or not owned', { path: req.path, code: answer.code, customerId: req.session?.user?.id ?? null });
    }
    if (res.headersSent) return;
    if (req.path.startsWith('/api/') || !req.accepts('html') || !renderErrorPage) {
      res.status(status).json(answer);
    } else {
      renderErrorPage(req, res, status);
    }
  };
}

function isHttpError(error: unknown): error is { status: number } {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';
}
