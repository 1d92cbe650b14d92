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

/** An external service did not answer in time or failed; the page or island shows a German message. */
export class UpstreamUnavailable extends AppError {
  readonly code = 'UPSTREAM.UNAVAILABLE';
  readonly status = 503;
  constructor(service: string, options?: ErrorOptions) {
    super(`${service} ist gerade nicht erreichbar. Bitte versuche es in ein paar Minuten noch einmal.`, options);
  }
}

/** 401 for API calls that need a signed-in customer. */
export class NotSignedIn extends AppError {
  readonly code = 'AUTH.NOT_SIGNED_IN';
  readonly status = 401;
  constructor() {
    super('Bitte melde Dich an.');
  }
}

/** A domain rule refused the request with a status of its own (e.g. 418, 422, 429). */
export class RuleViolation extends AppError {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
