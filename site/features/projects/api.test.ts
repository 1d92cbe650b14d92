import { INTERNAL_API_BASE } from '~/bff/contracts/http.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommonErrors } from '~/bff/contracts/errors.ts';
import { PROJECTS_PATHS, type ProjectSummary, type UserProjectsResponse } from '~/bff/contracts/projects.ts';
import { createApiClient } from '~/site/lib/api/client.ts';
import { writeCache } from '~/site/stores/apiCache.ts';
import { clearPersistedState, persistedState } from '~/site/stores/persisted.ts';
import { findCustomerProject, selectSessionProject } from './api.ts';

const USER_PROJECTS_URL = `${INTERNAL_API_BASE}/${PROJECTS_PATHS.userProjects}`;

const project = (id: number, street: string): ProjectSummary => ({
  id,
  address: { contact: { street, houseNumber: '12', zip: '80331', city: 'München' } },
  productLines: ['SOLAR'],
  phase: 'PLANNING',
  step: 'OFFER_CONFIRMATION',
});

let answer: UserProjectsResponse | null;
let requests: string[] = [];
let server: http.Server;
let client: ReturnType<typeof createApiClient>;

beforeAll(async () => {
  useTestStorageEngine();
  server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (req.method === 'POST') {
      res.writeHead(204).end();
    } else if (answer) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    } else {
      res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ code: CommonErrors.UPSTREAM_UNAVAILABLE.code, message: 'x' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = createApiClient('internalApi', { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = [];
  answer = null;
  clearPersistedState();
  cleanTestStorage();
});

describe('a project from the cached projects map', () => {
  it('comes from the cache without a request', async () => {
    writeCache('internalApi', USER_PROJECTS_URL, {
      projects: [project(100234, 'Sonnenallee')],
      currentProjectId: 100234,
    });

    await expect(findCustomerProject(100234, client)).resolves.toMatchObject({ id: 100234 });
    expect(requests).toEqual([]);
  });

  it('is fetched again once when the cache lacks it, and the fresh list is cached', async () => {
    writeCache('internalApi', USER_PROJECTS_URL, { projects: [], currentProjectId: null });
    answer = { projects: [project(100234, 'Sonnenallee')], currentProjectId: 100234 };

    await expect(findCustomerProject(100234, client)).resolves.toMatchObject({ id: 100234 });
    expect(requests).toEqual(['GET /api/v1/internal/user/project']);
    expect(Object.keys(persistedState.get().internalApi)).toEqual([USER_PROJECTS_URL]);
  });

  it('is null when the fresh list lacks it too, or cannot be loaded', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer = { projects: [], currentProjectId: null };
    await expect(findCustomerProject(100234, client)).resolves.toBeNull();

    answer = null;
    clearPersistedState();
    await expect(findCustomerProject(100234, client)).resolves.toBeNull();
    expect(requests).toHaveLength(2);
    log.mockRestore();
  });
});

describe('choosing the session’s project', () => {
  it('posts the id and forgets the cached list', async () => {
    writeCache('internalApi', USER_PROJECTS_URL, { projects: [], currentProjectId: null });

    await selectSessionProject(100235, client);

    expect(requests).toEqual(['POST /api/v1/internal/util/auth-session-project-id']);
    expect(persistedState.get().internalApi).toEqual({});
  });
});
