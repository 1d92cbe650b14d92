import { z } from 'zod';

/**
 * Every environment variable of the portal and of the local stack, declared once (CONVENTIONS.md §1).
 * `loadConfig()` parses `process.env` at start-up; a wrong value stops start-up with a message naming the variable.
 * The README's variable table is checked against this schema by `bff/config.test.ts`.
 */
const port = z.coerce.number().int().min(1).max(65535);
const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),

  // Portal (Express BFF + Astro SSR handler)
  HOST: z.string().min(1).default('localhost'),
  PORT: port.default(4321),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: bool.default(false),
  SESSION_SECRET: z.string().min(32).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  LOGIN_URL: z.string().min(1).default('/api/auth/login'),

  // Database: an external PostgreSQL, or the embedded one the local launcher starts
  DATABASE_URL: z.url().optional(),
  PG_PORT: port.default(5433),
  DATA_DIR: z.string().min(1).default('.data'),

  // Identity provider (OIDC)
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('kundenportal'),
  OIDC_CLIENT_SECRET: z.string().min(16).optional(),
  CUSTOMER_ROLE_ID: z.string().min(1).default('rol_kunde'),
  APP_METADATA_CLAIM: z.string().min(1).default('https://kundenportal.example.de/app_metadata'),

  // Mail (SMTP); the sandbox's SMTP server listens here locally
  SMTP_HOST: z.string().min(1).default('localhost'),
  SMTP_PORT: port.default(2525),
  SMTP_SECURE: bool.default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().min(3).default('Dein Kundenportal <kundenportal@example.de>'),

  // The installer's management service (projects, customer data)
  MANAGEMENT_API_URL: z.url().optional(),
  MANAGEMENT_API_TOKEN: z.string().min(16).default('local-development-management-token'),

  // Headless CMS (Strapi)
  STRAPI_PORT: port.default(1337),
  STRAPI_URL: z.url().optional(),
  /** Strapi's own database; locally a second database (`strapi`) on the portal's PostgreSQL server. */
  CMS_DATABASE_URL: z.url().optional(),
  /** Shared secret Strapi sends as a bearer token with its publish webhook (`POST /api/cms/webhook`). */
  CMS_WEBHOOK_SECRET: z.string().min(16).default('local-development-cms-webhook-secret'),

  // The installer's IoT cloud (installation monitoring)
  IOT_API_URL: z.url().optional(),
  IOT_API_KEY: z.string().min(16).default('local-development-iot-key'),
  /** The monitoring page answers with a German message once the IoT cloud took this long. */
  IOT_TIMEOUT_MS: z.coerce.number().int().min(100).max(55_000).default(10_000),

  // Local stack only: the sandbox stand-ins for the installer's external services
  SANDBOX_PORT: port.default(4010),
  START_CMS: bool.default(true),
});

export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  publicUrl: string;
  isProduction: boolean;
  sessionSecret: string;
  oidcIssuer: string;
  oidcClientSecret: string;
  strapiUrl: string;
  sandboxUrl: string;
  managementApiUrl: string;
  iotApiUrl: string;
  /** PostgreSQL connection string of the portal database; undefined until the launcher has started one. */
  databaseUrl: string | undefined;
};

/** Only for local development and tests; production must set real secrets (checked below). */
const DEV_SESSION_SECRET = 'local-development-session-secret-not-for-production';
const DEV_OIDC_CLIENT_SECRET = 'local-development-client-secret';

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Ungültige Konfiguration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as "not set", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const missing: string[] = [];
  if (isProduction) {
    if (!e.SESSION_SECRET) missing.push('SESSION_SECRET: in production erforderlich (mindestens 32 Zeichen)');
    if (!e.OIDC_CLIENT_SECRET) missing.push('OIDC_CLIENT_SECRET: in production erforderlich');
    if (!e.OIDC_ISSUER) missing.push('OIDC_ISSUER: in production erforderlich');
    if (!e.DATABASE_URL) missing.push('DATABASE_URL: in production erforderlich');
    if (!e.PUBLIC_URL) missing.push('PUBLIC_URL: in production erforderlich');
    if (!e.MANAGEMENT_API_URL) missing.push('MANAGEMENT_API_URL: in production erforderlich');
    if (!e.IOT_API_URL) missing.push('IOT_API_URL: in production erforderlich');
    for (const [name, value] of [
      ['IOT_API_KEY', e.IOT_API_KEY === 'local-development-iot-key'],
      ['CMS_WEBHOOK_SECRET', e.CMS_WEBHOOK_SECRET === 'local-development-cms-webhook-secret'],
    ] as const) {
      if (value) missing.push(`${name}: in production erforderlich`);
    }
    if (e.MANAGEMENT_API_TOKEN === 'local-development-management-token') {
      missing.push('MANAGEMENT_API_TOKEN: in production erforderlich');
    }
  }
  if (missing.length > 0) throw new ConfigError(missing);

  const sandboxUrl = `http://localhost:${e.SANDBOX_PORT}`;
  return {
    ...e,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    isProduction,
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    oidcIssuer: (e.OIDC_ISSUER ?? `${sandboxUrl}/oidc`).replace(/\/$/, ''),
    oidcClientSecret: e.OIDC_CLIENT_SECRET ?? DEV_OIDC_CLIENT_SECRET,
    strapiUrl: (e.STRAPI_URL ?? `http://localhost:${e.STRAPI_PORT}`).replace(/\/$/, ''),
    managementApiUrl: (e.MANAGEMENT_API_URL ?? `${sandboxUrl}/management/api/v1`).replace(/\/$/, ''),
    iotApiUrl: (e.IOT_API_URL ?? `${sandboxUrl}/iot/api/v2`).replace(/\/$/, ''),
    sandboxUrl,
    databaseUrl: e.DATABASE_URL,
  };
}
