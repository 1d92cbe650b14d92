import { z } from 'zod';
import { AUTH_PATHS } from './contracts/auth.ts';

/**
 * Every environment variable of the portal and of the local stack, declared once (docs/architecture.md, Conventions):
 * here the kernel's (what every process and every capability shares), in each capability module its own slice
 * (`defineConfigSlice`, docs/architecture.md "Configuration slices"). `loadConfig(env, slices)` parses them at
 * start-up; a wrong value stops start-up with a message naming the variable. The README's variable table is checked
 * against the whole schema by `bff/config.test.ts` and tests/docs/tables.test.ts.
 */
const port = z.coerce.number().int().min(1).max(65535);
export const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/**
 * What production demands of a variable (docs/operations.md, "Configuration"). Every such variable must be set, and
 * not to its development default nor to any value that calls itself a development value. `remote`: a URL or host that
 * is not this machine (the local defaults point at the sandbox on localhost; in a container localhost is the container
 * itself). `https`: a URL over TLS. `productionVariables()` lists them, e.g. for the test of docker-compose.yml.
 */
interface ProductionRule {
  remote?: boolean;
  https?: boolean;
}
const productionRules = z.registry<ProductionRule>();
export function inProduction<T extends z.ZodType>(schema: T, rule: ProductionRule = {}): T {
  productionRules.add(schema as z.ZodType, rule);
  return schema;
}


/**
 * An external HTTP service of the portal, declared in one block: its URL variable (with the local default), its
 * credential (a header, with a development value production refuses) and its timeout. The env variables, the
 * production check and `config.services.<name>` (what the adapter's JSON client needs) all derive from it.
 */
interface ServiceBlock {
  /** German name for messages ("… ist gerade nicht erreichbar"). */
  label: string;
  url: { variable: string; localDefault: (env: { SANDBOX_PORT: number; STRAPI_PORT: number }) => string };
  credential?: { variable: string; header: string; scheme?: 'Bearer'; developmentValue: string };
  timeout: { variable: string; defaultMs: number };
}

