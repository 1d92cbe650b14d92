import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '~/bff/config.ts';
import { startSandbox, type SandboxHandle } from '../server.ts';
import { loadDemoProjects, type VendorProject } from './store.ts';

const config = loadConfig({ NODE_ENV: 'test' });
const TOKEN = config.MANAGEMENT_API_TOKEN;

function uniqueSub(name: string): string {
  return `kp|${name}-${randomBytes(4).toString('hex')}`;
}

describe('sandbox management service (vendor REST API)', () => {
  let dataDir: string;
  let sandbox: SandboxHandle;

  async function start(): Promise<SandboxHandle> {
    return startSandbox(config, { dataDir, httpPort: 0, ports: { smtp: 0 }, log: () => {} });
  }

  function api(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${sandbox.url}/management/api/v1${pathAndQuery}`, {
      ...init,
      headers: { Authorization: `Bearer ${TOKEN}`, ...init.headers },
    });
  }

  function control(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${sandbox.url}/management/_control${pathAndQuery}`, init);
  }

  async function items(pathAndQuery: string): Promise<VendorProject[]> {
    const res = await api(pathAndQuery);
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: VendorProject[] }).items;
  }

  function userPath(projectId: number | string, sub: string): string {
    return `/projects/${projectId}/portal-users/${encodeURIComponent(sub)}`;
  }

  async function setFault(body: unknown): Promise<void> {
    const res = await control('/faults', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(204);
  }

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-management-'));
    sandbox = await start();
  });

  afterEach(async () => {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('when the token is missing or wrong, then every API call answers 401 unauthorized', async () => {
    const missing = await fetch(`${sandbox.url}/management/api/v1/projects/100234`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: 'unauthorized' });
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);

    const wrong = await api('/projects/100234', { headers: { Authorization: 'Bearer falsches-token-1234567' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'unauthorized' });

    const basic = await api('/projects?portalUserId=kp%7Cjonas-weber', {
      headers: { Authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
    });
    expect(basic.status).toBe(401);

    const put = await fetch(`${sandbox.url}/management/api/v1${userPath(100234, 'kp|anna-schmidt')}`, { method: 'PUT' });
    expect(put.status).toBe(401);
    const anna = (await control('/projects').then((r) => r.json())) as { items: VendorProject[] };
    expect(anna.items.find((p) => p.id === 100234)?.portalUserIds).toEqual([]);
  });

  it('when MANAGEMENT_API_TOKEN is configured, then only that token is accepted', async () => {
    const token = `token-${randomBytes(12).toString('hex')}`;
    const own = await startSandbox(loadConfig({ NODE_ENV: 'test', MANAGEMENT_API_TOKEN: token }), {
      dataDir,
      httpPort: 0,
      ports: { smtp: 0 },
      log: () => {},
    });
    try {
      const get = (bearer: string) =>
        fetch(`${own.url}/management/api/v1/projects/100234`, { headers: { Authorization: `Bearer ${bearer}` } });
      expect((await get(token)).status).toBe(200);
      expect((await get(TOKEN)).status).toBe(401);
    } finally {
      await own.close();
    }
  });

  it('answers a project by id in the vendor shape, with ISO timestamps', async () => {
    const res = await api('/projects/100234');

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const project = (await res.json()) as VendorProject;
    expect(project).toEqual({
      id: 100234,
      customerNumber: '700100',
      address: { street: 'Invalidenstraße', houseNumber: '117', zip: '10115', city: 'Berlin' },
      contact: { name: 'Anna Schmidt', emails: ['anna.schmidt@example.de'] },
      productLines: ['SOLAR', 'STORAGE'],
      phase: 'PLANNING',
      step: 'POWER_OF_ATTORNEY',
      portalUserIds: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(new Date(project.createdAt).toISOString()).toBe(project.createdAt);
    expect(new Date(project.updatedAt).toISOString()).toBe(project.updatedAt);
  });

  it.each(['999999', 'abc', '0', '100234.5', '-100234'])('when project id %s is asked for, then 404 not_found', async (id) => {
    const res = await api(`/projects/${id}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found' });
  });

  it('finds both of Familie Huber’s projects by customer number and zip, ignoring whitespace', async () => {
    const found = await items('/projects?customerNumber=700200&zip=80331');
    expect(found.map((p) => p.id)).toEqual([100235, 100236]);
    expect(found.every((p) => p.contact.emails.join() === 'familie.huber@example.de')).toBe(true);

    const spaced = await items(`/projects?customerNumber=${encodeURIComponent(' 700 200 ')}&zip=${encodeURIComponent('80 331')}`);
    expect(spaced.map((p) => p.id)).toEqual([100235, 100236]);
  });

  it('when the zip does not belong to the customer number, then the search finds nothing', async () => {
    expect(await items('/projects?customerNumber=700200&zip=10115')).toEqual([]);
    expect(await items('/projects?customerNumber=799999&zip=80331')).toEqual([]);
  });

  it('finds Jonas Weber’s two linked projects by his portal account', async () => {
    const found = await items(`/projects?portalUserId=${encodeURIComponent('kp|jonas-weber')}`);
    expect(found.map((p) => p.id)).toEqual([100240, 100241]);
    expect(found.every((p) => p.portalUserIds.includes('kp|jonas-weber'))).toBe(true);

    expect(await items(`/projects?portalUserId=${encodeURIComponent(uniqueSub('niemand'))}`)).toEqual([]);
  });

  it.each([
    '',
    '?customerNumber=700200',
    '?zip=80331',
    '?customerNumber=700200&zip=',
    '?customerNumber=700200&zip=80331&portalUserId=kp%7Cjonas-weber',
    '?customerNumber=700200&zip=80331&zip=80331',
    '?portalUserId=',
    '?email=familie.huber%40example.de',
  ])('when the project search has the query "%s", then 400 bad_request', async (query) => {
    const res = await api(`/projects${query}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'bad_request' });
  });

  it('links and unlinks a portal account idempotently and keeps the links across a restart', async () => {
    const sub = uniqueSub('anna');
    const before = ((await api('/projects/100234').then((r) => r.json())) as VendorProject).updatedAt;

    expect((await api(userPath(100234, sub), { method: 'PUT' })).status).toBe(204);
    expect((await api(userPath(100234, sub), { method: 'PUT' })).status).toBe(204);

    const linked = await items(`/projects?portalUserId=${encodeURIComponent(sub)}`);
    expect(linked.map((p) => p.id)).toEqual([100234]);
    expect(linked[0]?.portalUserIds).toEqual([sub]);
    expect(linked[0]?.updatedAt).not.toBe(before);

    await sandbox.close();
    sandbox = await start();

    expect((await items(`/projects?portalUserId=${encodeURIComponent(sub)}`)).map((p) => p.id)).toEqual([100234]);
    const saved = JSON.parse(await readFile(path.join(dataDir, 'management.json'), 'utf8')) as unknown;
    expect(saved).toMatchObject({ version: 1 });

    expect((await api(userPath(100234, sub), { method: 'DELETE' })).status).toBe(204);
    expect((await api(userPath(100234, sub), { method: 'DELETE' })).status).toBe(204);
    expect(await items(`/projects?portalUserId=${encodeURIComponent(sub)}`)).toEqual([]);

    await sandbox.close();
    sandbox = await start();
    expect(await items(`/projects?portalUserId=${encodeURIComponent(sub)}`)).toEqual([]);
    // Jonas' demo links are untouched by all of this.
    expect((await items('/projects?portalUserId=kp%7Cjonas-weber')).map((p) => p.id)).toEqual([100240, 100241]);
  });

  it('when a link or unlink names an unknown project, then 404 not_found', async () => {
    for (const method of ['PUT', 'DELETE']) {
      for (const id of ['999999', 'abc']) {
        const res = await api(userPath(id, uniqueSub('anna')), { method });
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ error: 'not_found' });
      }
    }
  });

  it('when a tester resets, then the demo data (links included) and a fault-free service are back', async () => {
    const sub = uniqueSub('anna');
    await api(userPath(100234, sub), { method: 'PUT' });
    await api(userPath(100240, 'kp|jonas-weber'), { method: 'DELETE' });
    await setFault({ mode: 'fail' });

    const reset = await control('/reset', { method: 'POST' });

    expect(reset.status).toBe(204);
    const all = ((await control('/projects').then((r) => r.json())) as { items: VendorProject[] }).items;
    expect(all).toEqual(await loadDemoProjects());
    expect((await items('/projects?portalUserId=kp%7Cjonas-weber')).map((p) => p.id)).toEqual([100240, 100241]);

    await sandbox.close();
    sandbox = await start();
    expect(await items(`/projects?portalUserId=${encodeURIComponent(sub)}`)).toEqual([]);
  });

  it('lists every demo project for a tester, without a token', async () => {
    const res = await control('/projects');
    expect(res.status).toBe(200);
    const all = ((await res.json()) as { items: VendorProject[] }).items;
    expect(all.map((p) => p.id)).toEqual([100234, 100235, 100236, 100237, 100238, 100239, 100240, 100241, 100242, 100243, 100244, 100245, 100246, 100247]);
    expect(all.find((p) => p.id === 100242)?.contact.emails).toEqual([]);
  });

  it('when the fail fault is set, then every API call answers the status until the fault is cleared', async () => {
    await setFault({ mode: 'fail' });
    const down = await api('/projects/100234');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ error: 'unavailable' });
    expect((await api(userPath(100234, uniqueSub('anna')), { method: 'PUT' })).status).toBe(503);

    await setFault({ mode: 'fail', status: 500 });
    expect((await api('/projects?customerNumber=700200&zip=80331')).status).toBe(500);

    const cleared = await control('/faults', { method: 'DELETE' });
    expect(cleared.status).toBe(204);
    expect((await api('/projects/100234')).status).toBe(200);
    expect(await items(`/projects?portalUserId=${encodeURIComponent(uniqueSub('anna'))}`)).toEqual([]);
  });

  it('when the slow fault is set, then API calls answer normally after the delay until the fault is cleared', async () => {
    await setFault({ mode: 'slow', delayMs: 400 });

    let startedAt = performance.now();
    const slow = await api('/projects/100234');
    expect(slow.status).toBe(200);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(380);

    await control('/faults', { method: 'DELETE' });
    startedAt = performance.now();
    expect((await api('/projects/100234')).status).toBe(200);
    expect(performance.now() - startedAt).toBeLessThan(300);
  });

  it('when a client gives up on a slow call, then the sandbox still shuts down promptly', async () => {
    await setFault({ mode: 'slow', delayMs: 30_000 });

    await expect(api('/projects/100234', { signal: AbortSignal.timeout(200) })).rejects.toThrow();

    const startedAt = performance.now();
    await sandbox.close();
    expect(performance.now() - startedAt).toBeLessThan(3_000);
    sandbox = await start();
  });

  it('rejects malformed fault requests with 400 and leaves the service healthy', async () => {
    for (const body of [{ mode: 'kaputt' }, { mode: 'slow', delayMs: -1 }, { mode: 'fail', status: 200 }, 'fail']) {
      const res = await control('/faults', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'bad_request' });
    }
    const notJson = await control('/faults', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
    expect((await api('/projects/100234')).status).toBe(200);
  });

  it('creates a project through the control API with a new id, finds it through the API and removes it', async () => {
    const input = {
      customerNumber: '8123456',
      address: { street: 'Teststraße', houseNumber: '7', zip: '04109', city: 'Leipzig' },
      contact: { name: 'Erika Test', emails: ['erika@example.de'] },
      productLines: ['SOLAR'],
      phase: 'PLANNING',
      step: 'POWER_OF_ATTORNEY',
    };
    const post = (body: unknown) =>
      control('/projects', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

    const first = await post(input);
    expect(first.status).toBe(201);
    const project = (await first.json()) as VendorProject;
    expect(project).toMatchObject({ ...input, portalUserIds: [] });
    expect(project.id).toBeGreaterThanOrEqual(900_000);
    expect(await items('/projects?customerNumber=8123456&zip=04109')).toEqual([project]);

    expect((await control(`/projects/${project.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/projects/${project.id}`)).status).toBe(404);
    // An id is never given twice: the portal keeps codes and limits per project id.
    const second = (await (await post(input)).json()) as VendorProject;
    expect(second.id).toBeGreaterThan(project.id);

    expect((await post({ ...input, step: 'DC' })).status).toBe(400);
    expect((await post({ ...input, id: 5 })).status).toBe(400);
    expect((await control('/projects/100234', { method: 'DELETE' })).status).toBe(404);
    expect((await api('/projects/100234')).status).toBe(200);
  });

  it('refuses a control call from a page on another origin', async () => {
    const res = await control('/reset', { method: 'POST', headers: { Origin: 'http://evil.example' } });
    expect(res.status).toBe(403);
  });
});

describe('management demo data', () => {
  it('holds the agreed demo projects with consistent phases and steps', async () => {
    const demo = await loadDemoProjects();
    const byId = new Map(demo.map((p) => [p.id, p]));
    expect(byId.get(100239)).toMatchObject({ customerNumber: '700500', phase: 'COMPLETED', step: 'IN_OPERATION' });
    expect(byId.get(100237)?.address.zip).toBe('50667');
    expect(byId.get(100238)?.contact.emails).toEqual(['tim.koch@example.de']);
    expect(demo.filter((p) => p.portalUserIds.length > 0).map((p) => p.id)).toEqual([100240, 100241]);
  });
});
