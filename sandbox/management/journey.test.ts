import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '~/bff/config.ts';
import { startSandbox, type SandboxHandle } from '../server.ts';
import { eventSignature } from '../shared/signed-events.ts';
import { JOURNEY_STEPS, berlinInstant, defaultJourney, resolveRelativeDates, type Journey } from './journey.ts';
import { loadDemoEntries } from './store.ts';

describe('journey demo data', () => {
  it('covers every step of both phases, the grid operator asking for information, and assembly with DC done and AC scheduled', async () => {
    const entries = await loadDemoEntries();
    const steps = new Set(entries.map((e) => e.project.step));
    for (const step of [...JOURNEY_STEPS, 'IN_OPERATION']) expect(steps, step).toContain(step);

    const byId = new Map(entries.map((e) => [e.project.id, e]));
    const anna = byId.get(100234)?.journey;
    expect(anna?.steps.find((s) => s.status === 'ACTIVE')).toMatchObject({ step: 'POWER_OF_ATTORNEY', waitingFor: 'CUSTOMER' });

    expect(entries.some((e) => e.journey.gridOperator.status === 'INFORMATION_REQUESTED' && e.journey.gridOperator.requestedInformation)).toBe(true);

    const lena = byId.get(100237)?.journey;
    expect(lena?.steps.find((s) => s.step === 'DC')?.status).toBe('DONE');
    expect(lena?.appointments.find((a) => a.kind === 'AC')).toMatchObject({ status: 'CONFIRMED' });
    expect(Date.parse(lena?.appointments.find((a) => a.kind === 'AC')?.start ?? '')).toBeGreaterThan(Date.now());

    expect(entries.some((e) => e.journey.mastr.moveNeeded)).toBe(true);
  });

  it('writes demo dates relative to the start day, in Berlin time across daylight saving', () => {
    expect(resolveRelativeDates({ a: '-1d@09:30', b: '+3d', c: 'text', d: ['+0d@00:00'] }, '2026-03-29')).toEqual({
      a: '2026-03-28T08:30:00.000Z',
      b: '2026-04-01',
      c: 'text',
      d: ['2026-03-28T23:00:00.000Z'],
    });
    expect(berlinInstant('2026-10-25', 12, 0)).toBe('2026-10-25T11:00:00.000Z');
  });
});

const config = loadConfig({ NODE_ENV: 'test' });
const TOKEN = config.MANAGEMENT_API_TOKEN;

