import http from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../site/integrations/precompress.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

let cookie = '';
let site = '';
let staticDir = '';
const asset = `window.kundenportal = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Sonnenstrom ${i}`))};\n`;

const { portal, data } = usePortal({
  data: 'all',
  prepare: async () => {
    staticDir = await mkdtemp(path.join(os.tmpdir(), 'kundenportal-static-'));
    await mkdir(path.join(staticDir, '_astro'));
    await writeFile(path.join(staticDir, '_astro', 'app.abc123.js'), asset);
    await writeFile(path.join(staticDir, '_astro', 'tiny.js'), 'x();');
    await precompress(staticDir);
    return { staticDir };
  },
});
beforeAll(async () => {
  const customer = await data.customer();
  const project = await data.project({ portalUserIds: [customer.sub] });
  site = (await data.installation(project.id)).siteId;
  const client = await signedInClient(portal.url, customer);
  cookie = `kundenportal.sid=${client.cookie(portal.url, 'kundenportal.sid') ?? ''}`;
}, 60_000);
afterAll(async () => {
  if (staticDir) await rm(staticDir, { recursive: true, force: true });
});

/** A raw GET (no automatic decoding, unlike fetch): status, headers and the bytes on the wire. */
function raw(pathname: string, acceptEncoding: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${portal.url}${pathname}`, { headers: { 'accept-encoding': acceptEncoding, accept: 'text/html', cookie } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

describe('compression', () => {
  it('serves the build\u2019s precompressed brotli and gzip copies of an asset, equal to the original when decoded', async () => {
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['identity', undefined]] as const) {
      const response = await raw('/_astro/app.abc123.js', accept);
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/Accept-Encoding/i);
      expect(response.headers['cache-control']).toContain('immutable');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(decode(encoding, response.body).toString()).toBe(asset);
      if (encoding) expect(response.body.length).toBeLessThan(asset.length / 3);
    }
  });

  it('compresses dynamic JSON and CSV with brotli or gzip, equal to the plain answer when decoded', async () => {
    for (const pathname of [
      `/api/v1/internal/installation/${site}/work-history?period=year&date=2026-01-01`,
      `/api/v1/internal/installation/${site}/export?period=month&date=2026-06-01`,
    ]) {
      const plain = await raw(pathname, 'identity');
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);
      for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip']] as const) {
        const response = await raw(pathname, accept);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers.vary).toMatch(/Accept-Encoding/i);
        expect(decode(encoding, response.body).toString()).toBe(plain.body.toString());
        expect(response.body.length).toBeLessThan(plain.body.length);
      }
    }
  });

  it('leaves tiny files and answers alone (below 1 KB the header costs more than it saves)', async () => {
    const tiny = await raw('/_astro/tiny.js', 'br, gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('x();');
  });
});
