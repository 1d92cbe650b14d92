import { CommonErrors, type ErrorDef } from '../contracts/errors.ts';

export interface AppErrorOptions extends ErrorOptions {
  /** Replaces the catalogue's fallback message (still only a fallback: the site words it from the code). */
  message?: string;
  /** Sent beside `code` and `message` in the body, e.g. `{ attemptsLeft: 2 }`; the site's texts use them. */
  params?: Record<string, string | number | boolean | null>;
  /** Sent as the Retry-After header (and as the `retryAfterSeconds` parameter). */
  retryAfterSeconds?: number;
}

/**
 * Every error the domain throws is an entry of a capability's error table (bff/contracts/*.ts, `defineErrors`):
 * the error middleware answers its status and `{ code, message, ...params }`. Details go to `cause`, which is
 * logged but never sent (docs/architecture.md, Conventions).
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: string;
  readonly status: number;
  readonly params: Record<string, string | number | boolean | null>;
  readonly retryAfterSeconds: number | undefined;

  constructor(entry: ErrorDef, options: AppErrorOptions = {}) {
    super(options.message ?? entry.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = entry.code;
    this.status = entry.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.params = {
      ...options.params,
      ...(options.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: options.retryAfterSeconds }),
    };
  }
}

/** Which service failed: `name` goes to the client as the `service` parameter, `label` (German) into the fallback message. */
export interface UpstreamService {
  name: string;
  label: string;
}

/** An external service did not answer in time or failed; the site words its notice by `service` (docs/architecture.md). */
export function upstreamUnavailable(service: UpstreamService, cause?: unknown): AppError {
  return new AppError(CommonErrors.UPSTREAM_UNAVAILABLE, {
    message: `${service.label} ist gerade nicht erreichbar. Bitte versuche es in ein paar Minuten noch einmal.`,
    params: { service: service.name },
    cause,
  });
}

export const notFound = (message?: string) => new AppError(CommonErrors.NOT_FOUND, message ? { message } : {});
export const notSignedIn = () => new AppError(CommonErrors.NOT_SIGNED_IN);
