/**
 * Secrets and the database URL come from the environment. Local development runs without any setup, so each has a
 * development default below. Production must not run on those: `assertProductionConfig()` (called from
 * `register()` in src/index.ts) stops the start when NODE_ENV=production and a value is missing, a development
 * default or too short. The check is not made while the config files load, because `strapi build` loads them too
 * (a production image builds without secrets).
 */

const DEVELOPMENT_DEFAULTS = {
  APP_KEYS: 'local-dev-app-key-1,local-dev-app-key-2',
  ADMIN_JWT_SECRET: 'local-dev-admin-jwt-secret',
  API_TOKEN_SALT: 'local-dev-api-token-salt',
  TRANSFER_TOKEN_SALT: 'local-dev-transfer-token-salt',
  ENCRYPTION_KEY: 'local-dev-encryption-key',
  JWT_SECRET: 'local-dev-users-permissions-jwt-secret',
} as const;

type SecretName = keyof typeof DEVELOPMENT_DEFAULTS;

export const LOCAL_DATABASE_URL = 'postgres://postgres:postgres@127.0.0.1:5433/strapi';

/** Bearer secret of the portal webhook (CMS_WEBHOOK_SECRET); the portal's config has the same development default. */
export const DEVELOPMENT_WEBHOOK_SECRET = 'local-development-cms-webhook-secret';

const MIN_PRODUCTION_LENGTH = 16;

const read = (name: string): string | undefined => process.env[name]?.trim() || undefined;

const splitList = (value: string): string[] =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);

/** The variable if set, else its development default. */
export function secret(name: Exclude<SecretName, 'APP_KEYS'>): string {
  return read(name) ?? DEVELOPMENT_DEFAULTS[name];
}

/** APP_KEYS: a comma-separated list. */
export function appKeys(): string[] {
  return splitList(read('APP_KEYS') ?? DEVELOPMENT_DEFAULTS.APP_KEYS);
}

export function databaseUrl(): string {
  return read('CMS_DATABASE_URL') ?? LOCAL_DATABASE_URL;
}

/** What is wrong with the environment for a production start; empty when all is well. Never echoes a value. */
export function productionConfigProblems(): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(DEVELOPMENT_DEFAULTS) as SecretName[]) {
    const value = read(name);
    if (!value) {
      problems.push(`${name} is not set.`);
      continue;
    }
    const parts = name === 'APP_KEYS' ? splitList(value) : [value];
    const developmentValues = name === 'APP_KEYS' ? splitList(DEVELOPMENT_DEFAULTS.APP_KEYS) : [DEVELOPMENT_DEFAULTS[name]];
    if (parts.length === 0) problems.push(`${name} is empty.`);
    if (parts.some((part) => developmentValues.includes(part))) problems.push(`${name} uses a local development value.`);
    if (parts.some((part) => part.length < MIN_PRODUCTION_LENGTH)) {
      problems.push(`${name} is shorter than ${MIN_PRODUCTION_LENGTH} characters.`);
    }
  }
  if (!read('CMS_DATABASE_URL')) problems.push('CMS_DATABASE_URL is not set.');
  // Only when the webhook is switched on: without CMS_WEBHOOK_URL the secret is never sent.
  if (read('CMS_WEBHOOK_URL')) {
    const webhookSecret = read('CMS_WEBHOOK_SECRET');
    if (!webhookSecret) problems.push('CMS_WEBHOOK_SECRET is not set (CMS_WEBHOOK_URL is).');
    else if (webhookSecret === DEVELOPMENT_WEBHOOK_SECRET) problems.push('CMS_WEBHOOK_SECRET uses a local development value.');
    else if (webhookSecret.length < MIN_PRODUCTION_LENGTH) {
      problems.push(`CMS_WEBHOOK_SECRET is shorter than ${MIN_PRODUCTION_LENGTH} characters.`);
    }
  }
  return problems;
}

export function assertProductionConfig(): void {
  if (process.env.NODE_ENV !== 'production') return;
  const problems = productionConfigProblems();
  if (problems.length > 0) {
    throw new Error(`Refusing to start with NODE_ENV=production: ${problems.join(' ')}`);
  }
}
