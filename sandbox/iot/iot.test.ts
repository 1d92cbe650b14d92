import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '~/bff/config.ts';
import { startSandbox, type SandboxHandle } from '../server.ts';
import type { PowerPoint } from './sim/simulator.ts';

const config = loadConfig({ NODE_ENV: 'test' });
const KEY = config.IOT_API_KEY;
const LATE_2026 = '2027-01-02T12:00:00+01:00';

interface Site {
  siteId: string;
  externalId: string;
  commissionedAt: string | null;
  [key: string]: unknown;
}
interface EnergyItem {
  start: string;
  pvWh: number;
  importWh: number;
  exportWh: number;
  chargeWh: number;
  dischargeWh: number;
  consumptionWh: number;
  wallboxWh: number | null;
}

describe('sandbox IoT cloud (vendor REST API)', () => {
  let dataDir: string;
  let sandbox: SandboxHandle;

  function api(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${sandbox.url}/iot/api/v2${pathAndQuery}`, {
      ...init,
      headers: { 'X-Api-Key': KEY, ...init.headers },
    });
  }

  async function json<T>(pathAndQuery: string): Promise<T> {
    const res = await api(pathAndQuery);
    expect(res.status, pathAndQuery).toBe(200);
    return (await res.json()) as T;
  }

  function control(pathAndQuery: string, body?: unknown, method = 'POST'): Promise<Response> {
    return fetch(`${sandbox.url}/iot/_control${pathAndQuery}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function setClock(now: string): Promise<void> {
    expect((await control('/clock', { now })).status).toBe(204);
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-iot-'));
    sandbox = await startSandbox(config, { dataDir, httpPort: 0, ports: { smtp: 0 }, log: () => {} });
  });

  afterEach(async () => {
    expect((await control('/reset')).status).toBe(204);
  });

  afterAll(async () => {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('when the API key is missing or wrong, then every API call answers 401 unauthorized', async () => {
    const missing = await fetch(`${sandbox.url}/iot/api/v2/sites?externalId=100240`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: 'unauthorized' });
    const wrong = await api('/sites/SITE-7F3A2C', { headers: { 'X-Api-Key': 'falscher-schluessel-123' } });
    expect(wrong.status).toBe(401);
    const bearer = await fetch(`${sandbox.url}/iot/api/v2/sites`, { headers: { Authorization: `Bearer ${KEY}` } });
    expect(bearer.status).toBe(401);
  });

  it('finds the site of a project by externalId, and none for a project without installation', async () => {
    const { items } = await json<{ items: Site[] }>('/sites?externalId=100240');
    expect(items).toEqual([
      {
        siteId: 'SITE-7F3A2C',
        externalId: '100240',
        name: expect.any(String),
        location: { lat: 51.34, lon: 12.37, timezone: 'Europe/Berlin' },
        pvPeakPowerKw: 9.8,
        arrays: [{ azimuthDeg: 180, tiltDeg: 35, peakPowerKw: 9.8 }],
        batteryCapacityKwh: 10,
        annualConsumptionKwh: 4500,
        commissionedAt: '2025-04-15T11:30:00+02:00',
      },
    ]);
    expect((await json<{ items: Site[] }>('/sites?externalId=100241')).items[0]).toMatchObject({
      pvPeakPowerKw: 6.2,
      batteryCapacityKwh: null,
    });
    expect((await json<{ items: Site[] }>('/sites?externalId=100234')).items).toEqual([]);
    expect((await json<{ items: Site[] }>('/sites?externalId=999999')).items).toEqual([]);
    const all = await json<{ items: Site[] }>('/sites');
    expect(all.items.map((s) => s.externalId).sort()).toEqual(['100237', '100239', '100240', '100241', '100246', '100247']);
    const empty = await api('/sites?externalId=');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: 'bad_request', detail: expect.any(String) });
  });

  it('answers a site by id, 404 for an unknown one, and lists devices with their last contact', async () => {
    await setClock('2026-06-21T14:07:00+02:00');
    expect((await json<Site>('/sites/SITE-C4E815')).externalId).toBe('100239');
    for (const unknown of ['/sites/SITE-000000', '/sites/SITE-000000/power?date=2026-06-21', '/sites/x/devices', '/nirgends']) {
      const res = await api(unknown);
      expect(res.status, unknown).toBe(404);
      expect(await res.json()).toEqual({ error: 'not_found' });
    }
    const { items } = await json<{ items: { type: string; status: string; lastSeenAt: string | null }[] }>(
      '/sites/SITE-7F3A2C/devices',
    );
    expect(items.map((d) => d.type)).toEqual(['INVERTER', 'BATTERY', 'METER']);
    expect(items.every((d) => d.status === 'ONLINE' && d.lastSeenAt === '2026-06-21T14:00:00+02:00')).toBe(true);
    const heatPump = (await json<{ items: { type: string; status: string }[] }>('/sites/SITE-C4E815/devices')).items;
    expect(heatPump.find((d) => d.type === 'HEAT_PUMP')?.status).toBe('WARNING');
  });

  it('when an installation is not commissioned yet, then it exists but has no devices and no data', async () => {
    const { items } = await json<{ items: Site[] }>('/sites?externalId=100237');
    expect(items[0]).toMatchObject({ siteId: 'SITE-95A0F7', commissionedAt: null });
    expect((await json<{ items: unknown[] }>('/sites/SITE-95A0F7/devices')).items).toEqual([]);
    expect(await json('/sites/SITE-95A0F7/latest')).toEqual({ siteId: 'SITE-95A0F7', timestamp: null });
    expect((await json<{ points: unknown[] }>('/sites/SITE-95A0F7/power?date=2026-06-21')).points).toEqual([]);
    const energy = await json<{ items: unknown[] }>('/sites/SITE-95A0F7/energy?from=2026-01-01&to=2026-12-31&resolution=month');
    expect(energy.items).toEqual([]);
  });

  it('gives a day of power in 15-minute steps with the sign convention, up to now for today', async () => {
    await setClock('2026-06-21T14:07:00+02:00');
    const today = await json<{ points: PowerPoint[]; [key: string]: unknown }>('/sites/SITE-7F3A2C/power?date=2026-06-21');
    expect(today).toMatchObject({
      siteId: 'SITE-7F3A2C',
      date: '2026-06-21',
      timezone: 'Europe/Berlin',
      resolutionMinutes: 15,
      unit: 'W',
      signConvention: { batteryW: expect.stringMatching(/positive = battery discharging/), gridW: expect.stringMatching(/positive = import/) },
    });
    expect(today.points).toHaveLength(56);
    expect(today.points[0]?.timestamp).toBe('2026-06-21T00:00:00+02:00');
    expect(today.points.at(-1)?.timestamp).toBe('2026-06-21T13:45:00+02:00');
    for (const p of today.points) expect(p.consumptionW).toBe(p.pvW + p.batteryW + p.gridW);
    expect(await json('/sites/SITE-7F3A2C/latest')).toEqual({ siteId: 'SITE-7F3A2C', timestamp: '2026-06-21T13:45:00+02:00' });
    expect((await json<{ points: unknown[] }>('/sites/SITE-7F3A2C/power?date=2026-06-22')).points).toEqual([]);
    expect((await json<{ points: unknown[] }>('/sites/SITE-7F3A2C/power?date=2025-04-14')).points).toEqual([]);
    await setClock(LATE_2026);
    expect((await json<{ points: unknown[] }>('/sites/SITE-7F3A2C/power?date=2026-10-25')).points).toHaveLength(100);
    expect((await json<{ points: unknown[] }>('/sites/SITE-7F3A2C/power?date=2026-03-29')).points).toHaveLength(92);
  });

  it('gives energy per day, month and year that add up exactly', async () => {
    await setClock(LATE_2026);
    const base = '/sites/SITE-2B91D4/energy?from=2026-01-01&to=2026-12-31';
    const days = await json<{ items: EnergyItem[]; unit: string; resolution: string }>(`${base}&resolution=day`);
    const months = await json<{ items: EnergyItem[] }>(`${base}&resolution=month`);
    const years = await json<{ items: EnergyItem[] }>(`${base}&resolution=year`);
    expect(days).toMatchObject({ siteId: 'SITE-2B91D4', unit: 'Wh', resolution: 'day' });
    expect(days.items).toHaveLength(365);
    expect(months.items).toHaveLength(12);
    expect(years.items.map((y) => y.start)).toEqual(['2026-01-01']);
    for (const field of ['pvWh', 'importWh', 'exportWh', 'chargeWh', 'dischargeWh', 'consumptionWh'] as const) {
      expect(days.items.reduce((s, d) => s + d[field], 0)).toBe(years.items[0]?.[field]);
      expect(months.items.reduce((s, d) => s + d[field], 0)).toBe(years.items[0]?.[field]);
    }
    // Month buckets are whole calendar months, whatever day `from` names.
    const partial = await json<{ items: EnergyItem[] }>('/sites/SITE-2B91D4/energy?from=2026-03-15&to=2026-04-02&resolution=month');
    expect(partial.items.map((m) => m.start)).toEqual(['2026-03-01', '2026-04-01']);
    expect(partial.items[0]).toEqual(months.items[2]);
  });

  it('reports the wallbox meter only for a site with a wallbox: wallboxWh in energy and day totals, wallboxW per point', async () => {
    await setClock(LATE_2026);
    // The carport (100241) charges a car with 11 kW; the roof (100240) has no wallbox.
    const base = '/sites/SITE-2B91D4/energy?from=2026-06-01&to=2026-06-30';
    const days = (await json<{ items: EnergyItem[] }>(`${base}&resolution=day`)).items;
    const [june] = (await json<{ items: EnergyItem[] }>(`${base}&resolution=month`)).items;
    expect(days).toHaveLength(30);
    for (const day of days) {
      expect(Number.isInteger(day.wallboxWh)).toBe(true);
      expect(day.wallboxWh).toBeGreaterThanOrEqual(0);
      expect(day.wallboxWh).toBeLessThanOrEqual(day.consumptionWh);
    }
    expect(days.reduce((sum, d) => sum + (d.wallboxWh ?? 0), 0)).toBe(june?.wallboxWh);
    expect(june?.wallboxWh).toBeGreaterThan(50_000);

    const charging = days.find((d) => (d.wallboxWh ?? 0) > 0) as EnergyItem;
    const power = await json<{ points: PowerPoint[]; totals: Omit<EnergyItem, 'start'>; signConvention: Record<string, string> }>(
      `/sites/SITE-2B91D4/power?date=${charging.start}`,
    );
    expect(power.totals.wallboxWh).toBe(charging.wallboxWh);
    expect(power.signConvention.wallboxW).toMatch(/part of consumptionW/);
    for (const p of power.points) {
      expect(p.wallboxW).toBeGreaterThanOrEqual(0);
      expect(p.wallboxW).toBeLessThanOrEqual(11_000);
      expect(p.wallboxW).toBeLessThanOrEqual(p.consumptionW);
    }
    // Mean power of quarter hours: a quarter of the watts is the interval's energy (rounding: 1 Wh per point at most).
    const fromPoints = power.points.reduce((sum, p) => sum + (p.wallboxW ?? 0) / 4, 0);
    expect(Math.abs(fromPoints - (charging.wallboxWh ?? 0))).toBeLessThanOrEqual(power.points.length);

    const roofDay = (await json<{ items: EnergyItem[] }>('/sites/SITE-7F3A2C/energy?from=2026-06-01&to=2026-06-01&resolution=day')).items[0];
    expect(roofDay).toHaveProperty('wallboxWh', null);
    const roofPower = await json<{ points: PowerPoint[]; totals: Omit<EnergyItem, 'start'> }>('/sites/SITE-7F3A2C/power?date=2026-06-01');
    expect(roofPower.totals.wallboxWh).toBeNull();
    expect(roofPower.points.every((p) => p.wallboxW === null)).toBe(true);
    // Without data the wallbox site still says it has a wallbox (0), the roof still says it has none (null).
    expect((await json<{ totals: Omit<EnergyItem, 'start'> }>('/sites/SITE-2B91D4/power?date=2027-06-01')).totals.wallboxWh).toBe(0);
    expect((await json<{ totals: Omit<EnergyItem, 'start'> }>('/sites/SITE-7F3A2C/power?date=2027-06-01')).totals.wallboxWh).toBeNull();
  });

  it('"lastSeenAt" of every device is the end of the latest power point, the instant the portal shows as "Stand"', async () => {
    await setClock('2026-06-21T14:07:00+02:00');
    const [site] = (await json<{ items: { devices: { lastSeenAt: string | null }[] }[] }>('/sites?externalId=100241&include=devices')).items;
    const seen = new Set(site?.devices.map((d) => d.lastSeenAt));
    expect([...seen]).toEqual(['2026-06-21T14:00:00+02:00']);
    const { points } = await json<{ points: PowerPoint[] }>('/sites/SITE-2B91D4/power?date=2026-06-21');
    const last = points.at(-1)?.timestamp as string;
    expect(Date.parse(last) + 15 * 60_000).toBe(Date.parse([...seen][0] as string));
  });

  it('when dates or resolution are wrong, then 400 bad_request with a detail', async () => {
    for (const query of [
      '/power',
      '/power?date=2026-02-30',
      '/power?date=21.06.2026',
      '/power?date=2026-06-21&date=2026-06-22',
      '/energy?from=2026-01-01&to=2026-12-31',
      '/energy?from=2026-01-01&to=2026-12-31&resolution=week',
      '/energy?from=2026-12-31&to=2026-01-01&resolution=day',
      '/energy?from=2026-01-01&resolution=day',
    ]) {
      const res = await api(`/sites/SITE-7F3A2C${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'bad_request', detail: expect.any(String) });
    }
  });

  it('answers the same request with identical JSON, fast once warmed up', async () => {
    await setClock(LATE_2026);
    const energy = '/sites/SITE-C4E815/energy?from=2026-01-01&to=2026-12-31&resolution=day';
    const power = '/sites/SITE-C4E815/power?date=2026-07-01';
    const first = await (await api(energy)).text();
    const firstPower = await (await api(power)).text();
    let slowest = 0;
    for (let i = 0; i < 3; i++) {
      for (const url of [energy, power]) {
        const started = performance.now();
        const body = await (await api(url)).text();
        slowest = Math.max(slowest, performance.now() - started);
        expect(body).toBe(url === energy ? first : firstPower);
      }
    }
    expect(slowest).toBeLessThan(200);
  });

  it('when a fault is set, then the API fails or slows down until the fault is cleared', async () => {
    expect((await control('/faults', { mode: 'fail' })).status).toBe(204);
    const failed = await fetch(`${sandbox.url}/iot/api/v2/sites?externalId=100240`);
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({ error: 'unavailable' });

    expect((await control('/faults', { mode: 'fail', status: 500 })).status).toBe(204);
    expect((await api('/sites/SITE-7F3A2C')).status).toBe(500);

    expect((await control('/faults', { mode: 'slow', delayMs: 300 })).status).toBe(204);
    const started = performance.now();
    expect((await api('/sites/SITE-7F3A2C')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);

    expect((await control('/faults', undefined, 'DELETE')).status).toBe(204);
    expect((await api('/sites/SITE-7F3A2C')).status).toBe(200);

    expect((await control('/faults', { mode: 'explode' })).status).toBe(400);
    const foreign = await fetch(`${sandbox.url}/iot/_control/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({ mode: 'fail' }),
    });
    expect(foreign.status).toBe(403);
    expect((await api('/sites/SITE-7F3A2C')).status).toBe(200);
  });

  it('lets a test fix the clock, and reset brings back the real time and clears faults', async () => {
    await setClock('2026-06-21T14:07:00+02:00');
    expect(await (await fetch(`${sandbox.url}/iot/_control/clock`)).json()).toEqual({
      now: '2026-06-21T14:07:00+02:00',
      fixed: true,
    });
    expect((await control('/clock', { now: 'morgen' })).status).toBe(400);
    expect((await control('/faults', { mode: 'fail' })).status).toBe(204);
    expect((await control('/reset')).status).toBe(204);
    expect((await api('/sites/SITE-7F3A2C')).status).toBe(200);
    const clock = (await (await fetch(`${sandbox.url}/iot/_control/clock`)).json()) as { fixed: boolean; now: string };
    expect(clock.fixed).toBe(false);
    expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(5_000);
  });

  describe('control API and the calls the portal makes', () => {
    const roof = {
      externalId: '912345',
      name: 'Test, Teststraße 1, Leipzig',
      location: { lat: 51.34, lon: 12.37 },
      arrays: [{ azimuthDeg: 180, tiltDeg: 35, peakPowerKw: 9.8 }],
      battery: { capacityKwh: 10 },
      annualConsumptionKwh: 4500,
      heatPump: null,
      wallbox: { powerKw: 11 },
      commissionedAt: '2025-04-15T11:30:00+02:00',
    };

    it('creates an installation with a generated site id and devices, refuses a second one for the project, removes it', async () => {
      const res = await control('/installations', roof);
      expect(res.status).toBe(201);
      const site = (await res.json()) as Site & { devices: { type: string; deviceId: string }[] };
      expect(site.siteId).toMatch(/^SITE-[0-9A-F]{6}$/);
      expect(site.devices.map((d) => d.type)).toEqual(['INVERTER', 'BATTERY', 'METER', 'WALLBOX']);
      expect((await json<Site>(`/sites/${site.siteId}`)).externalId).toBe('912345');

      expect((await control('/installations', roof)).status).toBe(409);
      expect((await control('/installations', { ...roof, externalId: 'abc' })).status).toBe(400);

      expect((await control(`/installations/${site.siteId}`, undefined, 'DELETE')).status).toBe(204);
      expect((await api(`/sites/${site.siteId}`)).status).toBe(404);
      expect((await control('/installations/SITE-7F3A2C', undefined, 'DELETE')).status).toBe(404);
    });

    it('answers several projects in one call, with devices embedded on request', async () => {
      const { items } = await json<{ items: (Site & { devices?: unknown[] })[] }>('/sites?externalId=100240,100241,999&include=devices');
      expect(items.map((s) => s.externalId).sort()).toEqual(['100240', '100241']);
      expect(items.every((s) => Array.isArray(s.devices) && s.devices.length === 3)).toBe(true);
      const plain = await json<{ items: Site[] }>('/sites?externalId=100240');
      expect(plain.items[0]).not.toHaveProperty('devices');
      expect((await api('/sites?externalId=100240,')).status).toBe(400);
      expect((await api('/sites?include=everything')).status).toBe(400);
    });

    it('gives the day’s totals with the power points, equal to the day’s energy', async () => {
      await setClock(LATE_2026);
      const power = await json<{ points: PowerPoint[]; totals: Omit<EnergyItem, 'start'> }>('/sites/SITE-7F3A2C/power?date=2026-07-01');
      const { items } = await json<{ items: EnergyItem[] }>('/sites/SITE-7F3A2C/energy?from=2026-07-01&to=2026-07-01&resolution=day');
      const { start: _start, ...day } = items[0] as EnergyItem;
      expect(power.totals).toEqual(day);
      expect(power.totals.pvWh).toBeGreaterThan(0);
      const future = await json<{ totals: Omit<EnergyItem, 'start'> }>('/sites/SITE-7F3A2C/power?date=2027-06-01');
      expect(future.totals.pvWh).toBe(0);
    });
  });
});
