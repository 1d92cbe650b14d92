import type { ErrorBody } from '~/bff/contracts/errors.ts';

/** Failures are classed as fetch, timeout or parsing errors; HTTP errors carry their status. */
export abstract class ApiError extends Error {
  constructor(
    message: string,
    readonly method: string,
    readonly url: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** No response at all: offline, connection refused, DNS failure. */
export class FetchError extends ApiError {
  override readonly name = 'FetchError';
}

/** No response within the client's timeout (30 s app base, 60 s internal base). */
export class TimeoutError extends ApiError {
  override readonly name = 'TimeoutError';
}

/** A 2xx response whose body is not JSON or does not match the expected schema. */
export class ParsingError extends ApiError {
  override readonly name = 'ParsingError';
  constructor(
    message: string,
    method: string,
    url: string,
    readonly status: number,
    options?: ErrorOptions,
  ) {
    super(message, method, url, options);
  }
}

/**
 * A response outside 200–299, with the BFF's `{ code, message }` body when it sent one (`message` is German and
 * safe to show). `status` 0 means no HTTP status was received (only thrown so by getSession).
 */
export class RequestError extends ApiError {
  override readonly name = 'RequestError';
  constructor(
    message: string,
    method: string,
    url: string,
    readonly status: number,
    readonly body: ErrorBody | null = null,
    options?: ErrorOptions,
  ) {
    super(message, method, url, options);
  }
}
