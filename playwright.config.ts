import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the real stack started by
 * `npm start` on ports of its own and a data folder of its own, so a running development stack is not disturbed.
 */
/** `E2E_PORT_OFFSET` shifts every port, so two checkouts can run their e2e stacks side by side. */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const PORTS = { PORT: 4331 + offset, SANDBOX_PORT: 4020 + offset, SMTP_PORT: 2535 + offset, PG_PORT: 5443 + offset, STRAPI_PORT: 1347 + offset };

export const E2E = {
  portal: `http://localhost:${PORTS.PORT}`,
  sandbox: `http://localhost:${PORTS.SANDBOX_PORT}`,
  strapi: `http://localhost:${PORTS.STRAPI_PORT}`,
  database: `postgres://postgres:postgres@127.0.0.1:${PORTS.PG_PORT}/portal`,
};

const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: isCI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E.portal,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    // A returning visitor who rejected everything (docs/consent.md); tests/e2e/consent.spec.ts starts without it.
    storageState: { cookies: [{ name: 'kundenportal.consent', value: '2.s0.r0.m0.w0', domain: 'localhost', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] },
    trace: 'on-first-retry',
    ...devices['Desktop Chrome'],
    // A common laptop width where the header shows the whole navigation (from 1440 px; below it is in the menu).
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Loopback only (docs/architecture.md, Conventions): any other host fails to resolve, so no test passes by reaching out.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
      ],
    },
  },
  projects: [
    { name: 'portal', testIgnore: /cms-outage\.spec\.ts/ },
    // Stops Strapi on purpose, so it runs after everything else that reads help content.
    { name: 'cms-outage', testMatch: /cms-outage\.spec\.ts/, dependencies: ['portal'] },
  ],
  webServer: {
    command: 'npm start',
    url: `${E2E.portal}/readyz`,
    reuseExistingServer: !isCI,
    timeout: 600_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    env: {
      ...Object.fromEntries(Object.entries(PORTS).map(([name, port]) => [name, String(port)])),
      DATA_DIR: '.data/e2e',
      // A slowed IoT cloud turns into the German message quickly (monitoring fault tests).
      IOT_TIMEOUT_MS: '3000',
      // Jobs that mail customers run only when a test starts them, never in the middle of another test's mailbox check.
      JOB_SCHEDULES: 'reminders=off;invitations=off;survey-invitations=off;review-mails=off;yield-check=off',
      // The bell gathers on every page: a tester's click on a sandbox page reaches the portal as a background event,
      // and a test looks at the bell right after it (the kept feed is proven in bff/http/notification-feed.integration.test.ts).
      NOTIFICATION_FEED_MAX_AGE_SECONDS: '0',
    },
  },
});
