type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

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
    // Personal data that has no place in a log line (issue 18: never a full phone number); maskPhone() is what is logged.
    'phoneNumber', 'mobileNumber',
  ].map((name) => normaliseField(name)),
);

function normaliseField(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, '');
}

const isSecretField = (name: string) => SECRET_FIELDS.has(normaliseField(name));

function redact(value: unknown, depth = 0): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, ...(value.cause ? { cause: redact(value.cause, depth + 1) } : {}) };
  }
  if (!value || typeof value !== 'object' || depth > 3) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, isSecretField(k) ? '[redacted]' : redact(v, depth + 1)]),
  );
}

const toStdio = (level: Level, line: string) =>
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);

/** One line per event: `level message {json fields}`; the launcher adds the process prefix. */
export function createLogger(minLevel: Level = 'info', sink: (level: Level, line: string) => void = toStdio): Logger {
  const write = (level: Level, message: string, fields?: Record<string, unknown>) => {
    if (order[level] < order[minLevel]) return;
    const suffix = fields ? ` ${JSON.stringify(redact(fields))}` : '';
    sink(level, `${level.padEnd(5)} ${message}${suffix}`);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}
