import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../tests/support/ports.ts';
import { NGINX, instancePorts, writeNginxConfig } from './proxy.ts';

/** The local reverse proxy's config, run by Debian's nginx in front of a stand-in portal. */
let dir: string;
let port: number;
let upstream: Server;
let other: Server;
/** Requests each instance saw. */
const seen = { a: [] as string[], b: [] as string[] };
let nginx: ReturnType<typeof spawn>;

/** A port whose next two are free too (the proxy's instances sit on PORT+1 and PORT+2). */
async function portWithNeighbours(): Promise<number> {
  for (;;) {
    const candidate = await freePort();
    if (candidate < 65_000) return candidate;
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kundenportal-proxy-'));
  port = await portWithNeighbours();
  // Both instances answer 503 for a vendor that is down, as the portal does.
  const instance = (name: 'a' | 'b') =>
    createServer((req, res) => {
      seen[name].push(req.url ?? '');
      if (req.url?.startsWith('/vendor-down')) res.writeHead(503, { 'retry-after': '120' }).end('vendor down');
      else res.end('ok');
    });
  upstream = instance('a');
  other = instance('b');
  upstream.listen(instancePorts(port)[0], '127.0.0.1');
  other.listen(instancePorts(port)[1], '127.0.0.1');
  await Promise.all([once(upstream, 'listening'), once(other, 'listening')]);
  nginx = spawn(NGINX, ['-c', writeNginxConfig(dir, port)], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('nginx did not start');
}, 20_000);
afterAll(async () => {
  if (nginx?.exitCode === null) {
    nginx.kill('SIGTERM');
    await once(nginx, 'exit');
  }
  upstream?.close();
  other?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the local reverse proxy (nginx)', () => {
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
    seen.a.length = 0;
    seen.b.length = 0;
    for (let i = 0; i < 4; i++) {
      const answer = await fetch(`http://127.0.0.1:${port}/vendor-down/${i}`);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('120');
    }
    expect(seen.a.length + seen.b.length).toBe(4);
  });
});
