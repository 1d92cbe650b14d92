import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { usePortal } from '../../tests/support/use-portal.ts';

/**
 * `/cms-media/*` (docs/architecture.md "Help content"): the portal serves Strapi's uploads from its own origin, and only
 * those. A Strapi-like server answers here: its uploads, its admin page, and the redirect Strapi sends for `/`.
 */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const requested: string[] = [];
let strapi: Server;

const { portal } = usePortal({
  data: 'none',
  prepare: async () => {
    strapi = createServer((req, res) => {
      requested.push(req.url ?? '');
      if (req.url === '/uploads/dach_1.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      if (req.url === '/uploads/anleitung.pdf') return void res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4\n%%EOF\n');
      if (req.url === '/uploads/seite.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
      if (req.url === '/uploads/weiter.png') return void res.writeHead(302, { location: '/admin' }).end();
      if (req.url === '/' || req.url === '/uploads/') return void res.writeHead(302, { location: '/admin' }).end();
      if (req.url === '/admin') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Strapi Admin</title>');
      res.writeHead(404).end();
    });
    strapi.listen(0, '127.0.0.1');
    await once(strapi, 'listening');
    const { port } = strapi.address() as AddressInfo;
    return { env: { STRAPI_URL: `http://127.0.0.1:${port}` } };
  },
});
afterAll(() => {
  strapi?.close();
});

const media = (path: string) => fetch(`${portal.url}/cms-media/${path}`, { redirect: 'manual' });
/** As sent, without the URL normalisation fetch does (`/cms-media/..` would become `/`); curl's --path-as-is. */
function rawMedia(path: string): Promise<{ status: number; body: string }> {
  const url = new URL(portal.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: `/cms-media/${path}`, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('CMS media from the portal’s origin', () => {
  it('serves an upload’s image in place and a PDF as a download', async () => {
    const image = await media('dach_1.png');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    const pdf = await media('anleitung.pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="anleitung.pdf"');
  });

  it('never serves Strapi’s admin page: dot-only names, encoded or not, are refused, redirects are not followed', async () => {
    requested.length = 0;
    for (const path of ['..', '%2e%2e', '%2E%2E', '.', '...', '.env', 'weiter.png']) {
      const answer = await rawMedia(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain('Strapi Admin');
    }
    // Only the one plain name reached Strapi (content reloads under /api aside); its redirect was not followed.
    expect(requested.filter((url) => !url.startsWith('/api/'))).toEqual(['/uploads/weiter.png']);
  });

  it('hands out media types only: an uploaded HTML page answers 404', async () => {
    const answer = await media('seite.html');
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('<script>');
  });
});
