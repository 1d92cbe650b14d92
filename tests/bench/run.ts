/* eslint-disable no-console -- the benchmark prints its tables to the terminal */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { signedInClient } from '../support/sign-in.ts';
import { load, timeRequests } from './load.ts';
import { pageWeight } from './page-weight.ts';

/**
 * `npm run bench`: starts the whole stack (npm start) on ports of its own, measures, prints the figures and stops.
 * Speed and weight targets are measured here, never by timed tests. Loopback only.
 */
const PORTS = { PORT: '4341', SANDBOX_PORT: '4030', SMTP_PORT: '2545', PG_PORT: '5453', STRAPI_PORT: '1357' };
const portal = `http://localhost:${PORTS.PORT}`;
const strapi = `http://localhost:${PORTS.STRAPI_PORT}`;
const sandbox = `http://localhost:${PORTS.SANDBOX_PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} not ready after ${timeoutMs / 1000} s`);
}

const stack = spawn(process.execPath, ['--import', 'tsx', 'sandbox/launcher/start.ts'], {
  env: { ...process.env, ...PORTS, DATA_DIR: '.data/bench', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = async () => {
  if (stack.exitCode === null) {
    stack.kill('SIGTERM');
    await once(stack, 'exit');
  }
};

try {
  const t0 = Date.now();
  await Promise.all([waitFor(`${portal}/readyz`, 600_000), waitFor(`${strapi}/_health`, 600_000), waitFor(`${sandbox}/healthz`, 600_000)]);
  console.info(`stack ready after ${((Date.now() - t0) / 1000).toFixed(1)} s (including builds if needed)\n`);

  // Help content: the portal's cached page against Strapi's own REST answer for the same FAQs.
  await fetch(`${portal}/home/app/help`);
  const help = await load(`${portal}/home/app/help`, { connections: CONNECTIONS, seconds: SECONDS });
  const faqs = await load(`${strapi}/api/faqs?populate=category&pagination[pageSize]=500`, { connections: CONNECTIONS, seconds: SECONDS });
  console.info(`help content, ${CONNECTIONS} connections x ${SECONDS} s:`);
  console.table([help, faqs]);
  console.info(`portal /home/app/help vs Strapi GET /api/faqs: ${(help.rps / Math.max(faqs.rps, 1)).toFixed(1)}x requests per second\n`);

  // Monitoring through the BFF as Jonas (9.8 kWp, 10 kWh battery).
  const jonas = await signedInClient(portal, 'jonas.weber@example.de');
  const headers = { cookie: jonas.cookieHeader(portal) };
  const installations = (await (await fetch(`${portal}/api/v1/internal/installation`, { headers })).json()) as { installations: { id: string }[] };
  const id = installations.installations[0]?.id;
  if (!id) throw new Error('Jonas has no installation');
  const year = String(new Date().getFullYear());
  const today = new Date().toISOString().slice(0, 10);
  const base = `${portal}/api/v1/internal/installation/${encodeURIComponent(id)}`;
  console.info('monitoring through the BFF (sequential requests):');
  console.table([
    await timeRequests(`${base}/work-history?period=year&date=${year}-06-01`, { count: 50, headers }),
    await timeRequests(`${base}/power-history?period=day&date=${today}`, { count: 50, headers }),
  ]);

  console.info('JavaScript shipped (gzip):');
  console.table([
    await pageWeight(portal, '/home/app/help'),
    await pageWeight(portal, '/home/dashboard', headers),
    await pageWeight(portal, '/home/app/monitoring', headers),
  ]);
} finally {
  await stop();
}
