import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../tests/support/ports.ts';
import { NGINX, instancePorts, writeNginxConfig } from './proxy.ts';

/**
 * The local two-instance proxy as `npm run start:two` writes it (docs/two-instances.md), in front of two stand-in
 * instances that answer with the headers they received.
 */
let dir: string;
let port: number;
let nginx: ChildProcess;
const upstreams: http.Server[] = [];
const received: { url: string; requestId: string | undefined }[] = [];

function instance(listenPort: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    received.push({ url: req.url ?? '', requestId: req.headers['x-request-id'] as string | undefined });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ requestId: req.headers['x-request-id'] }));
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
});

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
});
