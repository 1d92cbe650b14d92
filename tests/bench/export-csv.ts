/* eslint-disable no-console -- the benchmark prints its figures to the terminal */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../bff/config.ts';
import { buildAdapters } from '../../bff/composition/adapters.ts';
import { fullResolutionCsv } from '../../bff/domain/energy-value/export-csv.ts';
import { installationHistory } from '../../bff/domain/exports/history.ts';
import type { IotCloud } from '../../bff/ports/iot-cloud.ts';
import { iotStandIn } from '../../sandbox/iot/stand-in.ts';
import { startSandbox } from '../../sandbox/server.ts';

/**
 * The full-resolution export of three years of 15-minute data (docs/exports.md "History"): the IoT cloud's days
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

/**
 * The export as the portal makes it: the IoT port's adapter (`iotOver`), the paging of bff/domain/exports/history.ts
 * (a day per call, eight in flight) and the CSV writer, for `days` days from `firstDay`.
 */
export async function benchExport(iot: IotCloud, siteId: string, firstDay: string, days: number): Promise<ExportFigures> {
  const lastDay = new Date(Date.parse(`${firstDay}T12:00:00Z`) + (days - 1) * DAY_MS);
  const points = () => installationHistory(iot, { siteId, commissionedAt: `${firstDay}T00:00:00+01:00` }, lastDay);
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

/** The portal's IoT adapter for the IoT cloud (or stand-in) at `url`. */
export const iotOver = (url: string) => buildAdapters(loadConfig({ NODE_ENV: 'test', IOT_API_URL: url })).iot;

if (process.argv[1]?.endsWith('export-csv.ts')) {
  const config = loadConfig({ NODE_ENV: 'test' });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-export-'));
  const sandbox = await startSandbox(config, { dataDir, httpPort: 0, ports: { smtp: 0 }, standIns: [iotStandIn], log: () => {} });
  try {
    // Mehmet's installation (commissioned September 2023): the three years before 27 November 2026.
    await fetch(`${sandbox.url}/iot/_control/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ now: '2026-11-27T00:00:00+01:00' }) });
    const iot = iotOver(`${sandbox.url}/iot/api/v2`);
    const run = () => benchExport(iot, 'SITE-C4E815', '2023-11-27', 1096);
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
