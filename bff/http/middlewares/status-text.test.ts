import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'express';
import { describe, expect, it } from 'vitest';
import { standardStatusText } from './status-text.ts';

describe('status text of pages', () => {
  it('is the standard reason phrase of the status, whatever the renderer set', async () => {
    const server = createServer((_req, res) => {
      standardStatusText(res as unknown as Response);
      // What Astro does for a page that set its status to 404 on a 200 response.
      res.statusMessage = 'OK';
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('nicht gefunden');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const statusLine = await new Promise<string>((resolve, reject) => {
      request({ host: '127.0.0.1', port }, (res) => {
        res.resume();
        resolve(`${res.statusCode} ${res.statusMessage}`);
      })
        .on('error', reject)
        .end();
    });
    server.close();
    expect(statusLine).toBe('404 Not Found');
  });
});