/** Where the portal's adapters reach a service: `createJsonClient(config.services.<name>)`. */
export interface ServiceEndpoint {
  /** The key in EXTERNAL_SERVICES; errors carry it as their `service` parameter. */
  name: ServiceName;
  label: string;
  url: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

export const EXTERNAL_SERVICES = {
  /** The installer's management service (projects, customer data). */
  management: {
    label: 'Unsere Projektverwaltung',
    url: { variable: 'MANAGEMENT_API_URL', localDefault: (e) => `http://localhost:${e.SANDBOX_PORT}/management/api/v1` },
    credential: { variable: 'MANAGEMENT_API_TOKEN', header: 'authorization', scheme: 'Bearer', developmentValue: 'local-development-management-token' },
    // Answer within the islands' 30 s budget with a German message rather than let the browser time out.
    timeout: { variable: 'MANAGEMENT_TIMEOUT_MS', defaultMs: 15_000 },
  },
  /** The installer's IoT cloud (installation monitoring); the monitoring page shows a German message after the timeout. */
  iot: {
    label: 'Die Datenverbindung zu Deiner Anlage',
    url: { variable: 'IOT_API_URL', localDefault: (e) => `http://localhost:${e.SANDBOX_PORT}/iot/api/v2` },
    credential: { variable: 'IOT_API_KEY', header: 'x-api-key', developmentValue: 'local-development-iot-key' },
    timeout: { variable: 'IOT_TIMEOUT_MS', defaultMs: 10_000 },
  },
  /** Day-ahead prices of DE-LU (Energy-Charts' shape): the dynamic tariff and the Solarspitzen view (docs/energy-value.md). */
  marketData: {
    label: 'Unser Dienst für Börsenstrompreise',
    url: { variable: 'MARKET_DATA_API_URL', localDefault: (e) => `http://localhost:${e.SANDBOX_PORT}/market-data/api` },
    credential: { variable: 'MARKET_DATA_API_KEY', header: 'x-api-key', developmentValue: 'local-development-market-data-key' },
    timeout: { variable: 'MARKET_DATA_TIMEOUT_MS', defaultMs: 10_000 },
  },
  /** Irradiance and temperature for the installations' daily yield targets (Open-Meteo's shape; docs/monitoring.md). */
  weather: {
    label: 'Der Wetterdienst',
    url: { variable: 'WEATHER_API_URL', localDefault: (e) => `http://localhost:${e.SANDBOX_PORT}/weather/v1` },
    credential: { variable: 'WEATHER_API_KEY', header: 'x-api-key', developmentValue: 'local-development-weather-key' },
    timeout: { variable: 'WEATHER_TIMEOUT_MS', defaultMs: 10_000 },
  },
  /** The e-signature provider (DocuSign-like embedded signing of powers of attorney and mandates). */
  esign: {
    label: 'Unser Dienst für elektronische Unterschriften',
    url: { variable: 'ESIGN_API_URL', localDefault: (e) => `http://localhost:${e.SANDBOX_PORT}/esign/restapi/v2.1/accounts/kundenportal` },
    credential: { variable: 'ESIGN_API_TOKEN', header: 'authorization', scheme: 'Bearer', developmentValue: 'local-development-esign-token' },
    timeout: { variable: 'ESIGN_TIMEOUT_MS', defaultMs: 15_000 },
  },
  /** The master-data service: lookups in the Marktstammdatenregister and market-actor transfers to the installer. */
  masterData: {
    label: 'Unser Dienst für das Marktstammdatenregister',
    url: { variable: 'MASTER_DATA_API_URL', localDefault: (e) => `http://localhost:${e.SANDBOX_PORT}/master-data/api/v1` },
    credential: { variable: 'MASTER_DATA_API_KEY', header: 'x-api-key', developmentValue: 'local-development-master-data-key' },
    timeout: { variable: 'MASTER_DATA_TIMEOUT_MS', defaultMs: 10_000 },
  },
  /** The installer's task service (ticketing: customer requests, answers, to-dos, attachments). */
  tasks: {
    label: 'Unser Nachrichtendienst',
    url: { variable: 'TASKS_API_URL', localDefault: (e) => `http://localhost:${e.SANDBOX_PORT}/tasks/api/v1` },
    credential: { variable: 'TASKS_API_TOKEN', header: 'authorization', scheme: 'Bearer', developmentValue: 'local-development-tasks-token' },
    // Uploads of up to five files of 10 MB pass through this service.
    timeout: { variable: 'TASKS_TIMEOUT_MS', defaultMs: 20_000 },
  },
  /** The installer's document service (PDFs per project, installation photos, the portal's archived signatures). */
  documents: {
    label: 'Unsere Dokumentenablage',
    url: { variable: 'DOCUMENTS_API_URL', localDefault: (e) => `http://localhost:${e.SANDBOX_PORT}/documents/api/v1` },
    credential: { variable: 'DOCUMENTS_API_TOKEN', header: 'authorization', scheme: 'Bearer', developmentValue: 'local-development-documents-token' },
    // Downloads are streamed; the timeout covers the answer's head, not the whole body (docs/files.md).
    timeout: { variable: 'DOCUMENTS_TIMEOUT_MS', defaultMs: 15_000 },
  },
  /** Cookieless web analytics (Plausible-compatible Events API); used only with the statistics consent. */
  analytics: {
    label: 'Die Nutzungsstatistik',
    url: { variable: 'ANALYTICS_API_URL', localDefault: (e) => `http://localhost:${e.SANDBOX_PORT}/analytics/api` },
    timeout: { variable: 'ANALYTICS_TIMEOUT_MS', defaultMs: 3_000 },
  },
  /** Static map images of the installation address (external media: only with that consent). */
  maps: {
    label: 'Der Kartendienst',
    url: { variable: 'MAPS_API_URL', localDefault: (e) => `http://localhost:${e.SANDBOX_PORT}/maps/api` },
    credential: { variable: 'MAPS_API_KEY', header: 'x-api-key', developmentValue: 'local-development-maps-key' },
    timeout: { variable: 'MAPS_TIMEOUT_MS', defaultMs: 5_000 },
  },
  /** The review platform: the rating for the reviews widget (external media) and personal review invitations. */
  reviews: {
    label: 'Die Bewertungsplattform',
    url: { variable: 'REVIEWS_API_URL', localDefault: (e) => `http://localhost:${e.SANDBOX_PORT}/reviews/api` },
    credential: { variable: 'REVIEWS_API_KEY', header: 'x-api-key', developmentValue: 'local-development-reviews-key' },
    timeout: { variable: 'REVIEWS_TIMEOUT_MS', defaultMs: 3_000 },
  },
  /** The SMS gateway (the lead funnel's codes; a Sinch-like batches API). */
  sms: {
    label: 'Der SMS-Versand',
    url: { variable: 'SMS_API_URL', localDefault: (e) => `http://localhost:${e.SANDBOX_PORT}/sms/xms/v1/kundenportal` },
    credential: { variable: 'SMS_API_TOKEN', header: 'authorization', scheme: 'Bearer', developmentValue: 'local-development-sms-token' },
    timeout: { variable: 'SMS_TIMEOUT_MS', defaultMs: 10_000 },
  },
  /** The installer's sales service (CRM): verified leads go there, its representatives call them back. */
  sales: {
    label: 'Unser Vertrieb',
    url: { variable: 'SALES_API_URL', localDefault: (e) => `http://localhost:${e.SANDBOX_PORT}/sales/api/v1` },
    credential: { variable: 'SALES_API_TOKEN', header: 'authorization', scheme: 'Bearer', developmentValue: 'local-development-sales-token' },
    timeout: { variable: 'SALES_TIMEOUT_MS', defaultMs: 10_000 },
  },
  /** The advertising networks' conversion tracking (a verified lead, once, only with the marketing consent). */
  conversions: {
    label: 'Die Erfolgsmessung der Werbung',
    url: { variable: 'CONVERSIONS_API_URL', localDefault: (e) => `http://localhost:${e.SANDBOX_PORT}/conversions/api/v1` },
    credential: { variable: 'CONVERSIONS_API_KEY', header: 'x-api-key', developmentValue: 'local-development-conversions-key' },
    timeout: { variable: 'CONVERSIONS_TIMEOUT_MS', defaultMs: 5_000 },
  },
  /**
   * The IBAN validator: bank name and BIC of an IBAN, unknown banks and closed accounts. Short timeout: the
   * local check stands on its own, and a late answer is asked for again later (docs/money.md).
   */
  ibanValidator: {
    label: 'Die Prüfung der Bankverbindung',
    url: { variable: 'IBAN_VALIDATOR_API_URL', localDefault: (e) => `http://localhost:${e.SANDBOX_PORT}/iban-validator/api/v1` },
    credential: { variable: 'IBAN_VALIDATOR_API_KEY', header: 'x-api-key', developmentValue: 'local-development-iban-validator-key' },
    timeout: { variable: 'IBAN_VALIDATOR_TIMEOUT_MS', defaultMs: 5_000 },
  },
  /**
   * The identity provider's admin API (Keycloak admin REST shape: users, credentials, sessions, brute-force detection):
   * e-mail changes, account deletion, blocking. Locally the sandbox provider serves it under its issuer. Its credential
   * is no fixed header but a client-credentials token of IDENTITY_ADMIN_CLIENT_ID (docs/account.md "Identity provider").
   */
  identityAdmin: {
    label: 'Unser Anmeldedienst',
    url: { variable: 'IDENTITY_ADMIN_API_URL', localDefault: (e) => `http://localhost:${e.SANDBOX_PORT}/oidc/admin/realms/kundenportal` },
    timeout: { variable: 'IDENTITY_ADMIN_TIMEOUT_MS', defaultMs: 10_000 },
  },
  /** The e-mail/SMS marketing service (newsletter contacts with double opt-in, events such as newsletter_subscribed). */
  marketing: {
    label: 'Unser Newsletter-Dienst',
    url: { variable: 'MARKETING_API_URL', localDefault: (e) => `http://localhost:${e.SANDBOX_PORT}/marketing/api/v3` },
    credential: { variable: 'MARKETING_API_KEY', header: 'api-key', developmentValue: 'local-development-marketing-key' },
    timeout: { variable: 'MARKETING_TIMEOUT_MS', defaultMs: 5_000 },
  },
  /** The headless CMS (Strapi): public read API, no credential. */
  cms: {
    label: 'Unser Hilfe-Bereich',
    url: { variable: 'STRAPI_URL', localDefault: (e) => `http://localhost:${e.STRAPI_PORT}` },
    timeout: { variable: 'CMS_TIMEOUT_MS', defaultMs: 5_000 },
  },
} as const satisfies Record<string, ServiceBlock>;
export type ServiceName = keyof typeof EXTERNAL_SERVICES;

type VariablesOf<B> = B extends { url: { variable: infer U extends string }; timeout: { variable: infer T extends string } }
  ? { [K in U]: z.ZodOptional<z.ZodURL> } & { [K in T]: z.ZodDefault<z.ZodCoercedNumber<unknown>> } & (B extends {
      credential: { variable: infer C extends string };
    }
      ? { [K in C]: z.ZodDefault<z.ZodString> }
      : object)
  : never;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type ServiceVariables = UnionToIntersection<VariablesOf<(typeof EXTERNAL_SERVICES)[ServiceName]>>;

function serviceVariables(services: Record<string, ServiceBlock>): ServiceVariables {
  const shape: Record<string, z.ZodType> = {};
  for (const block of Object.values(services)) {
    shape[block.url.variable] = inProduction(z.url().optional(), { remote: true });
    shape[block.timeout.variable] = z.coerce.number().int().min(100).max(55_000).default(block.timeout.defaultMs);
    if (block.credential) shape[block.credential.variable] = inProduction(z.string().min(16).default(block.credential.developmentValue));
  }
  return shape as unknown as ServiceVariables;
}

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),

  // Portal (Express BFF + Astro SSR handler)
  HOST: z.string().min(1).default('localhost'),
  PORT: port.default(4321),
  PUBLIC_URL: inProduction(z.url().optional(), { remote: true, https: true }),
  TRUST_PROXY: bool.default(false),
  SESSION_SECRET: inProduction(z.string().min(32).optional()),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  LOGIN_URL: z.string().min(1).default('/api/auth/login'),
  /** The installer's legal name, as powers of attorney and mails name it. */
  INSTALLER_NAME: inProduction(z.string().min(2).max(120).default('Beispiel Solar GmbH')),
  /** The installer's postal address, as the SEPA mandate names the creditor (EPC: creditor name and address). */
  INSTALLER_ADDRESS: inProduction(z.string().min(5).max(200).default('Beispielweg 12, 04109 Leipzig')),

  // Operations (docs/observability.md)
  /** The internal metrics port (Prometheus, `GET /metrics`); unset: no metrics listener. Never the public PORT. */
  METRICS_PORT: port.optional(),
  /** Where the metrics port listens: loopback by default; the container's address where a scraper reaches it. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * OTLP/HTTP endpoint of a trace collector (e.g. `http://otel-collector:4318`); unset: tracing is off and its SDK is
   * not even loaded. Read by `bff/observability/tracing.ts`, loaded with `node --import` before the portal.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /** The `service.name` of the portal's spans. */
  OTEL_SERVICE_NAME: z.string().min(1).default('kundenportal'),

  // Database: an external PostgreSQL, or the embedded one the local launcher starts
  DATABASE_URL: inProduction(z.url().optional()),
  /** How long the portal waits at start for the database to answer before it exits with code 1 (seconds). */
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(600).default(15),
  PG_PORT: port.default(5433),
  DATA_DIR: z.string().min(1).default('.data'),

  // Identity provider (OIDC)
  OIDC_ISSUER: inProduction(z.url().optional(), { remote: true, https: true }),
  OIDC_CLIENT_ID: z.string().min(1).default('kundenportal'),
  OIDC_CLIENT_SECRET: inProduction(z.string().min(16).optional()),
  CUSTOMER_ROLE_ID: z.string().min(1).default('rol_kunde'),
  /** The realm role of a lead's account (a lead signs in through the lead login until the sale closes). */
  LEAD_ROLE_ID: z.string().min(1).default('rol_interessent'),
  APP_METADATA_CLAIM: z.string().min(1).default('https://kundenportal.example.de/app_metadata'),
  /**
   * The service-account client whose client-credentials token opens the identity provider's admin API (the realm file
   * `deploy/keycloak/realm-kundenportal.json`: only the realm-management roles view-users and manage-users).
   */
  IDENTITY_ADMIN_CLIENT_ID: z.string().min(1).default('kundenportal-admin'),
  IDENTITY_ADMIN_CLIENT_SECRET: inProduction(z.string().min(16).optional()),
  /**
   * Where the identity provider reaches the portal's back-channel logout (`POST /api/auth/backchannel-logout`); default
   * PUBLIC_URL plus the path. Set it when the provider reaches the portal by another address than the browser does
   * (a container network). The realm file's `backchannel.logout.url` and the sandbox provider read it.
   */
  OIDC_BACKCHANNEL_LOGOUT_URL: z.url().optional(),

  // Mail (SMTP); the sandbox's SMTP server listens here locally
  SMTP_HOST: inProduction(z.string().min(1).default('localhost'), { remote: true }),
  SMTP_PORT: port.default(2525),
  SMTP_SECURE: bool.default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: inProduction(z.string().min(3).default('Dein Kundenportal <kundenportal@example.de>')),

  // Headless CMS (Strapi); its URL and timeout are the `cms` service block below
  STRAPI_PORT: port.default(1337),
  /** Strapi's own database; locally a second database (`strapi`) on the portal's PostgreSQL server. */
  CMS_DATABASE_URL: z.url().optional(),
  /** Shared secret Strapi sends as a bearer token with its publish webhook (`POST /api/cms/webhook`). */
  CMS_WEBHOOK_SECRET: inProduction(z.string().min(16).default('local-development-cms-webhook-secret')),

  /** HMAC key of the e-signature provider's completion webhook (DocuSign Connect: `X-DocuSign-Signature-1`). */
  ESIGN_WEBHOOK_SECRET: inProduction(z.string().min(16).default('local-development-esign-webhook-secret')),
  /** HMAC key of the management service's project events (`POST /api/hooks/management`, e.g. a project finished). */
  MANAGEMENT_WEBHOOK_SECRET: inProduction(z.string().min(16).default('local-development-management-webhook-secret')),
  /** HMAC key of the task service's events (`POST /api/tasks/webhook`: the installer answered, a to-do was created). */
  TASKS_WEBHOOK_SECRET: inProduction(z.string().min(16).default('local-development-tasks-webhook-secret')),
  /** HMAC key of the review platform's events (`POST /api/reviews/webhook`: a review was given). */
  REVIEWS_WEBHOOK_SECRET: inProduction(z.string().min(16).default('local-development-reviews-webhook-secret')),

  /**
   * Review debug mode (docs/surveys.md): every review mail goes to the debug SMTP server (REVIEW_DEBUG_SMTP_HOST and
   * REVIEW_DEBUG_SMTP_PORT, default 587) instead of through the relay to the customer, for testing with real data.
   */
  REVIEW_DEBUG_MODE: bool.default(false),
  REVIEW_DEBUG_SMTP_HOST: z.string().min(1).optional(),
  REVIEW_DEBUG_SMTP_PORT: port.default(587),
  /** HMAC key of the identity provider's events (`POST /api/identity/events`: sign-in codes sent, account blocked). */
  IDENTITY_WEBHOOK_SECRET: inProduction(z.string().min(16).default('local-development-identity-webhook-secret')),

  // Scheduled jobs (pg-boss in the portal database; docs/jobs.md)
  /** Whether this instance runs the job workers and schedules; every instance may (a schedule still runs once). */
  JOBS_ENABLED: bool.default(true),
  /** Where a job that failed after its retries is reported. */
  OPERATOR_EMAIL: inProduction(z.email().default('betrieb@beispiel-solar.example')),
  /** The privacy policy's retention period for activity and mail logs (months). */
  RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  /** How long a users export can be fetched (days). */
  EXPORT_KEEP_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** The bell's kept feed is gathered afresh once older than this (seconds; docs/messages.md "The kept feed"); 0: every page. */
  NOTIFICATION_FEED_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * How far V8 lets the JavaScript heap grow beyond what survived its last full collection, in percent (docs/performance.md
   * "Memory"): 50 holds the portal under load to about 340 MB resident, at about a tenth less throughput; 0 leaves it
   * to V8 (up to four times, about 520 MB).
   */
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(300).default(50),

  /**
   * Schedules that replace a job's own (docs/jobs.md): `name=cron` pairs separated by `;`, e.g.
   * `heartbeat=* * * * *;reminders=0 9 * * 1-5` (5-field cron in Europe/Berlin); `name=off` leaves the job to the
   * cron endpoint (an external scheduler).
   */
  JOB_SCHEDULES: z
    .string()
    .regex(/^(\s*[a-z][a-z0-9-]*\s*=\s*(off|\S+( \S+){4})\s*)(;\s*[a-z][a-z0-9-]*\s*=\s*(off|\S+( \S+){4})\s*)*$|^$/, 'name=cron (5 fields) or name=off, pairs separated by ";"')
    .default('')
    .transform((value) => Object.fromEntries(value.split(';').filter((pair) => pair.trim()).map((pair) => pair.split('=').map((part) => part.trim()) as [string, string]))),
  /** How often schedules are evaluated (seconds; pg-boss defaults to 30, tests of two instances go faster). */
  JOBS_CRON_CHECK_SECONDS: z.coerce.number().int().min(1).max(45).optional(),
  /** This instance's name in the `X-Portal-Instance` header and the job history (several instances; docs/two-instances.md). */
  INSTANCE_NAME: z.string().regex(/^[a-z0-9-]{1,32}$/).optional(),
  /** Local two-instance mode of `npm start` (docs/two-instances.md): 2 runs two portals behind nginx on PORT. */
  PORTAL_INSTANCES: z.coerce.number().int().min(1).max(2).default(1),

  // Machine callers: one HS256 secret per caller; tokens carry `aud` = API_AUDIENCE (docs/machine-api.md)
  API_AUDIENCE: z.string().min(3).default('https://kundenportal.example.de/api'),
  INTERNAL_API_SECRET: inProduction(z.string().min(32).default('local-development-internal-api-secret-0000')),
  CRON_API_SECRET: inProduction(z.string().min(32).default('local-development-cron-api-secret-00000000')),
  FUNNEL_API_SECRET: inProduction(z.string().min(32).default('local-development-funnel-api-secret-000000')),
  EXTERNAL_API_SECRET: inProduction(z.string().min(32).default('local-development-external-api-secret-0000')),

  // Lead funnel (docs/funnel.md)
  /** Sender name of the funnel's SMS (alphanumeric, at most 11 characters, as networks allow). */
  SMS_SENDER: inProduction(z.string().regex(/^[A-Za-z0-9 ]{3,11}$/, '3-11 letters, digits or spaces').default('BspSolar')),

  /** The session-replay vendor's recorder script; loaded only with its own consent (docs/consent.md). */
  REPLAY_SCRIPT_URL: inProduction(z.url().optional(), { remote: true, https: true }),

  // Feature switches (README "Configuration")
  /**
   * The project-link check: project pages (route table `needsProject`) require a linked project; without one the
   * customer is led to the link dialog. Off: those pages show their own empty state instead.
   */
  PROJECT_LINK_CHECK: bool.default(true),

  // Local stack only: the sandbox stand-ins for the installer's external services
  SANDBOX_PORT: port.default(4010),
  /** Where the sandbox listens (HTTP and SMTP); `0.0.0.0` in its container of the deployment test (tests/deploy). */
  SANDBOX_HOST: z.string().min(1).default('localhost'),
  START_CMS: bool.default(true),
  /**
   * How `npm start` runs the portal: `compiled` (the built site and the compiled BFF with NODE_ENV=production, as the
   * image does) or `source` (the TypeScript sources through tsx with NODE_ENV unset, React's development build).
   */
  PORTAL_BUILD: z.enum(['compiled', 'source']).default('compiled'),
  /**
   * Set by `npm start` for its portal: NODE_ENV=production gives the production render path (React, Astro), while
   * the production checks stay off, since the local stack runs on development values. Accepted only with the portal on
   * this machine over http (PUBLIC_URL unset or local), so a deployment can never skip its checks with it.
   */
  LOCAL_PRODUCTION_BUILD: bool.default(false),

  // External services over HTTP: URL, credential and timeout, one block each (see EXTERNAL_SERVICES)
  ...serviceVariables(EXTERNAL_SERVICES),
});

