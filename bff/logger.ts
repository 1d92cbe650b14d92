import pino from 'pino';
import { contextFields } from './observability/context.ts';

type Level = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * Field names whose values never reach a log line (docs/security.md: never log codes, IBANs, tokens or passwords),
 * matched exactly (case and `-`/`_` ignored): an error `code` or a `customerId` must stay readable, so no pattern.
 */
export const SECRET_FIELDS: ReadonlySet<string> = new Set(
  [
    'token', 'idToken', 'accessToken', 'refreshToken', 'id_token', 'access_token', 'refresh_token', 'id_token_hint',
    'secret', 'clientSecret', 'client_secret', 'sessionSecret', 'webhookSecret', 'apiKey', 'x-api-key',
    'password', 'passwordHash', 'newPassword', 'oldPassword',
    'linkCode', 'codeHash', 'verificationCode', 'twoFaCode', 'smsCode', 'oneTimeCode', 'otp', 'pin', 'code_verifier', 'verifier',
    'iban', 'bic', 'accountNumber', 'cookie', 'set-cookie', 'authorization',
    // Personal data that has no place in a log line (docs/funnel.md: never a full phone number); maskPhone() is logged.
    'phoneNumber', 'mobileNumber',
  ].map((name) => normaliseField(name)),
);

function normaliseField(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, '');
}

const isSecretField = (name: string) => SECRET_FIELDS.has(normaliseField(name));

/**
 * Secrets replaced by their field name (above); errors as name, message, a string `code` (EADDRINUSE, a pg SQLSTATE)
 * and their cause, with the stack only on error lines (a 5xx, a job that gave up), where an operator needs it.
 */
function redact(value: unknown, withStack: boolean, depth = 0): unknown {
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return {
      name: value.name,
      message: value.message,
      ...(typeof code === 'string' ? { code } : {}),
      ...(withStack && value.stack ? { stack: value.stack } : {}),
      ...(value.cause ? { cause: redact(value.cause, withStack, depth + 1) } : {}),
    };
  }
  if (!value || typeof value !== 'object' || depth > 3) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => redact(item, withStack, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, isSecretField(k) ? '[redacted]' : redact(v, withStack, depth + 1)]),
  );
}

/** Where the JSON lines go: stdout in production (one stream for the collector), a test's array in tests. */
export type LogSink = (level: Level, line: string) => void;

/**
 * One JSON object per line (pino; docs/observability.md "Logs"): `level`, `time` (ISO 8601), `pid`, `hostname`, the
 * work's `requestId` or `job`/`jobId`, `traceId`/`spanId` while tracing, the fields, `msg`. Production output is
 * exactly this; `npm start` formats it for people (sandbox/launcher/processes.ts).
 */
export function createLogger(minLevel: Level = 'info', sink?: LogSink): Logger {
  const destination = sink
    ? { write: (line: string) => sink((JSON.parse(line) as { level: Level }).level, line.trimEnd()) }
    : pino.destination(1);
  const base = pino(
    {
      level: minLevel,
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: contextFields,
    },
    destination,
  );
  const write = (level: Level, message: string, fields?: Record<string, unknown>) => {
    if (!base.isLevelEnabled(level)) return;
    base[level]((fields ? redact(fields, level === 'error') : {}) as object, message);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}
