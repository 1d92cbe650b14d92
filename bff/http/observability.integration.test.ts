import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../contracts/http.ts';
import { outboundRequestId } from '../observability/context.ts';
import { startMetricsServer } from '../observability/metrics-server.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { testData } from '../../tests/support/test-data.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

type Line = Record<string, unknown> & { level: string; msg: string };
let metricsServer: Awaited<ReturnType<typeof startMetricsServer>>;
const logLines: string[] = [];
/** What the analytics stand-in saw as the outbound request id of each event it was handed. */
const analyticsCalls: (string | undefined)[] = [];

const { portal } = usePortal({
  logLines,
  // The analytics adapter fails after noting the request id its call would carry; the route logs a warning.
  adapterOverrides: {
    analytics: {
      send: async () => {
        analyticsCalls.push(outboundRequestId());
        throw new Error('analytics down');
      },
    },
  },
  data: 'none',
});
beforeAll(async () => {
  metricsServer = await startMetricsServer({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await metricsServer?.close();
});

const lines = (): Line[] => logLines.map((line) => JSON.parse(line) as Line);
const linesOf = (requestId: string) => lines().filter((line) => line.requestId === requestId);

/** A cron token: the cron endpoint starts a job, and in a test portal the job runner is not started, so it fails. */
const cronToken = () =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('cron')
    .setAudience(portal.config.API_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(portal.config.CRON_API_SECRET));

describe('logs an operator can search', () => {
  it('a 500 writes one JSON error line with the stack, under the request id the response names', async () => {
    const response = await fetch(`${portal.url}/api/cron/jobs/heartbeat`, { method: 'POST', headers: { authorization: `Bearer ${await cronToken()}`, 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(500);
    const requestId = response.headers.get('x-request-id') ?? '';
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const errors = linesOf(requestId).filter((line) => line.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ msg: 'request failed', method: 'POST', route: '/api/cron/jobs/:name', status: 500 });
    expect((errors[0]?.error as { stack?: string }).stack).toMatch(/^Error: job runner not started\n\s+at /);
    expect(typeof errors[0]?.time).toBe('string');
  });

  it('one access line per request: method, the route pattern (not the path with its ids), status and duration', async () => {
    const response = await fetch(`${portal.url}/api/cron/jobs/no-such-job-${Date.now()}`, { method: 'POST', headers: { authorization: `Bearer ${await cronToken()}` } });
    const requestId = response.headers.get('x-request-id') ?? '';
    await response.arrayBuffer();
    await expect.poll(() => linesOf(requestId).filter((line) => line.msg === 'request')).toHaveLength(1);
    const access = linesOf(requestId).find((line) => line.msg === 'request');
    expect(access).toMatchObject({ level: 'info', method: 'POST', route: '/api/cron/jobs/:name', status: response.status });
    expect(access?.durationMs).toEqual(expect.any(Number));
    expect(JSON.stringify(access)).not.toContain('no-such-job');
  });

  it('takes a sane X-Request-Id (nginx’s) over and replaces anything else with its own', async () => {
    const nginx = 'f3a9c1d27be04c6e8a51d0b9e2c47a16';
    expect((await fetch(`${portal.url}/healthz`, { headers: { 'x-request-id': nginx } })).headers.get('x-request-id')).toBe(nginx);
    for (const bad of ['kurz', 'a b c d e f g h', '<script>alert(1)</script>', 'x'.repeat(129)]) {
      const echoed = (await fetch(`${portal.url}/healthz`, { headers: { 'x-request-id': bad } })).headers.get('x-request-id');
      expect(echoed, bad).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('a signed-in request’s domain log line and its vendor call carry the request id (past the session store)', async () => {
    const data = testData(portal.sandboxUrl);
    try {
      const client = await signedInClient(portal.url, await data.customer());
      const consent = await client.request(`${portal.url}/api/consent`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        body: 'choice=all&returnTo=%2F',
      });
      expect(consent.status).toBe(303);
      const requestId = 'kp-test-4711-abcdef';
      const response = await client.request(`${portal.url}/api/event`, {
        method: 'POST',
        headers: { [CSRF_HEADER]: '1', 'content-type': 'application/json', 'x-request-id': requestId },
        body: JSON.stringify({ name: 'pageview', path: '/home/dashboard' }),
      });
      expect(response.status).toBe(202);
      expect(analyticsCalls.at(-1)).toBe(requestId);
      expect(linesOf(requestId).map((line) => line.msg)).toEqual(expect.arrayContaining(['analytics event not forwarded', 'request']));
    } finally {
      await data.cleanup();
    }
  });
});

describe('metrics on the internal port', () => {
  const scrape = async () => {
    const response = await fetch(`http://127.0.0.1:${metricsServer.port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };

  it('answers route and external-service series, the pools and the business counters', async () => {
    await fetch(`${portal.url}/api/cron/jobs/heartbeat`, { method: 'POST', headers: { authorization: `Bearer ${await cronToken()}` } });
    await fetch(`${portal.url}/privacy-policy`);
    const text = await scrape();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/api\/cron\/jobs\/:name",status="500"\} [1-9]/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/privacy-policy",status="200"\} [1-9]/);
    // The sign-in of the test above called the identity provider (openid-client) and the management service.
    expect(text).toMatch(/portal_external_request_duration_seconds_count\{service="identityProvider",status="200"\} [1-9]/);
    expect(text).toMatch(/portal_external_request_duration_seconds_count\{service="management",status="200"\} [1-9]/);
    expect(text).toMatch(/portal_db_pool_connections\{pool="knex",state="total"\} \d/);
    expect(text).toMatch(/portal_db_pool_connections\{pool="session",state="waiting"\} 0/);
    expect(text).toMatch(/portal_business_events_total\{event="sign_in"\} [1-9]/);
    expect(text).toMatch(/portal_business_events_total\{event="signature"\} \d/);
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('answers 404 for anything but /metrics there, and /metrics is not on the public port', async () => {
    expect((await fetch(`http://127.0.0.1:${metricsServer.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsServer.port}/metrics`, { method: 'POST' })).status).toBe(404);
    const publicPort = await fetch(`${portal.url}/metrics`);
    expect(publicPort.status).toBe(404);
    expect(await publicPort.text()).not.toContain('http_request_duration_seconds');
  });
});

describe('Server-Timing: what one answer cost', () => {
  /** `{ total, db, up }` of a Server-Timing value: durations in ms, counts from `desc`. */
  const timing = (value: string | null) => {
    expect(value).toMatch(/^total;dur=[\d.]+, db;dur=[\d.]+;desc=\d+, up;dur=[\d.]+;desc=\d+$/);
    const entry = (name: string) => /;dur=([\d.]+)(?:;desc=(\d+))?/.exec(value?.split(', ').find((part) => part.startsWith(`${name};`)) ?? '');
    const [total, db, up] = ['total', 'db', 'up'].map(entry);
    return { totalMs: Number(total?.[1]), db: Number(db?.[2]), dbMs: Number(db?.[1]), up: Number(up?.[2]), upMs: Number(up?.[1]) };
  };

  it('a signed-in page counts its SQL statements and its calls to the management service; /api/auth/me calls no service', async () => {
    const data = testData(portal.sandboxUrl);
    try {
      const customer = await data.customer();
      await data.project({ portalUserIds: [customer.sub] });
      const client = await signedInClient(portal.url, customer);

      // The test portal's page renders the layout, which asks the management service for the customer's projects.
      const page = await client.request(`${portal.url}/home/dashboard`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      const pageCost = timing(page.headers.get('server-timing'));
      expect(pageCost.up).toBeGreaterThanOrEqual(1);
      expect(pageCost.db).toBeGreaterThanOrEqual(1);
      expect(pageCost.upMs).toBeGreaterThan(0);
      expect(pageCost.totalMs).toBeGreaterThanOrEqual(Math.max(pageCost.dbMs, pageCost.upMs));

      const me = await client.request(`${portal.url}/api/auth/me`);
      expect(me.status).toBe(200);
      const meCost = timing(me.headers.get('server-timing'));
      expect(meCost.up).toBe(0);
      // The session is read from PostgreSQL.
      expect(meCost.db).toBeGreaterThanOrEqual(1);
    } finally {
      await data.cleanup();
    }
  });

  it('signed out, a public API answer has its timing too, with no calls', async () => {
    const response = await fetch(`${portal.url}/api/auth/me`);
    expect(timing(response.headers.get('server-timing'))).toMatchObject({ up: 0 });
  });
});
