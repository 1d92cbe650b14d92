import type { LighthouseFigures } from './lighthouse.ts';
import type { SoakFigures } from './memory.ts';
import type { BenchPage } from './pages.ts';

/** One page's figures in a bench run. */
export interface PageFigures extends BenchPage {
  /** The status the page answers (a sample id that exists nowhere answers 404, a page the lead may not see 303). */
  status: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers of another status class than the page's own, failed connections and timeouts under load. */
  errors: number;
  /** rps against `/api/auth/me` with the same session in the same run (the floor a page builds on). */
  ofFloor: number;
  /** One warm render, from its Server-Timing: the portal's time, SQL statements and external calls. */
  serverMs: number;
  db: number;
  up: number;
  /** JavaScript before any interaction (gzip; tests/bench/page-weight.ts) and what loads on demand. */
  initialJsGzipBytes: number;
  onDemandJsGzipBytes: number;
  /** The portal's CPU per answer under the load (tests/bench/memory.ts `cpuMsPerAnswer`); absent in older reports. */
  cpuMs?: number | null;
}

/** A row of the figures outside the page table (help against Strapi, downloads, bytes on the wire). */
export interface OtherFigure {
  measure: string;
  value: string;
  target: string;
  met: '✓' | '✗' | '';
}

export interface BenchReport {
  startedAt: string;
  /** PORTAL_BUILD of the stack: `compiled` (production build, the default) or `source` (tsx, React's development build). */
  build: string;
  /** The database: the German demo data, or the 100× data (`--at-scale`, docs/scale.md). */
  data?: 'demo' | 'scale';
  secondsPerPage: number;
  connections: number;
  /** The machine's load average (1 min) before and after: other work on the machine makes figures noisy. */
  loadAverage: { before: number; after: number };
  /** `/api/auth/me` per session: requests per second, p99. */
  floor: Record<BenchPage['who'], { rps: number; p99Ms: number; cpuMs?: number | null }>;
  pages: PageFigures[];
  lighthouse: LighthouseFigures[];
  other: OtherFigure[];
  /** The portal's resident memory (its metrics port): the peak while the pages were measured, and the soak's figures. */
  memory?: { underLoadPeakMb: number; soak: SoakFigures | null };
  totalSeconds: number;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const cpu = (ms: number | null | undefined) => (ms === null || ms === undefined ? '–' : `${ms.toFixed(2)} ms`);
const pct = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;

export function toMarkdown(report: BenchReport): string {
  const lines = [
    `# npm run bench, ${report.startedAt}`,
    '',
    `Build: **${report.build}**, data: **${report.data === 'scale' ? '100× (docs/scale.md)' : 'demo'}**. ${report.connections} connections for ${report.secondsPerPage} s per page (autocannon on the same machine); ` +
      `load average ${report.loadAverage.before.toFixed(1)} before, ${report.loadAverage.after.toFixed(1)} after; ${Math.round(report.totalSeconds)} s in all.`,
    `Floor: \`/api/auth/me\` as the customer ${report.floor.customer.rps} req/s (p99 ${report.floor.customer.p99Ms} ms, ${cpu(report.floor.customer.cpuMs)} CPU per answer), as the lead ${report.floor.lead.rps} req/s.`,
    'Server time, upstream calls and SQL statements: one warm render, from its Server-Timing. CPU per answer: the portal process under the load (every thread).',
    '',
    '| page | who | status | req/s | p50 | p99 | of floor | errors | CPU per answer | server time | upstream calls | SQL statements | JS before interaction (gzip) | JS on demand |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...report.pages.map(
      (p) =>
        `| \`${p.path}\` | ${p.who} | ${p.status} | ${p.rps} | ${p.p50Ms} ms | ${p.p99Ms} ms | ${pct(p.ofFloor)} | ${p.errors} | ${cpu(p.cpuMs)} | ${p.serverMs} ms | ${p.up} | ${p.db} | ${kb(p.initialJsGzipBytes)} | ${kb(p.onDemandJsGzipBytes)} |`,
    ),
  ];
  if (report.lighthouse.length > 0) {
    lines.push('', '## Lighthouse (mobile preset)', '', '| page | performance | accessibility | LCP | transferred |', '| --- | ---: | ---: | ---: | ---: |');
    for (const lh of report.lighthouse) {
      lines.push(lh.error ? `| \`${lh.path}\` | failed twice: ${lh.error} | | | |` : `| \`${lh.path}\` | ${lh.performance} | ${lh.accessibility} | ${(lh.lcpMs / 1000).toFixed(2)} s | ${lh.transferKb} KB |`);
    }
  }
  if (report.memory) {
    const flat = (slope: number) => (Math.abs(slope) <= 1 ? '✓' : '✗');
    lines.push('', '## Memory (portal, resident)', '', '| measure | value | target | met |', '| --- | --- | --- | --- |');
    lines.push(`| peak while the pages were measured | ${report.memory.underLoadPeakMb} MB | ≤ 350 MB | ${report.memory.underLoadPeakMb <= 350 ? '✓' : '✗'} |`);
    const soak = report.memory.soak;
    if (soak) {
      lines.push(`| soak: ${soak.seconds} s at ${soak.connections} connections, ${soak.requests} answers, ${soak.failures} failed | | | |`);
      lines.push(`| soak: peak | ${soak.peakMb} MB | ≤ 350 MB | ${soak.peakMb <= 350 ? '✓' : '✗'} |`);
      lines.push(`| soak: after warm-up → at the end | ${soak.afterWarmUpMb} → ${soak.endMb} MB | | |`);
      lines.push(`| soak: trend after warm-up | ${soak.slopeMbPerMinute} MB/min | flat (≤ 1 MB/min) | ${flat(soak.slopeMbPerMinute)} |`);
      lines.push(`| soak: trend over the last half | ${soak.lastHalfSlopeMbPerMinute} MB/min | flat (≤ 1 MB/min) | ${flat(soak.lastHalfSlopeMbPerMinute)} |`);
      if (soak.endHeapUsedMb !== null && soak.lastHalfHeapSlopeMbPerMinute !== null) {
        lines.push(`| soak: JavaScript heap in use at the end, its trend over the last half | ${soak.endHeapUsedMb} MB, ${soak.lastHalfHeapSlopeMbPerMinute} MB/min | | |`);
      }
    }
  }
  if (report.other.length > 0) {
    lines.push('', '## Other figures', '', '| measure | value | target | met |', '| --- | --- | --- | --- |');
    for (const row of report.other) lines.push(`| ${row.measure} | ${row.value} | ${row.target} | ${row.met} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** `B / A` of a figure, `–` where either is missing or zero. */
const ratio = (a: number | undefined, b: number | undefined) => (a && b !== undefined && Number.isFinite(a) && Number.isFinite(b) ? `${(b / a).toFixed(2)}×` : '–');

/** Two runs side by side (`npm run bench -- --compare A.json B.json`): every page both measured, B against A. */
export function compareReports(a: BenchReport, b: BenchReport): string {
  const lines = [
    `A: ${a.startedAt} (${a.build}, ${a.secondsPerPage} s per page, load ${a.loadAverage.before.toFixed(1)})`,
    `B: ${b.startedAt} (${b.build}, ${b.secondsPerPage} s per page, load ${b.loadAverage.before.toFixed(1)})`,
    `floor (/api/auth/me, customer): ${a.floor.customer.rps} → ${b.floor.customer.rps} req/s (${ratio(a.floor.customer.rps, b.floor.customer.rps)}), CPU per answer ${cpu(a.floor.customer.cpuMs)} → ${cpu(b.floor.customer.cpuMs)}`,
    '',
    '| page | req/s A → B | × | p99 A → B | × | of floor A → B | CPU per answer A → B | × | server time A → B | upstream calls | SQL statements | JS before interaction |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const pb of b.pages) {
    const pa = a.pages.find((p) => p.path === pb.path && p.who === pb.who);
    if (!pa) continue;
    lines.push(
      `| \`${pb.path}\` | ${pa.rps} → ${pb.rps} | ${ratio(pa.rps, pb.rps)} | ${pa.p99Ms} → ${pb.p99Ms} ms | ${ratio(pa.p99Ms, pb.p99Ms)} | ${pct(pa.ofFloor)} → ${pct(pb.ofFloor)} | ${cpu(pa.cpuMs)} → ${cpu(pb.cpuMs)} | ${ratio(pa.cpuMs ?? undefined, pb.cpuMs ?? undefined)} | ${pa.serverMs} → ${pb.serverMs} ms | ${pa.up} → ${pb.up} | ${pa.db} → ${pb.db} | ${kb(pa.initialJsGzipBytes)} → ${kb(pb.initialJsGzipBytes)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
