import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '~/bff/composition/capabilities.ts';
import { benchPages, onlyPages } from './pages.ts';
import { compareReports, toMarkdown, type BenchReport, type PageFigures } from './report.ts';
import { parseServerTiming } from './server-timing.ts';

describe('the pages npm run bench loads', () => {
  const pages = benchPages();

  it('are every signed-in page of the route table, a pattern through its sample, and the lead’s pages', () => {
    for (const route of ROUTE_TABLE.routes.filter((r) => r.access === 'customer' || r.access === 'account')) {
      expect(pages).toContainEqual({ path: route.sample ?? route.path, route: route.path, who: 'customer' });
    }
    expect(pages).toContainEqual({ path: '/home/app/help', route: '/home/app/help', who: 'customer' });
    expect(pages).toContainEqual({ path: '/home/lead', route: '/home/lead', who: 'lead' });
    // Monitoring's today grows over the day; a whole past day is measured beside it.
    expect(pages).toContainEqual({ path: '/home/app/monitoring', route: '/home/app/monitoring', who: 'customer' });
    expect(pages).toContainEqual({ path: '/home/app/monitoring?date=2026-06-18', route: '/home/app/monitoring', who: 'customer' });
    expect(pages.some((p) => p.path.includes('['))).toBe(false);
    // Signed-out pages (the funnel, the error pages) are not the bench's.
    expect(pages.map((p) => p.path)).not.toContain('/angebot');
    expect(pages.map((p) => p.path)).not.toContain('/404');
  });

  it('--only keeps the pages whose address contains one of the words', () => {
    expect(onlyPages(pages, ['dashboard', 'files/documents']).map((p) => p.path)).toEqual(['/home/app/files/documents', '/home/dashboard']);
    expect(onlyPages(pages, [])).toHaveLength(pages.length);
  });
});

describe('Server-Timing as the bench reads it', () => {
  it('takes the portal’s time, SQL statements and external calls', () => {
    expect(parseServerTiming('total;dur=41.5, db;dur=12;desc=7, up;dur=20.2;desc=3')).toEqual({ serverMs: 41.5, db: 7, dbMs: 12, up: 3, upMs: 20.2 });
    expect(parseServerTiming(undefined)).toBeNull();
    expect(parseServerTiming('cache;desc=hit')).toBeNull();
  });
});

describe('the bench’s report', () => {
  const page = (path: string, rps: number, serverMs: number): PageFigures => ({
    path,
    route: path,
    who: 'customer',
    status: 200,
    rps,
    p50Ms: 100,
    p99Ms: 400,
    errors: 0,
    ofFloor: rps / 1000,
    serverMs,
    db: 6,
    up: 2,
    initialJsGzipBytes: 2048,
    onDemandJsGzipBytes: 0,
    cpuMs: serverMs / 10,
  });
  const run = (build: string, pages: PageFigures[]): BenchReport => ({
    startedAt: '2026-11-27T10:00:00.000Z',
    build,
    secondsPerPage: 6,
    connections: 50,
    loadAverage: { before: 3, after: 4 },
    floor: { customer: { rps: 1000, p99Ms: 90, cpuMs: 0.8 }, lead: { rps: 900, p99Ms: 95 } },
    pages,
    lighthouse: [{ path: '/home/dashboard', performance: 97, accessibility: 100, lcpMs: 1200, transferKb: 80 }],
    other: [],
    totalSeconds: 600,
  });

  it('is a Markdown table with the duration per page and every figure of a page', () => {
    const markdown = toMarkdown(run('compiled', [page('/home/dashboard', 200, 30)]));
    expect(markdown).toContain('50 connections for 6 s per page');
    expect(markdown).toContain('| `/home/dashboard` | customer | 200 | 200 | 100 ms | 400 ms | 20.0 % | 0 | 3.00 ms | 30 ms | 2 | 6 | 2.0 KB | 0.0 KB |');
    expect(markdown).toContain('(p99 90 ms, 0.80 ms CPU per answer)');
    expect(markdown).toContain('| `/home/dashboard` | 97 | 100 | 1.20 s | 80 KB |');
  });

  it('shows a dash where a run has no CPU figure (an older report, a metrics port that did not answer)', () => {
    const old = { ...page('/home/dashboard', 200, 30), cpuMs: undefined };
    expect(toMarkdown(run('compiled', [old]))).toContain('| 20.0 % | 0 | – | 30 ms |');
  });

  it('names a Lighthouse audit that failed twice instead of losing the run', () => {
    const report = run('compiled', []);
    report.lighthouse = [{ path: '/home/app/monitoring', performance: Number.NaN, accessibility: Number.NaN, lcpMs: Number.NaN, transferKb: Number.NaN, error: 'NO_NAVSTART' }];
    expect(toMarkdown(report)).toContain('| `/home/app/monitoring` | failed twice: NO_NAVSTART | | | |');
  });

  it('--compare puts two runs side by side, B against A, for the pages both measured', () => {
    const a = run('source', [page('/home/dashboard', 50, 60), page('/home/app/help', 80, 20)]);
    const b = run('compiled', [page('/home/dashboard', 200, 30)]);
    const table = compareReports(a, b);
    expect(table).toContain('| `/home/dashboard` | 50 → 200 | 4.00× | 400 → 400 ms | 1.00× | 5.0 % → 20.0 % | 6.00 ms → 3.00 ms | 0.50× | 60 → 30 ms | 2 → 2 | 6 → 6 | 2.0 KB → 2.0 KB |');
    expect(table).not.toContain('/home/app/help');
  });
});
