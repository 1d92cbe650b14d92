import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import pg from 'pg';
import { loadConfig } from '~/bff/config.ts';
import type { OtherFigure } from './report.ts';

/**
 * `npm run bench -- --at-scale`: the bench against the 100× database (docs/scale.md). Its stack keeps its data in a
 * folder of its own, seeded once (`seedScale`, about a quarter of an hour on a quiet machine) and reused by later runs;
 * besides the pages, every scheduled job runs once through the cron endpoint and is timed from its run record.
 */
export const SCALE_DATA_DIR = '.data/bench-scale';

async function query<T>(databaseUrl: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * Seeds the database unless it already holds the 100× data, through `npm run seed:scale` (its progress on the
 * console); answers the seconds it took (0 when already seeded).
 */
export async function ensureScaleData(databaseUrl: string, scale: number): Promise<number> {
  if ((await query(databaseUrl, "SELECT 1 FROM users WHERE user_id = 'scale-1'")).length > 0) return 0;
  const started = performance.now();
  const seed = spawn(process.execPath, ['--import', 'tsx', 'bff/db/seed-scale.ts', '--scale', String(scale)], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'inherit', 'inherit'] });
  const [code] = (await once(seed, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`seed:scale ended with ${code}`);
  return Math.round((performance.now() - started) / 1000);
}

/** The largest tables' row counts, for the report. */
export async function tableSizes(databaseUrl: string): Promise<Record<string, number>> {
  const rows = await query<{ name: string; rows: string }>(databaseUrl, 'SELECT relname AS name, n_live_tup AS rows FROM pg_stat_user_tables ORDER BY n_live_tup DESC LIMIT 8');
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.rows)]));
}

const machineToken = (subject: 'cron' | 'internal') => {
  const config = loadConfig(process.env);
  const secret = subject === 'cron' ? config.CRON_API_SECRET : config.INTERNAL_API_SECRET;
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject)
    .setAudience(config.API_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(secret));
};

interface JobRun {
  jobId: string;
  status: string;
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
}

/** Every scheduled job once, in turn: queued through the cron endpoint, timed from its run record (≤ 10 min each). */
export async function timeJobs(portal: string): Promise<OtherFigure[]> {
  const listed = (await (await fetch(`${portal}/api/cron/jobs`, { headers: { authorization: `Bearer ${await machineToken('cron')}` } })).json()) as { jobs: { name: string }[] };
  const rows: OtherFigure[] = [];
  for (const { name } of listed.jobs) {
    const queued = await fetch(`${portal}/api/cron/jobs/${name}`, { method: 'POST', headers: { authorization: `Bearer ${await machineToken('cron')}`, 'content-type': 'application/json' }, body: '{}' });
    const { jobId } = (await queued.json()) as { jobId: string | null };
    if (!jobId) {
      rows.push({ measure: `job ${name} at scale`, value: 'not queued (already queued or running)', target: '', met: '' });
      continue;
    }
    const deadline = Date.now() + 600_000;
    let run: JobRun | undefined;
    while (Date.now() < deadline) {
      const answer = (await (await fetch(`${portal}/api/internal/jobs/runs?job=${name}`, { headers: { authorization: `Bearer ${await machineToken('internal')}` } })).json()) as { runs: JobRun[] };
      run = answer.runs.find((r) => r.jobId === jobId && r.finishedAt !== null);
      if (run) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    if (!run?.finishedAt) {
      rows.push({ measure: `job ${name} at scale`, value: 'not finished within 10 min', target: 'finishes', met: '✗' });
      continue;
    }
    const seconds = (Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000;
    rows.push({ measure: `job ${name} at scale: one run`, value: `${seconds.toFixed(1)} s (${run.status})`, target: 'succeeds', met: run.status === 'FAILED' || run.error ? '✗' : '✓' });
  }
  return rows;
}
