import type { ErrorRequestHandler, RequestHandler } from 'express';
import { $ZodError } from 'zod/v4/core';
import { CommonErrors, type ErrorBody, type ErrorDef } from '../../contracts/errors.ts';
import { AppError } from '../../domain/errors.ts';
import type { Logger } from '../../logger.ts';

const body = (entry: ErrorDef): ErrorBody => ({ code: entry.code, message: entry.message });

/** Unknown /api/* routes answer JSON, never an HTML page. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ ...body(CommonErrors.NOT_FOUND), message: 'Diese Schnittstelle gibt es nicht.' } satisfies ErrorBody);
};

/**
 * One place that turns errors into responses (docs/architecture.md, Conventions): an AppError answers its catalogue status and
 * `{ code, message, ...params }` (plus Retry-After), invalid input VALIDATION (400), a request Express could not read
 * BAD_REQUEST, anything else INTERNAL (500). Database or vendor details are logged, never sent.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
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
    if (status >= 500) logger.error('request failed', { method: req.method, path: req.path, error });
    if (status === 404 && error instanceof AppError) logger.info('not found or not owned', { path: req.path, code: answer.code });
    if (res.headersSent) return;
    if (req.path.startsWith('/api/') || !req.accepts('html')) {
      res.status(status).json(answer);
    } else {
      res.redirect(302, '/500');
    }
  };
}

function isHttpError(error: unknown): error is { status: number } {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';
}