/**
 * A capability's own variables (docs/architecture.md "Configuration slices"), declared in its capability module with
 * the kernel's helpers (`inProduction`, `bool`) and named in `CapabilityConfig` by interface merging:
 * `declare module '../../config.ts' { interface CapabilityConfig extends SliceConfig<typeof moneyConfig> {} }`.
 */
export interface ConfigSlice<Shape extends z.ZodRawShape = z.ZodRawShape> {
  readonly variables: Shape;
}
export const defineConfigSlice = <Shape extends z.ZodRawShape>(variables: Shape): ConfigSlice<Shape> => ({ variables });
/** The parsed values of a slice. */
export type SliceConfig<S> = S extends ConfigSlice<infer Shape> ? z.infer<z.ZodObject<Shape>> : never;

/**
 * The variables of every capability's slice, by interface merging from the capability modules. Present in a config
 * loaded with the capability list's slices (bff/server.ts, the test portal); `composePortal` refuses any other.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CapabilityConfig {}

/** The kernel's schema with the slices' variables; a variable declared twice stops it. */
export function envSchemaWith(slices: readonly ConfigSlice[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const slice of slices) {
    for (const [name, schema] of Object.entries(slice.variables)) {
      if (name in envSchema.shape || name in shape) throw new Error(`configuration: ${name} is declared twice`);
      shape[name] = schema as z.ZodType;
    }
  }
  return envSchema.extend(shape);
}

