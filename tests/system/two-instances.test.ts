import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '~/bff/config.ts';
import { signedInClient } from '../support/sign-in.ts';
import { testData } from '../support/test-data.ts';

/**
 * Two portal instances on one PostgreSQL behind nginx (docs/two-instances.md), started exactly as
 * `npm run start:two` does, on ports of their own and without Strapi.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
// Strapi's too: the stack starts without Strapi, and its portals must not read a development Strapi on the default port.
const PORTS = { PORT: String(4361 + offset), SANDBOX_PORT: String(4060 + offset), SMTP_PORT: String(2575 + offset), PG_PORT: String(5473 + offset), STRAPI_PORT: String(1387 + offset) };
const DATA_DIR = '.data/two-instances';
const proxy = `http://localhost:${PORTS.PORT}`;
const sandbox = `http://localhost:${PORTS.SANDBOX_PORT}`;
const config = loadConfig({ NODE_ENV: 'test' });
let stack: ChildProcess;
let output = '';

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stack.exitCode !== null) throw new Error(`the stack stopped:\n${output.slice(-3000)}`);
    // A server that accepts while it starts may never answer that first request: each try gives up after 2 s.
    if (await fetch(url, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} not ready:\n${output.slice(-3000)}`);
}

const internalToken = () =>
  new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('internal').setAudience(config.API_AUDIENCE).setIssuedAt().setExpirationTime('5m').sign(new TextEncoder().encode(config.INTERNAL_API_SECRET));

beforeAll(async () => {
  // A fresh database each run: the shared rate limits count per client address for an hour.
  rmSync(DATA_DIR, { recursive: true, force: true });
  stack = spawn(process.execPath, ['--import', 'tsx', 'sandbox/launcher/start.ts'], {
    env: { ...process.env, ...PORTS, DATA_DIR, PORTAL_INSTANCES: '2', START_CMS: 'false', JOB_SCHEDULES: 'heartbeat=* * * * *', JOBS_CRON_CHECK_SECONDS: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  stack.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  stack.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(`${proxy}/readyz`, 240_000);
  // The proxy can be ready before the sandbox, whose stand-ins the test asks first (a request the sandbox accepted
  // while it still started was seen to wait for good): both must answer before the tests begin.
  await waitFor(`${sandbox}/healthz`, 120_000);
}, 260_000);

afterAll(async () => {
  if (stack && stack.exitCode === null) {
    stack.kill('SIGTERM');
    await once(stack, 'exit');
  }
}, 60_000);

describe('two portal instances behind nginx', () => {
  it('serve one signed-in customer from both, share the rate limit, and run a schedule once', async () => {
    const data = testData(sandbox);
    try {
      const customer = await data.customer();
      const client = await signedInClient(proxy, customer);
      const seen = new Set<string>();
      for (let i = 0; i < 12; i++) {
        const page = await client.request(`${proxy}/home/dashboard`);
        // On a failure the stack's last lines say why (the proxy's and the instances' logs).
        expect(page.status, output.slice(-3000)).toBe(200);
        seen.add(page.headers.get('x-portal-instance') ?? '?');
        await page.body?.cancel();
      }
      expect([...seen].sort()).toEqual(['portal-a', 'portal-b']);

      // The link request limit (10 an hour per customer) counts on both instances together.
      const answered: { status: number; instance: string }[] = [];
      for (let i = 0; i < 11; i++) {
        const response = await client.request(`${proxy}/api/v2/app/project/link`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-kundenportal-csrf': '1' },
          body: JSON.stringify({ projectId: 999_999 }),
        });
        answered.push({ status: response.status, instance: response.headers.get('x-portal-instance') ?? '?' });
        await response.body?.cancel();
      }
      expect(answered.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(404));
      expect(answered[10]?.status).toBe(429);
      expect(new Set(answered.map((a) => a.instance)).size).toBe(2);
    } finally {
      await data.cleanup();
    }

    // Both instances evaluate the heartbeat's schedule (every minute here); each minute's slot runs once.
    const runs = async () => {
      const response = await fetch(`${proxy}/api/internal/jobs/runs?job=heartbeat`, { headers: { authorization: `Bearer ${await internalToken()}` } });
      return ((await response.json()) as { runs: { startedAt: string; instance: string; status: string }[] }).runs;
    };
    const since = Date.now();
    await expect.poll(async () => (await runs()).filter((r) => Date.parse(r.startedAt) >= since).length, { timeout: 75_000, interval: 1000 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const slots = new Map<string, number>();
    for (const run of (await runs()).filter((r) => Date.parse(r.startedAt) >= since)) slots.set(run.startedAt.slice(0, 16), (slots.get(run.startedAt.slice(0, 16)) ?? 0) + 1);
    expect([...slots.values()].every((count) => count === 1)).toBe(true);
  }, 150_000);

  it('loses no request when one instance stops under load (readiness 503, the proxy drains, in-flight requests finish)', async () => {
    const pids = JSON.parse(readFileSync(path.join(DATA_DIR, 'processes.json'), 'utf8')) as Record<string, number>;
    const load = autocannon({ url: `${proxy}/`, connections: 16, duration: 8 });
    setTimeout(() => process.kill(pids['portal-a'] as number, 'SIGTERM'), 2500);
    const result = await load;
    expect(result['2xx'], output.slice(-3000)).toBeGreaterThan(200);
    expect(result.errors + result.timeouts + result.non2xx).toBe(0);
    // It exits once its pools and job runner are closed (up to the 10 s grace for connections the proxy keeps open).
    await expect.poll(() => output.includes('portal-a hat sich beendet'), { timeout: 20_000, interval: 500 }).toBe(true);
    // The survivor keeps the portal ready.
    const ready = await fetch(`${proxy}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('x-portal-instance')).toBe('portal-b');
  }, 60_000);
});
