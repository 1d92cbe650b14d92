/**
 * Errors carry a stable code and an HTTP status (CONVENTIONS.md §4). The message is German, safe to show to a
 * customer; details go to `cause`, which is logged but never sent.
 */
export abstract class AppError extends Error {
  abstract readonly code: string;
  abstract readonly status: number;
}

export class NotFound extends AppError {
  readonly code = 'NOT_FOUND';
  readonly status = 404;
  constructor(message = 'Das haben wir nicht gefunden.', options?: ErrorOptions) {
    super(message, options);
  }
}

export class BadRequest extends AppError {
  readonly status = 400;
  constructor(
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export class Forbidden extends AppError {
  readonly status = 403;
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