export type Env = z.infer<typeof envSchema> & CapabilityConfig;

export type Config = Env & {
  /** The capability slices this config was loaded with (`composePortal` checks its list's are among them). */
  slices: readonly ConfigSlice[];
  publicUrl: string;
  isProduction: boolean;
  sessionSecret: string;
  oidcIssuer: string;
  oidcClientSecret: string;
  /** IDENTITY_ADMIN_CLIENT_SECRET, or its development value. */
  identityAdminClientSecret: string;
  /** OIDC_BACKCHANNEL_LOGOUT_URL, or PUBLIC_URL plus the back-channel logout path. */
  backchannelLogoutUrl: string;
  strapiUrl: string;
  sandboxUrl: string;
  /** The session-replay recorder (REPLAY_SCRIPT_URL, locally the sandbox's). */
  replayScriptUrl: string;
  services: Record<ServiceName, ServiceEndpoint>;
  /** PostgreSQL connection string of the portal database; undefined until the launcher has started one. */
  databaseUrl: string | undefined;
};

/** Only for local development and tests; production must set real secrets (checked below). */
const DEV_SESSION_SECRET = 'local-development-session-secret-not-for-production';
const DEV_OIDC_CLIENT_SECRET = 'local-development-client-secret';
const DEV_IDENTITY_ADMIN_CLIENT_SECRET = 'local-development-identity-admin-secret';

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Ungültige Konfiguration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The variables production demands (see `ProductionRule`): set, not a development value, and remote or https where
 * marked; the kernel's and those of the given slices.
 */
