/* eslint-disable no-console -- the benchmark prints its figures to the terminal */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../bff/config.ts';
import { fullResolutionCsv, type ExportPoint } from '../../bff/domain/energy-value/export-csv.ts';
import { iotStandIn } from '../../sandbox/iot/stand-in.ts';
import { startSandbox } from '../../sandbox/server.ts';

/**
 * The full-resolution export of three years of 15-minute data (docs/energy-value.md, "Export"): the IoT cloud's days
 * (the sandbox's simulator, over HTTP, eight days in flight) streamed through the CSV writer. Prints the time, the rows
 * and the growth of the resident set; the target is well under 60 s with flat memory. `npx tsx tests/bench/export-csv.ts`.
 */
export interface ExportFigures {
  rows: number;
  bytes: number;
  seconds: number;
  rssGrowthMb: number;
}

const DAY_MS = 86_400_000;
const IN_FLIGHT = 8;

export async function benchExport(iotUrl: string, apiKey: string, siteId: string, firstDay: string, days: number): Promise<ExportFigures> {
  const dates = Array.from({ length: days }, (_, i) => new Date(Date.parse(`${firstDay}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10));
  const fetchDay = async (date: string) => {
    const res = await fetch(`${iotUrl}/sites/${siteId}/power?date=${date}`, { headers: { 'x-api-key': apiKey } });
    if (!res.ok) throw new Error(`power ${date}: ${res.status}`);
    return ((await res.json()) as { points: ExportPoint[] }).points;
  };
  async function* points(): AsyncGenerator<ExportPoint> {
    const pending: Promise<ExportPoint[]>[] = [];
    let next = 0;
    while (next < dates.length || pending.length > 0) {
      while (pending.length < IN_FLIGHT && next < dates.length) pending.push(fetchDay(dates[next++] as string));
      yield* (await pending.shift()) ?? [];
    }
  }
  const before = process.memoryUsage().rss;
  let peak = before;
  let bytes = 0;
  let rows = -1;
  const started = performance.now();
  for await (const chunk of fullResolutionCsv(points(), { battery: false, wallbox: false })) {
    bytes += Buffer.byteLength(chunk);
    rows += chunk.split('\r\n').length - 1;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  return { rows, bytes, seconds: (performance.now() - started) / 1000, rssGrowthMb: (peak - before) / 1024 / 1024 };
}

if (process.argv[1]?.endsWith('export-csv.ts')) {
  const config = loadConfig({ NODE_ENV: 'test' });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-export-'));
  const sandbox = await startSandbox(config, { dataDir, httpPort: 0, ports: { smtp: 0 }, standIns: [iotStandIn], log: () => {} });
  try {
    // Mehmet's installation (commissioned September 2023): the three years before 27 November 2026.
    await fetch(`${sandbox.url}/iot/_control/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ now: '2026-11-27T00:00:00+01:00' }) });
    const run = () => benchExport(`${sandbox.url}/iot/api/v2`, config.IOT_API_KEY, 'SITE-C4E815', '2023-11-27', 1096);
    // The sandbox runs in this process: a first run fills the simulator's bounded caches, the second is measured.
    const cold = await run();
    console.log(`(first run, simulating the three years: ${cold.seconds.toFixed(1)} s)`);
    const figures = await run();
    console.log(`Export of three years of 15-minute data: ${figures.rows} rows, ${(figures.bytes / 1e6).toFixed(1)} MB in ${figures.seconds.toFixed(1)} s (target < 60 s), resident set +${figures.rssGrowthMb.toFixed(0)} MB`);
  } finally {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
