import * as z from 'zod/mini';

/**
 * The error catalogue (docs/architecture.md, Conventions). Each capability's contract declares its error table with
 * `defineErrors`: a stable code, the HTTP status it answers with and a German fallback message for logs and API
 * users. The domain throws by entry, the BFF answers `{ code, message, ...params }`, and the site decides on `code`
 * (with `hasErrorCode`) and shows its own German/English text from i18n (key `errors.<code>` or the feature's own).
 */
export interface ErrorDef {
  readonly code: string;
  readonly status: number;
  /** Fallback text (German); the site never shows it when it knows the code. */
  readonly message: string;
}

export function defineErrors<const T extends Record<string, ErrorDef>>(table: T): T {
  return table;
}

/**
 * Every contract's error table by name. Each contract adds its own table here (`declare module './errors.ts'`, interface
 * merging), so the union of all codes needs no central list and a new contract touches only its own file.
 */
export interface ErrorTables {
  common: typeof CommonErrors;
}

/** The codes of one error table. */
export type CodeOf<T extends Readonly<Record<string, ErrorDef>>> = T[keyof T]['code'];

/** Every code the BFF answers with: the site's code-to-text maps are checked against it by the compiler. */
export type ErrorCode = { [Name in keyof ErrorTables]: CodeOf<ErrorTables[Name]> }[keyof ErrorTables];

/** Codes every capability may answer with. */
export const CommonErrors = defineErrors({
  /** Unknown, or another customer's (answers exactly like unknown). */
  NOT_FOUND: { code: 'NOT_FOUND', status: 404, message: 'Das haben wir nicht gefunden.' },
  /** The body or query does not match the route's contract schema. */
  VALIDATION: { code: 'VALIDATION', status: 400, message: 'Die Anfrage ist unvollständig oder ungültig.' },
  /** The request could not be read at all (malformed JSON, wrong content type, bad encoding). */
  BAD_REQUEST: { code: 'BAD_REQUEST', status: 400, message: 'Die Anfrage konnte nicht verarbeitet werden.' },
  NOT_SIGNED_IN: { code: 'AUTH.NOT_SIGNED_IN', status: 401, message: 'Bitte melde Dich an.' },
  CSRF_HEADER_MISSING: {
    code: 'CSRF.HEADER_MISSING',
    status: 403,
    message: 'Diese Anfrage wurde aus Sicherheitsgründen abgelehnt. Bitte lade die Seite neu und versuche es noch einmal.',
  },
  METHOD_NOT_ALLOWED: { code: 'METHOD_NOT_ALLOWED', status: 405, message: 'Diese Methode ist hier nicht erlaubt.' },
  /** An external service (management, IoT cloud, CMS, mail, …) failed or did not answer in time. */
  UPSTREAM_UNAVAILABLE: {
    code: 'UPSTREAM.UNAVAILABLE',
    status: 503,
    message: 'Ein Dienst ist gerade nicht erreichbar. Bitte versuche es in ein paar Minuten noch einmal.',
  },
  /** The same Idempotency-Key came with another request body. */
  IDEMPOTENCY_MISMATCH: {
    code: 'IDEMPOTENCY.MISMATCH',
    status: 422,
    message: 'Diese Anfrage passt nicht zu der, die schon gesendet wurde. Bitte lade die Seite neu.',
  },
  /** The first request with this Idempotency-Key is still being worked on. */
  IDEMPOTENCY_IN_PROGRESS: { code: 'IDEMPOTENCY.IN_PROGRESS', status: 409, message: 'Deine Anfrage wird schon bearbeitet.' },
  INTERNAL: { code: 'INTERNAL', status: 500, message: 'Da ist etwas schiefgelaufen. Bitte versuche es in ein paar Minuten noch einmal.' },
});

/** Every error the BFF answers: the code, a fallback message and the code's parameters (e.g. `attemptsLeft`). */
export const ErrorBodySchema = z.looseObject({ code: z.string(), message: z.string() });
export type ErrorBody = { code: string; message: string; [param: string]: unknown };

/** Seconds a browser or proxy is asked to wait before trying a 503 page or call again. */
export const RETRY_AFTER_SECONDS = 120;

/**
 * The code an error carries: a domain error's `code`, or the `{ code }` body of an API answer the site's client
 * attached as `body`.
 */
export function errorCodeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, body } = error as { code?: unknown; body?: unknown };
  if (typeof code === 'string') return code;
  const bodyCode = (body as { code?: unknown } | null | undefined)?.code;
  return typeof bodyCode === 'string' ? bodyCode : undefined;
}

/** Whether the error carries one of the catalogue entries' codes; the site's only way to tell errors apart. */
export function hasErrorCode(error: unknown, ...entries: readonly ErrorDef[]): boolean {
  const code = errorCodeOf(error);
  return code !== undefined && entries.some((entry) => entry.code === code);
}