export function productionVariables(slices: readonly ConfigSlice[] = []): { name: string; rule: ProductionRule }[] {
  return Object.entries(envSchemaWith(slices).shape).flatMap(([name, schema]) => {
    const rule = productionRules.get(schema as z.ZodType);
    return rule ? [{ name, rule }] : [];
  });
}

/** localhost, *.localhost, 127.0.0.0/8, ::1 and 0.0.0.0: the machine (or container) itself. */
function isThisMachine(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(name) || name === '::1' || name === '0.0.0.0';
}

const DEVELOPMENT_VALUE = /local-development|not-for-production/;

function productionProblems(env: Record<string, string | undefined>, parsed: Env, slices: readonly ConfigSlice[]): string[] {
  const values = parsed as unknown as Record<string, unknown>;
  const shape = envSchemaWith(slices).shape as Record<string, z.ZodType>;
  return productionVariables(slices).flatMap(({ name, rule }): string[] => {
    const raw = env[name];
    if (raw === undefined) return [`${name}: in production erforderlich`];
    const schema = shape[name] as z.ZodType;
    const developmentDefault = schema.safeParse(undefined).data;
    if ((developmentDefault !== undefined && values[name] === developmentDefault) || DEVELOPMENT_VALUE.test(raw)) {
      return [`${name}: ein Entwicklungswert, in production nicht erlaubt`];
    }
    const host = rule.remote || rule.https ? (URL.canParse(raw) ? new URL(raw).hostname : raw) : '';
    if (rule.remote && isThisMachine(host)) return [`${name}: zeigt auf diesen Rechner (${host}); in production die Adresse des Dienstes`];
    if (rule.https && !raw.startsWith('https://')) return [`${name}: in production nur https://`];
    return [];
  });
}

