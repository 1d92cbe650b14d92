import { randomBytes } from 'node:crypto';
import { creditorIdCheckDigits } from '~/bff/domain/money/sepa-identifiers.ts';

/**
 * The `.env` an operator would write for docker-compose.yml (template: .env.example), as the deployment test uses it:
 * fresh secrets for every run, the installer's own identity, and the installer's services played by the sandbox
 * container of tests/deploy/compose.test.yml (`http://sandbox:8080/...`; Keycloak's place is taken by the sandbox's
 * identity provider under the network alias `keycloak`). No development default anywhere: the portal's production
 * check refuses every one (bff/config.ts), and tests/deploy/compose.test.ts proves this file passes it.
 */
export const PUBLIC_HOST = 'kundenportal.test';
const REALM = 'kundenportal';
const VENDORS = 'http://sandbox:8080';

/** URL-safe, so it can stand in a connection string unescaped (docs/operations.md, "Secret rotation"). */
const secret = (bytes = 24) => randomBytes(bytes).toString('hex');

/** A creditor identifier with valid check digits that is not the Bundesbank's test identifier. */
function creditorId(): string {
  const nationalId = `0${String(Date.now()).slice(-10)}`;
  return `DE${creditorIdCheckDigits('DE', nationalId)}ZZZ${nationalId}`;
}

export interface OperatorEnvOptions {
  /** The image tag (RELEASE). */
  release: string;
  /** Published ports of the proxy, e.g. `127.0.0.1:4543`. */
  httpsPort: string;
  httpPort: string;
  /** Folder with fullchain.pem, privkey.pem (and the test's ca.pem). */
  certsDir: string;
}

export function operatorEnv(options: OperatorEnvOptions): Record<string, string> {
  return {
    RELEASE: options.release,
    PUBLIC_HOST,
    HTTPS_PORT: options.httpsPort,
    HTTP_PORT: options.httpPort,
    TLS_CERTS_DIR: options.certsDir,

    POSTGRES_PASSWORD: secret(),
    POSTGRES_PORTAL_PASSWORD: secret(),
    POSTGRES_STRAPI_PASSWORD: secret(),
    POSTGRES_KEYCLOAK_PASSWORD: secret(),

    SESSION_SECRET: secret(32),
    INSTALLER_NAME: 'Sonnenschein Energietechnik GmbH',
    INSTALLER_ADDRESS: 'Werkstraße 3, 01067 Dresden',
    SEPA_CREDITOR_ID: creditorId(),
    OPERATOR_EMAIL: 'betrieb@sonnenschein-energie.test',
    MAIL_FROM: 'Sonnenschein Kundenportal <portal@sonnenschein-energie.test>',
    SMS_SENDER: 'Sonnenstrom',

    OIDC_ISSUER: `https://${PUBLIC_HOST}/auth/realms/${REALM}`,
    OIDC_CLIENT_SECRET: secret(),
    IDENTITY_ADMIN_API_URL: `http://keycloak:8080/auth/realms/${REALM}/admin/realms/${REALM}`,
    IDENTITY_ADMIN_CLIENT_SECRET: secret(),
    // The provider's back-channel logout reaches a replica inside the stack, as Keycloak would.
    OIDC_BACKCHANNEL_LOGOUT_URL: 'http://portal:4321/api/auth/backchannel-logout',
    IDENTITY_WEBHOOK_SECRET: secret(),
    KEYCLOAK_ADMIN_PASSWORD: secret(),

    // The sandbox's SMTP server under the relay's name (alias `mail`).
    SMTP_HOST: 'mail',
    SMTP_PORT: '2525',

    CMS_WEBHOOK_SECRET: secret(),
    STRAPI_APP_KEYS: `${secret(16)},${secret(16)}`,
    STRAPI_ADMIN_JWT_SECRET: secret(),
    STRAPI_API_TOKEN_SALT: secret(),
    STRAPI_TRANSFER_TOKEN_SALT: secret(),
    STRAPI_ENCRYPTION_KEY: secret(),
    STRAPI_JWT_SECRET: secret(),

    // One scheduled job every minute, evaluated every 2 s: the test sees each minute's run exactly once.
    JOB_SCHEDULES: 'heartbeat=* * * * *',
    JOBS_CRON_CHECK_SECONDS: '2',

    INTERNAL_API_SECRET: secret(32),
    CRON_API_SECRET: secret(32),
    FUNNEL_API_SECRET: secret(32),
    EXTERNAL_API_SECRET: secret(32),

    MANAGEMENT_API_URL: `${VENDORS}/management/api/v1`,
    MANAGEMENT_API_TOKEN: secret(),
    MANAGEMENT_WEBHOOK_SECRET: secret(),
    IOT_API_URL: `${VENDORS}/iot/api/v2`,
    IOT_API_KEY: secret(),
    MARKET_DATA_API_URL: `${VENDORS}/market-data/api`,
    MARKET_DATA_API_KEY: secret(),
    WEATHER_API_URL: `${VENDORS}/weather/v1`,
    WEATHER_API_KEY: secret(),
    ESIGN_API_URL: `${VENDORS}/esign/restapi/v2.1/accounts/kundenportal`,
    ESIGN_API_TOKEN: secret(),
    ESIGN_WEBHOOK_SECRET: secret(),
    MASTER_DATA_API_URL: `${VENDORS}/master-data/api/v1`,
    MASTER_DATA_API_KEY: secret(),
    TASKS_API_URL: `${VENDORS}/tasks/api/v1`,
    TASKS_API_TOKEN: secret(),
    TASKS_WEBHOOK_SECRET: secret(),
    DOCUMENTS_API_URL: `${VENDORS}/documents/api/v1`,
    DOCUMENTS_API_TOKEN: secret(),
    IBAN_VALIDATOR_API_URL: `${VENDORS}/iban-validator/api/v1`,
    IBAN_VALIDATOR_API_KEY: secret(),
    ANALYTICS_API_URL: `${VENDORS}/analytics/api`,
    MAPS_API_URL: `${VENDORS}/maps/api`,
    MAPS_API_KEY: secret(),
    REVIEWS_API_URL: `${VENDORS}/reviews/api`,
    REVIEWS_API_KEY: secret(),
    REVIEWS_WEBHOOK_SECRET: secret(),
    // Loaded by browsers only with its own consent, which the test never gives.
    REPLAY_SCRIPT_URL: 'https://replay.sonnenschein-energie.test/recorder.js',
    SMS_API_URL: `${VENDORS}/sms/xms/v1/kundenportal`,
    SMS_API_TOKEN: secret(),
    SALES_API_URL: `${VENDORS}/sales/api/v1`,
    SALES_API_TOKEN: secret(),
    CONVERSIONS_API_URL: `${VENDORS}/conversions/api/v1`,
    CONVERSIONS_API_KEY: secret(),
    MARKETING_API_URL: `${VENDORS}/marketing/api/v3`,
    MARKETING_API_KEY: secret(),
  };
}

/** The `.env` file's text: one `NAME=value` a line, as docker-compose reads it (no quotes). */
export function envFileText(env: Record<string, string>): string {
  return `${Object.entries(env)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n')}\n`;
}
