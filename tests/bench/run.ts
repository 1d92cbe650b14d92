import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signInWithEmailCode, verifiedLead } from '../support/lead.ts';
import { signedInClient } from '../support/sign-in.ts';
import { lighthouseMobile, type LighthouseFigures } from './lighthouse.ts';
import { load, type StatusClass } from './load.ts';
import { cpuMsPerAnswer, cpuSeconds, soakFigures, watchMemory } from './memory.ts';
import { ensureScaleData, SCALE_DATA_DIR, tableSizes, timeJobs } from './at-scale.ts';
import { benchExport, iotOver } from './export-csv.ts';
import { benchPages, onlyPages, type BenchPage } from './pages.ts';
import { pageWeight } from './page-weight.ts';
import { compareReports, toMarkdown, type BenchReport, type OtherFigure, type PageFigures } from './report.ts';
import { oneRender } from './server-timing.ts';
import { wireBytes } from './wire.ts';

/**
 * `npm run bench`: starts the whole stack as `npm start` runs it (the production build; PORTAL_BUILD=source for the
 * sources through tsx) on ports of its own, measures every signed-in page of the route table and a few figures of
 * the platform, writes the tables to `.data/bench/<time>.{md,json}` and `.data/bench/latest.{md,json}`, and stops.
 * Speed and weight targets are measured here, never by timed tests. Loopback only; the load generator shares the
 * machine with the portal, so figures are lower bounds for a real deployment (docs/operations.md "Speed").
 *
 * `npm run bench -- --only dashboard,documents` measures the pages whose address contains one of the words (and skips
 * the other figures); `npm run bench -- --compare A.json B.json` prints B against A. The portal's resident memory is
 * sampled from its metrics port throughout (peak under load); `npm run bench -- --soak 600` adds a soak: the customer's
 * pages in turn at BENCH_CONNECTIONS for that many seconds, with the memory's trend after warm-up.
 * `npm run bench -- --at-scale` runs against the 100× database (tests/bench/at-scale.ts; BENCH_SCALE, 1 by default,
 * scales it) and times every scheduled job there; compare its pages with a demo run (`--compare`). BENCH_SECONDS (6 per page),
 * BENCH_DOCUMENTS_SECONDS (20), BENCH_CONNECTIONS (50), BENCH_PORT_OFFSET (shifts every port) and BENCH_LIGHTHOUSE=0
 * change what it does.
 */
const args = process.argv.slice(2);
const argument = (name: string) => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args.slice(index + 1);
};

const compare = argument('--compare');
if (compare) {
  const [a, b] = compare;
  if (!a || !b) throw new Error('npm run bench -- --compare A.json B.json');
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as BenchReport;
  console.info(compareReports(read(a), read(b)));
  process.exit(0);
}
const only = (argument('--only')?.[0] ?? '').split(',').filter(Boolean);
const SOAK_SECONDS = Number(argument('--soak')?.[0] ?? 0);
const AT_SCALE = args.includes('--at-scale');

const OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 0);
const PORTS = Object.fromEntries(
  Object.entries({ PORT: 4341, SANDBOX_PORT: 4030, SMTP_PORT: 2545, PG_PORT: 5453, STRAPI_PORT: 1357, METRICS_PORT: 9484 }).map(([name, port]) => [name, String(port + OFFSET)]),
) as Record<'PORT' | 'SANDBOX_PORT' | 'SMTP_PORT' | 'PG_PORT' | 'STRAPI_PORT' | 'METRICS_PORT', string>;
const DATA_DIR = AT_SCALE ? SCALE_DATA_DIR : '.data/bench';
const portal = `http://localhost:${PORTS.PORT}`;
const strapi = `http://localhost:${PORTS.STRAPI_PORT}`;
const sandbox = `http://localhost:${PORTS.SANDBOX_PORT}`;
const metrics = `http://localhost:${PORTS.METRICS_PORT}/metrics`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
/** The documents page's own duration under the bystander check (the probe that found the mirror's deadlock ran 20 s). */
const DOCUMENTS_SECONDS = Number(process.env.BENCH_DOCUMENTS_SECONDS ?? 20);
/** One page of each type for Lighthouse: hub, journey, chart, list, conversation, form, content, the lead's hub. */
const LIGHTHOUSE_PAGES = ['/home/dashboard', '/home/app/my-project', '/home/app/monitoring', '/home/app/files/documents', '/home/app/messages', '/home/app/sepa-mandate', '/home/app/help', '/home/lead'];
const br = { 'accept-encoding': 'br, gzip' };

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      // A server that accepts while it starts may not answer: without a timeout fetch waits 300 s for the head.
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} not ready after ${timeoutMs / 1000} s`);
}

/** A page under load: warmed by a few renders, one more read for its cost, then CONNECTIONS for SECONDS. */
async function measurePage(page: BenchPage, headers: Record<string, string>, floorRps: number): Promise<PageFigures> {
  const url = `${portal}${page.path}`;
  for (let i = 0; i < 3; i++) await oneRender(url, headers);
  const render = await oneRender(url, headers);
  const cpuBefore = await cpuSeconds(metrics);
  const result = await load(url, { connections: CONNECTIONS, seconds: SECONDS, headers: { ...headers, ...br } });
  const cpuAfter = await cpuSeconds(metrics);
  // The page's own answer counts (a sample id that exists nowhere is a 404 page, a redirect a 3xx); others are errors.
  const own = `${Math.floor(render.status / 100)}xx` as StatusClass;
  const answers = result.byClass[own] ?? 0;
  const errors = Object.entries(result.byClass).reduce((sum, [cls, n]) => (cls === own ? sum : sum + n), 0) + result.failures;
  const weight = render.status < 300 ? await pageWeight(portal, page.path, headers) : { initialJsGzipBytes: 0, onDemandJsGzipBytes: 0 };
  const rps = Math.round(answers / SECONDS);
  return {
    ...page,
    status: render.status,
    rps,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    errors,
    ofFloor: rps / Math.max(floorRps, 1),
    serverMs: render.serverMs,
    db: render.db,
    up: render.up,
    initialJsGzipBytes: weight.initialJsGzipBytes,
    onDemandJsGzipBytes: weight.onDemandJsGzipBytes,
    cpuMs: cpuMsPerAnswer(cpuBefore, cpuAfter, answersOf(result)),
  };
}

/** Every answer of a load, of whatever status (the CPU went into each). */
const answersOf = (result: Awaited<ReturnType<typeof load>>) => Object.values(result.byClass).reduce((sum, n) => sum + n, 0);

/**
 * The customer's pages in turn, each for 15 s at CONNECTIONS, until `seconds` are over, while the portal's resident
 * memory is sampled every 5 s: does it level off after warm-up (docs/operations.md "Speed")?
 */
async function soak(pages: readonly PageFigures[], cookie: string, seconds: number) {
  if (pages.length === 0) throw new Error('no page to soak');
  console.info(`soak: ${pages.length} pages in turn, ${CONNECTIONS} connections, ${seconds} s`);
  const memory = watchMemory(metrics);
  const ends = Date.now() + seconds * 1000;
  let requests = 0;
  let failures = 0;
  for (let i = 0; Date.now() < ends; i++) {
    const page = pages[i % pages.length] as PageFigures;
    const left = Math.max(1, Math.min(15, Math.round((ends - Date.now()) / 1000)));
    const result = await load(`${portal}${page.path}`, { connections: CONNECTIONS, seconds: left, headers: { cookie, ...br } });
    requests += result.requests;
    failures += result.failures;
  }
  const figures = soakFigures(await memory.stop(), { seconds, connections: CONNECTIONS, requests, failures });
  console.info(`soak: peak ${figures.peakMb} MB, ${figures.afterWarmUpMb} MB after warm-up, ${figures.endMb} MB at the end, trend ${figures.slopeMbPerMinute} MB/min`);
  return figures;
}

/** `/api/auth/me` with a session: the same session store and middleware every page builds on. */
async function floorOf(headers: Record<string, string>) {
  const before = await cpuSeconds(metrics);
  const me = await load(`${portal}/api/auth/me`, { connections: CONNECTIONS, seconds: SECONDS, headers: { ...headers, ...br } });
  return { rps: me.rps, p99Ms: me.p99Ms, cpuMs: cpuMsPerAnswer(before, await cpuSeconds(metrics), answersOf(me)) };
}

/**
 * The platform's figures beside the pages (their targets in README "Benchmark", docs/files.md "Mirror under load"): the signed-out help
 * page against Strapi, a year of work history, one customer's documents page under load while another customer opens
 * the dashboard, a 50 MB download, bytes on the wire.
 */
async function otherFigures(cookie: string): Promise<OtherFigure[]> {
  const rows: OtherFigure[] = [];
  const row = (measure: string, value: number, shown: string, target?: { max?: number; min?: number; label: string }) => {
    const met = !target ? '' : (target.max === undefined || value <= target.max) && (target.min === undefined || value >= target.min) ? '✓' : '✗';
    rows.push({ measure, value: shown, target: target?.label ?? '', met });
  };
  const headers = { cookie };

  await fetch(`${portal}/home/app/help`);
  const help = await load(`${portal}/home/app/help`, { connections: CONNECTIONS, seconds: SECONDS, headers: br });
  const faqs = await load(`${strapi}/api/faqs?populate=category&pagination[pageSize]=100`, { connections: CONNECTIONS, seconds: SECONDS });
  row('help page signed out: requests/s', help.rps, String(help.rps));
  row('Strapi GET /api/faqs: requests/s', faqs.rps, String(faqs.rps));
  const ratio = help.rps / Math.max(faqs.rps, 1);
  row('help page signed out vs Strapi requests/s', ratio, `${ratio.toFixed(1)}x`, { min: 10, label: '≥ 10x' });
  row('help page signed out: p99', help.p99Ms, `${help.p99Ms} ms`, { max: 50, label: '≤ 50 ms' });

  const installations = (await (await fetch(`${portal}/api/v1/internal/installation`, { headers })).json()) as { installations: { id: string }[] };
  const id = installations.installations[0]?.id;
  if (!id) throw new Error('Jonas has no installation');
  const year = new Date().getFullYear();
  const base = `${portal}/api/v1/internal/installation/${encodeURIComponent(id)}`;
  const work = await load(`${base}/work-history?period=year&date=${year}-06-01`, { connections: CONNECTIONS, seconds: SECONDS, headers: { ...headers, ...br } });
  row('work history, year: requests/s', work.rps, String(work.rps));
  row('work history, year: p99', work.p99Ms, `${work.p99Ms} ms`, { max: 150, label: '≤ 150 ms' });

  // The project gets a realistic number of shared files (planning papers), as a customer in the assembly phase has.
  const published: string[] = [];
  for (const name of ['Lageplan', 'Dachbelegung', 'Stringplan', 'Datenblatt Module', 'Datenblatt Speicher', 'Netzanfrage']) {
    const answer = await fetch(`${sandbox}/management/_control/projects/100240/documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ filename: `${name}.pdf`, type: 'PROJECT_REPORT', share: true }),
    });
    published.push(((await answer.json()) as { id: string }).id);
  }
  const anna = await signedInClient(portal, 'anna.schmidt@example.de');
  const bystander = { cookie: anna.cookieHeader(portal) };
  let bystanderMaxMs = 0;
  let loading = true;
  const watch = (async () => {
    while (loading) {
      const started = performance.now();
      await (await fetch(`${portal}/home/dashboard`, { headers: bystander })).arrayBuffer();
      bystanderMaxMs = Math.max(bystanderMaxMs, Math.round(performance.now() - started));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const docs = await load(`${portal}/home/app/files/documents`, { connections: CONNECTIONS, seconds: DOCUMENTS_SECONDS, headers: { ...headers, ...br } });
  loading = false;
  await watch;
  row(`documents page, ${DOCUMENTS_SECONDS} s with 6 shared files: requests/s`, docs.rps, String(docs.rps));
  row(`documents page, ${DOCUMENTS_SECONDS} s: failed requests`, docs.errors, String(docs.errors), { max: 0, label: '0' });
  const docsP99 = docs.requests > 0 ? docs.p99Ms : Number.POSITIVE_INFINITY;
  row(`documents page, ${DOCUMENTS_SECONDS} s: p99`, docsP99, docs.requests > 0 ? `${docs.p99Ms} ms` : 'no answer', { max: help.p99Ms * 3, label: `≤ 3x help page (${help.p99Ms * 3} ms)` });
  row('another customer’s dashboard meanwhile: slowest', bystanderMaxMs, `${bystanderMaxMs} ms`);
  for (const doc of published) {
    await fetch(`${sandbox}/management/_control/projects/100240/documents/${doc}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ deleted: true }) });
  }

  const big = (await (
    await fetch(`${sandbox}/documents/_control/documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: 100240, type: 'CIRCUIT_DIAGRAM', title: 'Bench 50 MB', filename: 'bench.pdf', sizeBytes: 50 * 1024 * 1024 }),
    })
  ).json()) as { uuid: string };
  const drain = async (response: Response) => {
    let bytes = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    return bytes;
  };
  let started = Date.now();
  await drain(await fetch(`${portal}/api/v1/internal/documents/ds-${big.uuid}/download`, { headers }));
  const viaPortal = Date.now() - started;
  started = Date.now();
  await drain(await fetch(`${sandbox}/documents/api/v1/documents/${big.uuid}/content`, { headers: { authorization: 'Bearer local-development-documents-token' } }));
  const direct = Date.now() - started;
  row('50 MB download through the portal', viaPortal, `${viaPortal} ms (${Math.round((50 * 1000) / Math.max(viaPortal, 1))} MB/s; direct ${direct} ms)`);
  await fetch(`${sandbox}/documents/_control/documents/${big.uuid}`, { method: 'DELETE' });

  // The full-resolution export (docs/exports.md "History"): three years of 15-minute data of Mehmet's installation
  // (commissioned 2023) from the IoT cloud over HTTP through the CSV writer, once to let the simulator compute them,
  // then measured; and Jonas' whole history as the Export page downloads it through the portal.
  const threeYearsAgo = new Date(Date.now() - 1096 * 86_400_000).toISOString().slice(0, 10);
  const iot = iotOver(`${sandbox}/iot/api/v2`);
  const runExport = () => benchExport(iot, 'SITE-C4E815', threeYearsAgo, 1096);
  await runExport();
  const exported = await runExport();
  row(
    `full-resolution CSV, three years (${exported.rows} rows, ${(exported.bytes / 1e6).toFixed(1)} MB): seconds`,
    exported.seconds,
    `${exported.seconds.toFixed(1)} s, resident set +${exported.rssGrowthMb.toFixed(0)} MB`,
    { max: 60, label: '< 60 s' },
  );
  started = Date.now();
  const history = await drain(await fetch(`${portal}/api/v1/internal/exports/projects/100240/history.csv`, { headers }));
  row('history CSV of Jonas through the portal', Date.now() - started, `${Date.now() - started} ms (${(history / 1e6).toFixed(1)} MB)`);

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const [name, url, h] of [
    ['help page HTML', `${portal}/home/app/help`, {}],
    ['dashboard HTML', `${portal}/home/dashboard`, headers],
    ['monitoring HTML', `${portal}/home/app/monitoring?period=day`, headers],
    ['work history JSON (year)', `${base}/work-history?period=year&date=${year}-06-01`, headers],
    // The year's CSV is 12 lines (under the 1 KB compression threshold); a day's 96 power points are not.
    ['monitoring CSV (a day of power)', `${base}/export?period=day&date=${year}-06-01`, headers],
  ] as const) {
    const plain = await wireBytes(url, 'identity', h).catch(() => null);
    const packed = await wireBytes(url, 'br, gzip', h).catch(() => null);
    if (!plain || !packed) continue;
    row(`${name}: bytes (${packed.encoding})`, packed.bytes, `${kb(packed.bytes)} of ${kb(plain.bytes)}`, { max: plain.bytes * 0.5, label: 'compressed' });
  }
  return rows;
}

