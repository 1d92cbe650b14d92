import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import type { RouteTable } from '../../contracts/routes.ts';
import { createLogger } from '../../logger.ts';
import { costStarted } from '../../observability/context.ts';
import { observeRequests } from './observe-requests.ts';

const routes = { routeOf: () => undefined } as unknown as RouteTable;
let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** An app whose one route does `work` under the portal's first middleware. */
async function appWith(work: express.RequestHandler): Promise<string> {
  const app = express();
  app.use(observeRequests(createLogger('error'), routes));
  app.get('/work', work);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server?.once('listening', resolve));
  return `http://127.0.0.1:${(server?.address() as AddressInfo).port}/work`;
}

/** Head and trailers of a GET (fetch does not expose trailers). */
function get(url: string): Promise<{ header: string | undefined; announced: string | undefined; trailer: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ header: response.headers['server-timing'] as string | undefined, announced: response.headers.trailer, trailer: response.trailers['server-timing'] }),
        );
      })
      .on('error', reject);
  });
}

/** One call to a vendor, as the observed fetch counts it. */
const vendorCall = async () => {
  const ended = costStarted('up');
  await new Promise((resolve) => setTimeout(resolve, 5));
  ended?.();
};

describe('Server-Timing of an answer', () => {
  it('an answer built before its head carries the whole cost in the header, and no trailer', async () => {
    const url = await appWith(async (_req, res) => {
      await vendorCall();
      res.json({ ok: true });
    });
    const { header, announced, trailer } = await get(url);
    expect(header).toMatch(/^total;dur=[\d.]+, db;dur=0;desc=0, up;dur=[\d.]+;desc=1$/);
    expect(announced).toBeUndefined();
    expect(trailer).toBeUndefined();
  });

  it('a streamed answer (a page whose layout works after the head) repeats it as a trailer with the work done after the head', async () => {
    const url = await appWith(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<p>head sent</p>');
      await vendorCall();
      await vendorCall();
      res.end('<p>layout done</p>');
    });
    const { header, announced, trailer } = await get(url);
    expect(header).toMatch(/up;dur=0;desc=0$/);
    expect(announced).toBe('Server-Timing');
    expect(trailer).toMatch(/^total;dur=[\d.]+, db;dur=0;desc=0, up;dur=[\d.]+;desc=2$/);
  });

  it('counts nothing outside a request', () => {
    expect(costStarted('db')).toBeUndefined();
  });
});
