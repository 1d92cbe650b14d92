import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { metricValue } from '../../tests/support/metrics.ts';
import { freePort } from '../../tests/support/ports.ts';
import type { ServiceEndpoint } from '../config.ts';
import { AppError } from '../domain/errors.ts';
import { runInContext } from '../observability/context.ts';
import { createJsonClient } from './json-client.ts';

let server: http.Server;
let base: string;
const seen: { method?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, headers: req.headers, body });
      const send = (status: number, text: string, type = 'application/json') => res.writeHead(status, { 'content-type': type }).end(text);
      if (req.url === '/ok') return send(200, JSON.stringify({ name: 'Anna', extra: true }));
      if (req.url === '/missing') return send(404, JSON.stringify({ error: 'not_found' }));
      if (req.url === '/broken') return send(500, JSON.stringify({ error: 'internal' }));
      if (req.url === '/html') return send(200, '<html>oops</html>', 'text/html');
      if (req.url === '/wrong-shape') return send(200, JSON.stringify({ name: 42 }));
      if (req.url === '/slow') return void setTimeout(() => send(200, '{}'), 1_000);
      if (req.url === '/empty') return send(204, '');
      return send(404, '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const endpoint = (overrides: Partial<ServiceEndpoint> = {}): ServiceEndpoint => ({
  name: 'iot',
  label: 'Der Testdienst',
  url: base,
  headers: { authorization: 'Bearer geheim' },
  timeoutMs: 300,
  ...overrides,
});
const Person = z.object({ name: z.string() });

async function failure(call: Promise<unknown>) {
  const error = await call.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: 'UPSTREAM.UNAVAILABLE', status: 503, params: { service: 'iot' } });
  expect((error as Error).message).toContain('Der Testdienst ist gerade nicht erreichbar');
  return error as AppError;
}

describe('the adapters’ JSON client', () => {
  it('sends the credential header and answers the schema-checked body', async () => {
    const client = createJsonClient(endpoint());
    expect(await client.get('/ok', Person)).toEqual({ name: 'Anna' });
    expect(seen.at(-1)?.headers.authorization).toBe('Bearer geheim');
  });

  it('sends JSON bodies and reads no body without a schema', async () => {
    const client = createJsonClient(endpoint());
    expect(await client.request('/empty', { method: 'PUT', json: { a: 1 } })).toBeUndefined();
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', body: '{"a":1}' });
    expect(seen.at(-1)?.headers['content-type']).toBe('application/json');
  });

  it('answers null for 404 only when asked to', async () => {
    const client = createJsonClient(endpoint());
    expect(await client.request('/missing', { schema: Person, nullOn404: true })).toBeNull();
    await failure(client.get('/missing', Person));
  });

  it.each([
    ['a non-2xx status', '/broken'],
    ['a body that is not JSON', '/html'],
    ['a body of the wrong shape', '/wrong-shape'],
    ['no answer within the timeout', '/slow'],
  ])('turns %s into UPSTREAM.UNAVAILABLE naming the service, details as cause', async (_what, path) => {
    const error = await failure(createJsonClient(endpoint()).get(path, Person));
    expect(error.cause).toBeDefined();
  });

  it('turns a refused connection into UPSTREAM.UNAVAILABLE', async () => {
    await failure(createJsonClient(endpoint({ url: `http://localhost:${await freePort()}` })).get('/ok', Person));
  });
});

/** The count of the external-call histogram for one service and status. */
const calls = (service: string, status: string) =>
  metricValue('portal_external_request_duration_seconds', { service, status }, 'portal_external_request_duration_seconds_count');

describe('the JSON client and the request id', () => {
  it('passes the request’s id on as X-Request-Id in every kind of call, and none outside a request', async () => {
    const client = createJsonClient(endpoint());
    await runInContext({ requestId: 'req-0a1b2c3d' }, async () => {
      await client.get('/ok', Person);
      expect(seen.at(-1)?.headers['x-request-id']).toBe('req-0a1b2c3d');
      await client.stream('/ok');
      expect(seen.at(-1)?.headers['x-request-id']).toBe('req-0a1b2c3d');
      await client.upload('/empty', { body: new Blob(['x']), contentType: 'text/plain' });
      expect(seen.at(-1)?.headers['x-request-id']).toBe('req-0a1b2c3d');
    });
    await runInContext({ job: 'reminders', jobId: 'b7a1c2d3' }, () => client.get('/ok', Person));
    expect(seen.at(-1)?.headers['x-request-id']).toBe('job:b7a1c2d3');
    await client.get('/ok', Person);
    expect(seen.at(-1)?.headers['x-request-id']).toBeUndefined();
  });

  it('counts each call by service and status, failures without an answer as timeout or error', async () => {
    const before = { ok: await calls('iot', '200'), broken: await calls('iot', '500'), timeout: await calls('iot', 'timeout'), error: await calls('iot', 'error') };
    const client = createJsonClient(endpoint());
    await client.get('/ok', Person);
    await failure(client.get('/broken', Person));
    await failure(client.get('/slow', Person));
    await failure(createJsonClient(endpoint({ url: `http://localhost:${await freePort()}` })).get('/ok', Person));
    expect(await calls('iot', '200')).toBe(before.ok + 1);
    expect(await calls('iot', '500')).toBe(before.broken + 1);
    expect(await calls('iot', 'timeout')).toBe(before.timeout + 1);
    expect(await calls('iot', 'error')).toBe(before.error + 1);
  });
});