const build = process.env.PORTAL_BUILD ?? 'compiled';
const stack = spawn(process.execPath, ['--import', 'tsx', 'sandbox/launcher/start.ts'], {
  // TRUST_PROXY: each signed-in client of the bench is a client address of its own (the funnel counts per address).
  env: { ...process.env, ...PORTS, DATA_DIR, LOG_LEVEL: 'warn', TRUST_PROXY: 'true', PORTAL_BUILD: build },
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
  console.info(`stack (${build}) ready after ${((Date.now() - t0) / 1000).toFixed(1)} s (including builds if needed)`);
  let seededSeconds = 0;
  if (AT_SCALE) {
    console.info('the 100× database: seeding unless seeded already (docs/scale.md)');
    seededSeconds = await ensureScaleData(`postgres://postgres:postgres@127.0.0.1:${PORTS.PG_PORT}/portal`, Number(process.env.BENCH_SCALE ?? 1));
  }
  const startedAt = new Date();
  const loadBefore = os.loadavg()[0] ?? 0;

  // The customer with two projects (Jonas: 100240, 100241, installations with a year of data) and a fresh lead.
  const jonas = await signedInClient(portal, 'jonas.weber@example.de');
  const lead = await verifiedLead(portal, sandbox);
  const leadSignIn = await signInWithEmailCode(lead.client, portal, sandbox, lead.email);
  if (leadSignIn.url.pathname !== '/home/lead') throw new Error(`the lead's sign-in ended at ${leadSignIn.url.pathname}`);
  const cookies = { customer: jonas.cookieHeader(portal), lead: lead.client.cookieHeader(portal) };
  const pages = onlyPages(benchPages(), only);
  console.info(`${pages.length} pages, ${CONNECTIONS} connections x ${SECONDS} s each\n`);

  const memory = watchMemory(metrics);
  const floorBefore = await floorOf({ cookie: cookies.customer });
  const leadFloor = await floorOf({ cookie: cookies.lead });
  const figures: PageFigures[] = [];
  for (const page of pages) {
    const floor = page.who === 'lead' ? leadFloor : floorBefore;
    const measured = await measurePage(page, { cookie: cookies[page.who] }, floor.rps);
    console.info(`${page.path}: ${measured.status}, ${measured.rps} req/s, p99 ${measured.p99Ms} ms, ${measured.serverMs} ms server, ${measured.up} up, ${measured.db} db`);
    figures.push(measured);
  }
  // The floor once more at the end: the machine's other work changes over a run; pages are compared with the mean.
  const floorAfter = await floorOf({ cookie: cookies.customer });
  const meanCpu = floorBefore.cpuMs !== null && floorAfter.cpuMs !== null ? Math.round(((floorBefore.cpuMs + floorAfter.cpuMs) / 2) * 100) / 100 : null;
  const customerFloor = { rps: Math.round((floorBefore.rps + floorAfter.rps) / 2), p99Ms: Math.max(floorBefore.p99Ms, floorAfter.p99Ms), cpuMs: meanCpu };
  for (const page of figures) if (page.who === 'customer') page.ofFloor = page.rps / Math.max(customerFloor.rps, 1);

  const report: BenchReport = {
    startedAt: startedAt.toISOString(),
    build,
    data: AT_SCALE ? 'scale' : 'demo',
    secondsPerPage: SECONDS,
    connections: CONNECTIONS,
    loadAverage: { before: loadBefore, after: os.loadavg()[0] ?? 0 },
    floor: { customer: customerFloor, lead: leadFloor },
    pages: figures,
    lighthouse: [],
    other: [],
    totalSeconds: (Date.now() - t0) / 1000,
  };
  const underLoad = await memory.stop();
  const memoryFigures: NonNullable<BenchReport['memory']> = { underLoadPeakMb: Math.max(0, ...underLoad.map((sample) => sample.rssMb)), soak: null };
  report.memory = memoryFigures;
  // Written after each part, so a part that fails later leaves the figures measured so far.
  const folder = path.resolve(DATA_DIR);
  mkdirSync(folder, { recursive: true });
  const stamp = startedAt.toISOString().replace(/:/g, '-').replace(/\.\d+Z$/, 'Z');
  const save = () => {
    report.loadAverage.after = os.loadavg()[0] ?? 0;
    report.totalSeconds = (Date.now() - t0) / 1000;
    for (const name of [stamp, 'latest']) {
      writeFileSync(path.join(folder, `${name}.md`), toMarkdown(report));
      writeFileSync(path.join(folder, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
    }
  };
  save();
  if (LIGHTHOUSE && !AT_SCALE) {
    const measuredOk = (who: BenchPage['who']) => LIGHTHOUSE_PAGES.filter((p) => figures.some((f) => f.path === p && f.who === who && f.status < 300));
    const lighthouse: LighthouseFigures[] = [];
    lighthouse.push(...(await lighthouseMobile(portal, measuredOk('customer'), cookies.customer)));
    lighthouse.push(...(await lighthouseMobile(portal, measuredOk('lead'), cookies.lead)));
    report.lighthouse = lighthouse;
    save();
  }
  if (AT_SCALE) {
    const sizes = await tableSizes(`postgres://postgres:postgres@127.0.0.1:${PORTS.PG_PORT}/portal`);
    report.other = [
      { measure: 'seeding the 100× database (this run)', value: seededSeconds === 0 ? 'seeded before' : `${Math.round(seededSeconds / 60)} min`, target: '', met: '' },
      ...Object.entries(sizes).map(([table, rows]): OtherFigure => ({ measure: `rows in ${table}`, value: rows.toLocaleString('de-DE'), target: '', met: '' })),
    ];
    save();
    report.other.push(...(await timeJobs(portal)));
    save();
  } else if (only.length === 0) {
    report.other = await otherFigures(cookies.customer);
    save();
  }
  if (SOAK_SECONDS > 0) {
    memoryFigures.soak = await soak(figures.filter((page) => page.who === 'customer' && page.status < 300), cookies.customer, SOAK_SECONDS);
    save();
  }
  console.info(`\n${toMarkdown(report)}`);
  console.info(`written: ${path.join(DATA_DIR, `${stamp}.md`)}, .json and ${DATA_DIR}/latest.{md,json}`);
} finally {
  await stop();
}
