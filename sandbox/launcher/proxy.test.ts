import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '~/tests/support/ports.ts';
import { NGINX, instancePorts, writeNginxConfig } from './proxy.ts';

/**
 * The local two-instance proxy as `npm run start:two` writes it (docs/two-instances.md), run by Debian's nginx in front
 * of two stand-in instances that answer with the headers they received, and with 503 for a vendor that is down.
 */
let dir: string;
let port: number;
let nginx: ChildProcess;
const upstreams: http.Server[] = [];
const received: { url: string; requestId: string | undefined }[] = [];

function instance(listenPort: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    received.push({ url: req.url ?? '', requestId: req.headers['x-request-id'] as string | undefined });
    if (req.url?.startsWith('/vendor-down')) res.writeHead(503, { 'retry-after': '120' }).end('vendor down');
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ requestId: req.headers['x-request-id'] }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve(server));
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kundenportal-proxy-'));
  // The proxy takes PORT, its instances the two ports after it: find three free in a row.
  for (let attempt = 0; upstreams.length < 2; attempt++) {
    port = await freePort();
    try {
      for (const instancePort of instancePorts(port)) upstreams.push(await instance(instancePort));
    } catch (error) {
      await Promise.all(upstreams.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
      if (attempt > 20) throw error;
    }
  }
  nginx = spawn(NGINX, ['-c', writeNginxConfig(dir, port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  nginx.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (!(await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false))) {
    if (Date.now() > deadline || nginx.exitCode !== null) throw new Error(`nginx did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 20_000);

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    nginx.kill('SIGTERM');
    await once(nginx, 'exit');
  }
  await Promise.all(upstreams.map((s) => new Promise((resolve) => s.close(resolve))));
  rmSync(dir, { recursive: true, force: true });
});

describe('the local reverse proxy', () => {
  it('gives every request its own X-Request-Id, in place of one the client sent', async () => {
    const ids: string[] = [];
    for (const headers of [{}, { 'x-request-id': 'vom-client-gewaehlt-1234' }, {}] as Record<string, string>[]) {
      const answer = (await (await fetch(`http://127.0.0.1:${port}/home/dashboard`, { headers })).json()) as { requestId: string };
      ids.push(answer.requestId);
    }
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('answers /metrics itself with 404: metrics never leave the instances’ internal port', async () => {
    const before = received.length;
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(404);
    expect(received.length).toBe(before);
  });

  it('logs every request by its path, never its query string (no IBAN, token or code in the access log)', async () => {
    const iban = 'DE89370400440532013000';
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/internal/util/ibanvalidation?iban=${iban}&code=123456`)).status).toBe(200);
    // nginx writes the line when the request ends; give it a moment to reach the file.
    let log = '';
    for (let i = 0; i < 50 && !log.includes('ibanvalidation'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      log = await readFile(path.join(dir, 'nginx', 'access.log'), 'utf8').catch(() => '');
    }
    expect(log).toContain('"GET /api/v1/internal/util/ibanvalidation HTTP/1.1" 200');
    expect(log).not.toContain(iban);
    expect(log).not.toContain('123456');
  });

  it('does not send a 503 (a vendor that is down) on to the other instance: the customer waits once, not twice', async () => {
    const before = received.length;
    for (let i = 0; i < 4; i++) {
      const answer = await fetch(`http://127.0.0.1:${port}/vendor-down/${i}`);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('120');
    }
    expect(received.length - before).toBe(4);
  });
});
