import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CommonErrors } from '~/bff/contracts/errors.ts';
import { CSRF_HEADER } from '~/bff/contracts/http.ts';
import { LinkErrors } from '~/bff/contracts/linking.ts';
import { clearPersistedState } from '~/site/stores/persisted.ts';
import { createApiClient } from './client.ts';
import { FetchError, ParsingError, RequestError, TimeoutError } from './errors.ts';
import { getSession } from './session.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const anna = {
  id: 'sub-anna',
  email: 'anna.muster@example.de',
  firstName: 'Anna',
  lastName: 'Muster',
  customerNumber: 'K-100200',
  phase: 'PROJECT',
};

let handler: Handler;
let requests: http.IncomingMessage[] = [];
let server: http.Server;
let baseUrl: string;

function json(res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function listen(target: http.Server): Promise<string> {
  return new Promise((resolve) => {
    target.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(target.address() as AddressInfo).port}`));
  });
}

/** A port that was just free and now refuses connections. */
async function closedPortUrl(): Promise<string> {
  const probe = http.createServer();
  const url = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  return url;
}

beforeAll(async () => {
  useTestStorageEngine();
  server = http.createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  baseUrl = await listen(server);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  requests = [];
  clearPersistedState();
  cleanTestStorage();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
});

describe('getSession', () => {
  it('answers null when nobody is signed in (204)', async () => {
    handler = (_req, res) => {
      res.writeHead(204);
      res.end();
    };

    await expect(getSession({ baseUrl })).resolves.toBeNull();
    expect(requests[0]?.url).toBe('/api/auth/me');
    expect(requests[0]?.headers[CSRF_HEADER]).toBe('1');
  });

  it('answers the signed-in customer (200)', async () => {
    handler = (_req, res) => json(res, 200, anna);

    await expect(getSession({ baseUrl })).resolves.toEqual(anna);
  });

  it('throws a RequestError with status 500 when the BFF fails, and logs data and headers', async () => {
    handler = (_req, res) =>
      json(res, 500, { code: CommonErrors.INTERNAL.code, message: 'Da ist etwas schiefgelaufen.' }, { 'x-request-id': 'r-1' });

    const error = await getSession({ baseUrl }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ status: 500, body: { code: CommonErrors.INTERNAL.code } });
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining('GET /api/auth/me failed'),
      expect.objectContaining({
        status: 500,
        data: { code: CommonErrors.INTERNAL.code, message: 'Da ist etwas schiefgelaufen.' },
        headers: expect.objectContaining({ 'x-request-id': 'r-1' }),
      }),
    );
  });

  it('throws a RequestError with status 0 when the network fails', async () => {
    const error = await getSession({ baseUrl: await closedPortUrl() }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ status: 0 });
    expect((error as RequestError).cause).toBeInstanceOf(FetchError);
  });

  it('throws a RequestError with status 0 when the BFF does not answer in time', async () => {
    handler = (_req, res) => setTimeout(() => json(res, 200, anna), 1000);

    const error = await getSession({ baseUrl, timeout: 100 }).catch((e: unknown) => e);

    expect(error).toMatchObject({ name: 'RequestError', status: 0 });
    expect((error as RequestError).cause).toBeInstanceOf(TimeoutError);
  });

  it('throws a RequestError with the status when the body is not a customer', async () => {
    handler = (_req, res) => json(res, 200, { id: 'x' });

    await expect(getSession({ baseUrl })).rejects.toMatchObject({ name: 'RequestError', status: 200 });
  });
});

describe('API clients', () => {
  const Projects = z.array(z.object({ id: z.number() }));

  it('send every request under their base with the CSRF header', async () => {
    handler = (_req, res) => json(res, 200, [{ id: 1 }]);
    const app = createApiClient('appApi', { baseUrl });
    const internal = createApiClient('internalApi', { baseUrl });

    await app.post('notification', z.unknown(), { json: { notificationId: 3 } });
    await internal.get('/installation/7/power-history', z.unknown(), {
      searchParams: { period: 'day', date: '2026-11-22', unused: undefined },
    });
    await internal.get('documents', z.unknown(), { searchParams: { categoryFilter: ['BILL', 'OTHER'] } });

    expect(requests.map((r) => `${r.method} ${r.url} ${r.headers[CSRF_HEADER]}`)).toEqual([
      'POST /api/v2/app/notification 1',
      'GET /api/v1/internal/installation/7/power-history?period=day&date=2026-11-22 1',
      'GET /api/v1/internal/documents?categoryFilter=BILL&categoryFilter=OTHER 1',
    ]);
  });

  it('parse the response with the schema', async () => {
    handler = (_req, res) => json(res, 200, [{ id: 1 }, { id: 2 }]);

    await expect(createApiClient('internalApi', { baseUrl }).get('user/project', Projects)).resolves.toEqual([
      { id: 1 },
      { id: 2 },
    ]);
  });

  it('throw a ParsingError for a body that is not JSON or not the expected shape', async () => {
    const client = createApiClient('internalApi', { baseUrl });
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html></html>');
    };
    await expect(client.get('user/project', Projects)).rejects.toBeInstanceOf(ParsingError);

    handler = (_req, res) => json(res, 200, [{ id: 'eins' }]);
    await expect(client.get('user/project', Projects)).rejects.toMatchObject({ name: 'ParsingError', status: 200 });
  });

  it('throw a RequestError with the BFF error body on 404', async () => {
    handler = (_req, res) => json(res, 404, { code: LinkErrors.PROJECT_NOT_FOUND.code, message: 'Projekt nicht gefunden.' });

    await expect(createApiClient('appApi', { baseUrl }).get('project/9', z.unknown())).rejects.toMatchObject({
      name: 'RequestError',
      status: 404,
      body: { code: LinkErrors.PROJECT_NOT_FOUND.code, message: 'Projekt nicht gefunden.' },
      message: 'Projekt nicht gefunden.',
    });
  });

  it('throw a FetchError when the network fails and a TimeoutError when no answer comes in time', async () => {
    await expect(
      createApiClient('appApi', { baseUrl: await closedPortUrl() }).get('notification', z.unknown()),
    ).rejects.toBeInstanceOf(FetchError);

    handler = (_req, res) => setTimeout(() => json(res, 200, []), 1000);
    await expect(
      createApiClient('appApi', { baseUrl, timeout: 100 }).get('notification', z.unknown()),
    ).rejects.toBeInstanceOf(TimeoutError);
  });

  it('answer a cached GET from the persisted cache', async () => {
    handler = (_req, res) => json(res, 200, [{ id: 1 }]);
    const client = createApiClient('internalApi', { baseUrl });

    await client.get('user/project', Projects, { cache: true });
    const second = await client.get('user/project', Projects, { cache: true });

    expect(second).toEqual([{ id: 1 }]);
    expect(requests).toHaveLength(1);
  });
});
