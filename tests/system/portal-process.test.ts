import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../support/ports.ts';

/**
 * The portal process itself (bff/server.ts), started as the launcher and the image start it: it fails loudly (a port
 * in use, a database it cannot reach: exit code 1 and one clear log line; docs/observability.md) and serves metrics
 * on its internal port only. The site build is not needed for that: the process runs from a copy of bff/ next to a
 * stand-in for Astro's built handler (like the test portal's, it renders error pages and passes other paths on).
 */
const root = path.resolve(import.meta.dirname, '../..');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kundenportal-process-'));
  cpSync(path.join(root, 'bff'), path.join(dir, 'bff'), { recursive: true, filter: (source) => !source.endsWith('.test.ts') });
  cpSync(path.join(root, 'package.json'), path.join(dir, 'package.json'));
  cpSync(path.join(root, 'tsconfig.json'), path.join(dir, 'tsconfig.json'));
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  mkdirSync(path.join(dir, 'dist/server'), { recursive: true });
  writeFileSync(
    path.join(dir, 'dist/server/entry.mjs'),
    "export const handler = (req, res, next) => (/^\\/(400|404|500)\\b/.test(req.url) ? res.end('Fehlerseite') : next());\n",
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Line = Record<string, unknown> & { level?: string; msg?: string };

/** Starts bff/server.ts; `exited` resolves with the exit code and every JSON line it wrote. */
function startPortal(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './bff/observability/tracing.ts', 'bff/server.ts'], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', JOBS_ENABLED: 'false', LOG_LEVEL: 'info', DATABASE_URL: inject('databaseUrl'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const lines = (): Line[] => output.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Line);
  const exited = once(child, 'exit').then(([code]) => ({ code: code as number | null, lines: lines(), output }));
  return { child, lines, exited, output: () => output };
}

async function occupiedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('the portal process fails loudly', () => {
  it('a port in use: exit code 1 and one error line naming the port, never "listening"', async () => {
    const busy = await occupiedPort();
    try {
      const { code, lines } = await startPortal({ PORT: String(busy.port) }).exited;
      expect(code).toBe(1);
      const errors = lines.filter((line) => line.level === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]?.msg).toBe(`Port ${busy.port} auf 127.0.0.1 ist schon belegt (läuft dort ein anderer Prozess?). Start abgebrochen.`);
      expect(errors[0]).toMatchObject({ error: { code: 'EADDRINUSE' } });
      expect(lines.some((line) => String(line.msg).includes('listening'))).toBe(false);
    } finally {
      await busy.close();
    }
  }, 60_000);

  it('the metrics port in use: the same, before the public port opens', async () => {
    const busy = await occupiedPort();
    try {
      const { code, lines } = await startPortal({ PORT: String(await freePort()), METRICS_PORT: String(busy.port) }).exited;
      expect(code).toBe(1);
      expect(lines.find((line) => line.level === 'error')?.msg).toContain(`Port ${busy.port} auf 127.0.0.1 ist schon belegt`);
      expect(lines.some((line) => String(line.msg).includes('listening'))).toBe(false);
    } finally {
      await busy.close();
    }
  }, 60_000);

  it('a database it cannot reach: exit code 1 after DATABASE_WAIT_SECONDS, naming host and port but never the password', async () => {
    const nowhere = await freePort();
    const started = Date.now();
    const { code, lines, output } = await startPortal({
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://kundenportal:streng-geheim@127.0.0.1:${nowhere}/portal`,
      DATABASE_WAIT_SECONDS: '1',
    }).exited;
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(30_000);
    const error = lines.find((line) => line.level === 'error');
    expect(error?.msg).toMatch(new RegExp(`^Die Datenbank 127\\.0\\.0\\.1:${nowhere}/portal ist nicht erreichbar \\(1 s gewartet\\): .*ECONNREFUSED.*Start abgebrochen\\.$`));
    expect(output).not.toContain('streng-geheim');
  }, 60_000);

  it('a start that fails later (a database with migrations this checkout lacks): exit code 1, one line with the reason', async () => {
    // A database of its own on the test server, marked with a migration from the future.
    const name = `portal_future_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: inject('databaseUrl') });
    await admin.connect();
    const futureUrl = Object.assign(new URL(inject('databaseUrl')), { pathname: `/${name}` }).href;
    try {
      await admin.query(`create database ${name}`);
      const future = new pg.Client({ connectionString: futureUrl });
      await future.connect();
      await future.query('create table knex_migrations (id serial primary key, name varchar(255), batch integer, migration_time timestamptz)');
      await future.query("insert into knex_migrations (name, batch, migration_time) values ('29990101000000_aus_der_zukunft.ts', 1, now())");
      await future.end();

      const { code, lines } = await startPortal({ PORT: String(await freePort()), DATABASE_URL: futureUrl }).exited;
      expect(code).toBe(1);
      const errors = lines.filter((line) => line.level === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ msg: 'Start fehlgeschlagen', error: { message: expect.stringContaining('29990101000000_aus_der_zukunft.ts') } });
    } finally {
      await admin.query(`drop database if exists ${name}`).catch(() => undefined);
      await admin.end();
    }
  }, 60_000);
});

describe('the portal process serves metrics', () => {
  it('on METRICS_PORT only: route series there, 404 for /metrics on the public port; SIGTERM still exits 0', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const portal = startPortal({ PORT: String(port), METRICS_PORT: String(metricsPort) });
    try {
      const deadline = Date.now() + 45_000;
      while (!(await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false))) {
        if (Date.now() > deadline || portal.child.exitCode !== null) throw new Error(`portal not ready:\n${portal.output().slice(-3000)}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(metrics).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/readyz",status="200"\} [1-9]/);
      expect(metrics).toMatch(/http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} [1-9]/);
      expect(portal.lines().find((line) => String(line.msg).startsWith('portal listening'))).toMatchObject({ metrics: `http://127.0.0.1:${metricsPort}/metrics` });
    } finally {
      portal.child.kill('SIGTERM');
    }
    expect((await portal.exited).code).toBe(0);
  }, 90_000);
});