/**
 * Parses the environment: the kernel's variables, and the variables of the given capability slices (the portal passes
 * its capability list's, `CONFIG_SLICES` of bff/composition/capabilities.ts; the sandbox, the launcher and the
 * migration step need only the kernel's).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, slices: readonly ConfigSlice[] = []): Config {
  // Empty strings count as "not set", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchemaWith(slices).safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  const e = parsed.data as unknown as Env;
  if (e.LOCAL_PRODUCTION_BUILD && e.PUBLIC_URL && !(e.PUBLIC_URL.startsWith('http://') && isThisMachine(new URL(e.PUBLIC_URL).hostname))) {
    throw new ConfigError([`LOCAL_PRODUCTION_BUILD: nur für den lokalen Stack (PUBLIC_URL http:// auf diesem Rechner), nicht mit ${e.PUBLIC_URL}`]);
  }
  // A real deployment; the local stack's production build renders like one but keeps its development values.
  const isProduction = e.NODE_ENV === 'production' && !e.LOCAL_PRODUCTION_BUILD;
  if (isProduction) {
    const problems = productionProblems(cleaned, e, slices);
    if (problems.length > 0) throw new ConfigError(problems);
  }

  const sandboxUrl = `http://localhost:${e.SANDBOX_PORT}`;
  const services = Object.fromEntries(
    (Object.entries(EXTERNAL_SERVICES) as [ServiceName, ServiceBlock][]).map(([name, block]) => {
      const values = e as unknown as Record<string, string | number | undefined>;
      const credential = block.credential && String(values[block.credential.variable]);
      return [
        name,
        {
          name,
          label: block.label,
          url: String(values[block.url.variable] ?? block.url.localDefault(e)).replace(/\/$/, ''),
          headers: block.credential && credential ? { [block.credential.header]: block.credential.scheme ? `${block.credential.scheme} ${credential}` : credential } : {},
          timeoutMs: Number(values[block.timeout.variable]),
        } satisfies ServiceEndpoint,
      ];
    }),
  ) as Record<ServiceName, ServiceEndpoint>;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    ...e,
    slices,
    publicUrl,
    isProduction,
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    oidcIssuer: (e.OIDC_ISSUER ?? `${sandboxUrl}/oidc`).replace(/\/$/, ''),
    oidcClientSecret: e.OIDC_CLIENT_SECRET ?? DEV_OIDC_CLIENT_SECRET,
    identityAdminClientSecret: e.IDENTITY_ADMIN_CLIENT_SECRET ?? DEV_IDENTITY_ADMIN_CLIENT_SECRET,
    backchannelLogoutUrl: e.OIDC_BACKCHANNEL_LOGOUT_URL ?? `${publicUrl}${AUTH_PATHS.backchannelLogout}`,
    strapiUrl: services.cms.url,
    services,
    sandboxUrl,
    replayScriptUrl: (e.REPLAY_SCRIPT_URL ?? `${sandboxUrl}/replay/recorder.js`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
  };
}
