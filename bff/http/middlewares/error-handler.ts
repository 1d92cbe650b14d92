import type { ErrorRequestHandler, RequestHandler } from 'express';
import { $ZodError } from 'zod/v4/core';
import type { ErrorBody } from '../../contracts/errors.ts';
import { AppError, RuleViolation } from '../../domain/errors.ts';
import type { Logger } from '../../logger.ts';

const GENERIC_MESSAGE = 'Da ist etwas schiefgelaufen. Bitte versuche es in ein paar Minuten noch einmal.';

/** Unknown /api/* routes answer JSON, never an HTML page. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ code: 'NOT_FOUND', message: 'Diese Schnittstelle gibt es nicht.' } satisfies ErrorBody);
};

/**
 * One place that turns errors into responses: AppError -> its status and code, invalid input -> 400, anything else
 * -> 500 with a generic German message. Database or vendor details are logged, never sent.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    let status = 500;
    let body: ErrorBody = { code: 'INTERNAL', message: GENERIC_MESSAGE };
    if (error instanceof AppError) {
      status = error.status;
      body = { code: error.code, message: error.message };
      if (error instanceof RuleViolation && error.retryAfterSeconds) res.set('Retry-After', String(error.retryAfterSeconds));
    } else if (error instanceof $ZodError) {
      status = 400;
      body = { code: 'VALIDATION', message: 'Die Anfrage ist unvollständig oder ungültig.' };
    } else if (isHttpError(error) && error.status < 500) {
      status = error.status;
      body = { code: 'BAD_REQUEST', message: 'Die Anfrage konnte nicht verarbeitet werden.' };
    }
    if (status >= 500) logger.error('request failed', { method: req.method, path: req.path, error });
    if (status === 404 && error instanceof AppError) logger.info('not found or not owned', { path: req.path, code: body.code });
    if (res.headersSent) return;
    if (req.path.startsWith('/api/') || !req.accepts('html')) {
      res.status(status).json(body);
    } else {
      res.redirect(302, '/500');
    }
  };
}

function isHttpError(error: unknown): error is { status: number } {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';
}
