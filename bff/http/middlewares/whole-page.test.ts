import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'express';
import { describe, expect, it } from 'vitest';
import { wholePage } from './whole-page.ts';

/** A real server: the page's chunks as the client receives them, and how many writes reached the socket. */
async function serve(render: (res: Response) => void): Promise<{ body: string; socketWrites: number; headers: Record<string, unknown> }> {
  let socketWrites = 0;
  const server = createServer((_req, res) => {
    const socket = res.socket as NonNullable<typeof res.socket>;
    const writev = (socket as unknown as { _writev?: unknown })._writev;
    const count = (original: (...args: unknown[]) => unknown) =>
      function (this: unknown, ...args: unknown[]) {
        socketWrites++;
        return original.apply(this, args);
      };
    (socket as unknown as { _write: (...args: unknown[]) => unknown })._write = count((socket as unknown as { _write: (...args: unknown[]) => unknown })._write);
    if (typeof writev === 'function') (socket as unknown as { _writev: (...args: unknown[]) => unknown })._writev = count(writev as (...args: unknown[]) => unknown);
    wholePage(res as unknown as Response);
    render(res as unknown as Response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise((resolve, reject) => {
      request({ port, host: '127.0.0.1' }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ body, socketWrites, headers: response.headers }));
      })
        .on('error', reject)
        .end();
    });
  } finally {
    server.close();
  }
}

describe('a page answers in one write', () => {
  it('keeps the chunks of a streamed page, strings and bytes, and sends them at the end together', async () => {
    const { body, socketWrites } = await serve(async (res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      for (let i = 0; i < 50; i++) {
        res.write(i % 2 ? `<p>Abschnitt ${i} – Grüße</p>` : new TextEncoder().encode(`<p>Teil ${i}</p>`));
        await new Promise((resolve) => setImmediate(resolve));
      }
      res.end('</html>');
    });
    expect(body).toContain('<p>Teil 0</p><p>Abschnitt 1 – Grüße</p>');
    expect(body.endsWith('<p>Abschnitt 49 – Grüße</p></html>')).toBe(true);
    // Head and body in one write (without the wrapper: one per chunk, 51 and more).
    expect(socketWrites).toBeLessThanOrEqual(2);
  });

  it('calls the callbacks of writes and end once the page is sent, and answers an empty page', async () => {
    const called: string[] = [];
    const { body } = await serve((res) => {
      res.writeHead(200);
      res.write('a', () => called.push('write'));
      res.write('b', 'utf8', () => called.push('write with encoding'));
      res.end(() => called.push('end'));
    });
    expect(body).toBe('ab');
    expect(called).toEqual(['write', 'write with encoding', 'end']);
    expect((await serve((res) => res.end())).body).toBe('');
  });
});