describe('journey at the management API and the tester page', () => {
  let dataDir: string;
  let sandbox: SandboxHandle;
  let hook: Server;
  const events: { body: string; signature: string | undefined }[] = [];

  beforeEach(async () => {
    events.length = 0;
    hook = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        events.push({ body, signature: req.headers['x-management-signature'] as string | undefined });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, 'localhost', resolve));
    const port = (hook.address() as { port: number }).port;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-journey-'));
    sandbox = await startSandbox(loadConfig({ NODE_ENV: 'test', PORT: String(port) }), { dataDir, httpPort: 0, ports: { smtp: 0 }, log: () => {} });
  });

  afterEach(async () => {
    await sandbox.close();
    await new Promise((resolve) => hook.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  const api = (p: string, init: RequestInit & { json?: unknown } = {}) =>
    fetch(`${sandbox.url}/management/api/v1${p}`, {
      ...init,
      headers: { Authorization: `Bearer ${TOKEN}`, ...(init.json === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });
  const journey = async (id: number) => (await (await api(`/projects/${id}/journey`)).json()) as Journey;
  const active = (j: Journey) => j.steps.find((s) => s.status === 'ACTIVE');
  const control = (p: string, json?: unknown) =>
    fetch(`${sandbox.url}/management/_control${p}`, {
      method: 'POST',
      ...(json === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(json) }),
    });
  const signature = (type: string, envelopeId: string, extra: object = {}) => ({
    type,
    envelopeId,
    documentSha256: 'a'.repeat(64),
    portalUserId: 'kp|anna-schmidt',
    ...extra,
  });

  it('answers the journey with a token only, and 404 for an unknown project', async () => {
    expect((await fetch(`${sandbox.url}/management/api/v1/projects/100234/journey`)).status).toBe(401);
    expect((await api('/projects/999999/journey')).status).toBe(404);
    const anna = await journey(100234);
    expect(anna.steps.map((s) => s.step)).toEqual(JOURNEY_STEPS);
    expect(anna.contactPerson.name).toBe('Sabine Krüger');
    expect(anna.gridOperator).toMatchObject({ name: 'Stromnetz Berlin GmbH', status: 'NOT_STARTED' });
  });

  it('takes the signed grid-operator power of attorney once: the step is done, the grid request goes out, the project moves on and the portal hears of it', async () => {
    const first = await api('/projects/100234/signatures', { method: 'POST', json: signature('NETWORK_OPERATOR_POWER_OF_ATTORNEY', 'env-1') });
    expect(first.status).toBe(200);
    const { result, journey: after } = (await first.json()) as { result: string; journey: Journey };
    expect(result).toBe('recorded');
    expect(after.steps[1]).toMatchObject({ step: 'POWER_OF_ATTORNEY', status: 'DONE' });
    expect(active(after)).toMatchObject({ step: 'POWER_OF_ATTORNEY_MASTR', waitingFor: 'CUSTOMER' });
    expect(after.gridOperator).toMatchObject({ status: 'REQUEST_SENT', caseNumber: expect.stringMatching(/^NA-/) });

    const again = await api('/projects/100234/signatures', { method: 'POST', json: signature('NETWORK_OPERATOR_POWER_OF_ATTORNEY', 'env-1') });
    expect(((await again.json()) as { result: string }).result).toBe('already');
    // A second, different envelope for a step that no longer waits for it is refused.
    const other = await api('/projects/100234/signatures', { method: 'POST', json: signature('NETWORK_OPERATOR_POWER_OF_ATTORNEY', 'env-2') });
    expect(other.status).toBe(409);

    const project = (await (await api('/projects/100234')).json()) as { step: string };
    expect(project.step).toBe('POWER_OF_ATTORNEY_MASTR');
    await expect.poll(() => events.length).toBe(1);
    const event = events[0] ?? { body: '', signature: undefined };
    const [t, v1] = (event.signature ?? '').split(',').map((part) => part.split('=')[1]);
    expect(eventSignature(config.MANAGEMENT_WEBHOOK_SECRET, Number(t), event.body)).toBe(event.signature);
    expect(v1).toBe(createHmac('sha256', config.MANAGEMENT_WEBHOOK_SECRET).update(`${t}.${event.body}`).digest('hex'));
    expect(JSON.parse(event.body)).toMatchObject({ event: 'project.step_changed', data: { projectId: 100234, phase: 'PLANNING', step: 'POWER_OF_ATTORNEY_MASTR' } });
  });

  it('refuses customer actions that do not fit the project (409) and bad bodies (400)', async () => {
    const confirm = (id: number, action: string) => api(`/projects/${id}/actions`, { method: 'POST', json: { action, portalUserId: 'kp|x' } });
    expect((await confirm(100234, 'CONFIRM_ORDER')).status).toBe(409);
    expect((await confirm(100234, 'SOMETHING')).status).toBe(400);
    expect((await confirm(100235, 'CONFIRM_ORDER')).status).toBe(200);
    expect(active(await journey(100235))?.step).toBe('POWER_OF_ATTORNEY');
    expect((await confirm(100238, 'CONFIRM_DELIVERY')).status).toBe(200);
    expect(active(await journey(100238))?.step).toBe('DC');
    const skip = await confirm(100243, 'SKIP_MASTR_AUTHORIZATION');
    expect(skip.status).toBe(200);
    const petra = await journey(100243);
    expect(petra.steps[2]).toMatchObject({ status: 'SKIPPED' });
    expect(petra.mastr.authorization).toBe('SKIPPED');
  });

  it('records a representative for the DC appointment without finishing the step', async () => {
    const res = await api('/projects/100245/signatures', { method: 'POST', json: signature('DC_REPRESENTATIVE_POA', 'env-dc', { representative: 'Maria Becker' }) });
    expect(res.status).toBe(200);
    const after = await journey(100245);
    expect(active(after)?.step).toBe('DC');
    expect(after.appointments.find((a) => a.kind === 'DC')?.representative).toBe('Maria Becker');
  });

  it('changes only the preferences a customer may change', async () => {
    const ok = await api('/projects/100234/preferences', {
      method: 'PATCH',
      json: { contactPhone: '+49 30 1234567', preferredAppointmentTimes: { weekdays: [1, 3], timeOfDay: 'MORNING' } },
    });
    expect(ok.status).toBe(200);
    expect((await journey(100234)).preferences).toEqual({
      contactPhone: '+49 30 1234567',
      preferredAppointmentTimes: { weekdays: [1, 3], timeOfDay: 'MORNING', note: null },
    });
    expect((await api('/projects/100234/preferences', { method: 'PATCH', json: { step: 'DC' } })).status).toBe(400);
  });

  it('walks a project from the grid-operator power of attorney to operation with the back-office controls, and the state survives a restart', async () => {
    await api('/projects/100234/signatures', { method: 'POST', json: signature('NETWORK_OPERATOR_POWER_OF_ATTORNEY', 'env-a') });
    expect((await control('/projects/100234/grid-operator/information', { text: 'Lageplan mit Flurstück', from: 'CUSTOMER' })).status).toBe(200);
    expect((await journey(100234)).gridOperator).toMatchObject({ status: 'INFORMATION_REQUESTED', documentsCompleteAt: null });
    for (let i = 0; i < 3; i++) expect((await control('/projects/100234/grid-operator/advance')).status).toBe(200);
    expect((await journey(100234)).gridOperator.status).toBe('COMMISSIONING_REPORTED');

    let steps = 0;
    while (active(await journey(100234))) {
      expect((await control('/projects/100234/advance')).status).toBe(200);
      steps++;
    }
    expect(steps).toBe(6);
    const done = await journey(100234);
    expect(done.commissionedAt).not.toBeNull();
    expect(done.gridOperator.status).toBe('METER_SET');
    expect((await control('/projects/100234/advance')).status).toBe(409);
    expect(((await (await api('/projects/100234')).json()) as { phase: string }).phase).toBe('COMPLETED');
    await expect.poll(() => events.map((e) => (JSON.parse(e.body) as { data: { step: string } }).data.step).at(-1)).toBe('IN_OPERATION');

    await sandbox.close();
    sandbox = await startSandbox(loadConfig({ NODE_ENV: 'test' }), { dataDir, httpPort: 0, ports: { smtp: 0 }, log: () => {} });
    expect(active(await journey(100234))).toBeUndefined();
    expect((await control('/reset')).status).toBe(204);
    expect(active(await journey(100234))?.step).toBe('POWER_OF_ATTORNEY');
  });

  it('lets the installer set the active step to wait on the customer with a request, carries it in the API and tells the portal', async () => {
    const set = await control('/projects/100245/waiting-for', { waitingFor: 'CUSTOMER', request: 'Bitte schick uns ein Foto vom Dachboden.' });
    expect(set.status).toBe(200);
    expect(active(await journey(100245))).toMatchObject({
      step: 'DC',
      waitingFor: 'CUSTOMER',
      customerRequest: { text: 'Bitte schick uns ein Foto vom Dachboden.', at: expect.any(String) },
    });
    // The position did not change, but whose move it is did: the portal hears of it, with whom the step waits for.
    await expect.poll(() => events.map((e) => JSON.parse(e.body) as { event: string; data: object }).at(-1)).toMatchObject({
      event: 'project.step_changed',
      data: { projectId: 100245, step: 'DC', waitingFor: 'CUSTOMER' },
    });
    // Back to the installer: the request is gone; the step done: no request left behind either.
    await control('/projects/100245/waiting-for', { waitingFor: 'INSTALLER' });
    expect(active(await journey(100245))?.customerRequest).toBeNull();

    const page = await fetch(`${sandbox.url}/management/tester/projects/100245/waiting-for`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ waitingFor: 'CUSTOMER', request: 'Zählernummer durchgeben' }).toString(),
    });
    expect(page.status).toBe(303);
    expect(active(await journey(100245))?.customerRequest?.text).toBe('Zählernummer durchgeben');
    expect(await (await fetch(`${sandbox.url}/management/`)).text()).toContain('wartet auf Kunde: „Zählernummer durchgeben“');
    await control('/projects/100245/advance');
    expect((await journey(100245)).steps.find((s) => s.step === 'DC')?.customerRequest).toBeNull();
  });

  it('ends the meter appointment when the meter is set: no meter change planned for later beside "Zähler gesetzt"', async () => {
    const before = (await journey(100246)).appointments.find((a) => a.kind === 'METER');
    expect(Date.parse(before?.start ?? '')).toBeGreaterThan(Date.now());
    expect((await control('/projects/100246/advance')).status).toBe(200);
    const after = await journey(100246);
    expect(after.gridOperator.status).toBe('METER_SET');
    const meter = after.appointments.filter((a) => a.kind === 'METER');
    expect(meter).toHaveLength(1);
    expect(meter[0]?.status).toBe('DONE');
    expect(Date.parse(meter[0]?.end ?? '')).toBeLessThanOrEqual(Date.now());
  });

  it('agrees with the IoT cloud on which projects have an installation: every commissioned PV project has one, from its commissioning on, also after a restart', async () => {
    const sites = async () =>
      ((await (await fetch(`${sandbox.url}/iot/api/v2/sites?include=devices`, { headers: { 'x-api-key': config.IOT_API_KEY } })).json()) as {
        items: { externalId: string; commissionedAt: string | null; devices: unknown[] }[];
      }).items;
    const projects = ((await (await fetch(`${sandbox.url}/management/_control/projects`)).json()) as { items: { id: number; productLines: string[] }[] }).items;
    const commissioned = [];
    for (const project of projects) {
      if ((await journey(project.id)).commissionedAt && project.productLines.includes('SOLAR')) commissioned.push(String(project.id));
    }
    const monitored = (await sites()).filter((s) => s.commissionedAt !== null).map((s) => s.externalId);
    expect(commissioned.length).toBeGreaterThan(0);
    for (const id of commissioned) expect(monitored, `project ${id}`).toContain(id);

    // Lena's 100237: the IoT cloud knows the site, not yet commissioned; the AC installation commissions it.
    expect((await sites()).find((s) => s.externalId === '100237')).toMatchObject({ commissionedAt: null, devices: [] });
    expect((await control('/projects/100237/advance')).status).toBe(200);
    await expect.poll(async () => (await sites()).find((s) => s.externalId === '100237')?.commissionedAt ?? null).not.toBeNull();
    // Anna's 100234 had no site at all: once commissioned it gets one.
    while (active(await journey(100234))?.step !== 'ASSEMBLY_CONCLUSION') await control('/projects/100234/advance');
    await expect.poll(async () => (await sites()).find((s) => s.externalId === '100234')?.devices.length ?? 0).toBeGreaterThan(0);

    await sandbox.close();
    sandbox = await startSandbox(loadConfig({ NODE_ENV: 'test' }), { dataDir, httpPort: 0, ports: { smtp: 0 }, log: () => {} });
    expect((await sites()).filter((s) => ['100234', '100237'].includes(s.externalId) && s.commissionedAt !== null)).toHaveLength(2);
  });

  it('offers a German tester page whose buttons advance a project without JavaScript', async () => {
    const page = await fetch(`${sandbox.url}/management/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Projekt 100234 – Anna Schmidt');
    expect(html).toContain('Schritt „Vollmacht Netzbetreiber“ abschließen');

    const post = await fetch(`${sandbox.url}/management/tester/projects/100244/grid-operator`, { method: 'POST', redirect: 'manual' });
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toMatch(/^\/management\/\?meldung=.*#projekt-100244$/);
    expect((await journey(100244)).gridOperator.status).toBe('GRID_CHECK_RESULT');

    const foreign = await fetch(`${sandbox.url}/management/tester/projects/100244/advance`, { method: 'POST', headers: { Origin: 'http://evil.example' } });
    expect(foreign.status).toBe(403);
  });

  it('gives a created project a consistent journey for its step', async () => {
    const journeyOf = defaultJourney('AC', new Date('2026-06-01T10:00:00Z'), ['SOLAR']);
    expect(journeyOf.steps.map((s) => s.status)).toEqual(['DONE', 'DONE', 'DONE', 'DONE', 'DONE', 'DONE', 'ACTIVE', 'UPCOMING']);
    expect(journeyOf.gridOperator.status).toBe('CONNECTION_APPROVED');
  });
});
