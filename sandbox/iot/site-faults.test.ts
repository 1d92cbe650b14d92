import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../bff/config.ts';
import { startSandbox, type SandboxHandle } from '../server.ts';
import { iotStandIn } from './stand-in.ts';

const config = loadConfig({ NODE_ENV: 'test' });

interface Point {
  timestamp: string;
  pvW: number;
  backfilled?: boolean;
}
interface Energy {
  start: string;
  pvWh: number;
  exportWh: number;
  consumptionWh: number;
}

/** A tester's faults of one installation (sandbox/iot/README.md, "Test controls"): weak days, a gateway that stops sending. */
describe('IoT cloud: fault controls of a site', () => {
  let dataDir: string;
  let sandbox: SandboxHandle;

  const api = async <T>(pathAndQuery: string): Promise<T> => {
    const res = await fetch(`${sandbox.url}/iot/api/v2${pathAndQuery}`, { headers: { 'X-Api-Key': config.IOT_API_KEY } });
    expect(res.status, pathAndQuery).toBe(200);
    return (await res.json()) as T;
  };
  const control = (p: string, body?: unknown, method = 'POST') =>
    fetch(`${sandbox.url}/iot/_control${p}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const setClock = async (now: string) => expect((await control('/clock', { now })).status).toBe(204);
  const day = async (siteId: string, date: string) => (await api<{ items: Energy[] }>(`/sites/${siteId}/energy?from=${date}&to=${date}&resolution=day`)).items[0] as Energy;
  const power = (siteId: string, date: string) => api<{ points: Point[]; totals: Omit<Energy, 'start'> }>(`/sites/${siteId}/power?date=${date}`);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-iot-faults-'));
    sandbox = await startSandbox(config, { dataDir, httpPort: 0, ports: { smtp: 0 }, standIns: [iotStandIn], log: () => {} });
  });
  afterEach(async () => {
    expect((await control('/reset')).status).toBe(204);
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('makes an installation deliver a share of its PV on chosen days; the other days and the reset bring it back', async () => {
    await setClock('2026-07-01T12:00:00+02:00');
    const healthy = await day('SITE-2B91D4', '2026-06-21');
    const before = await day('SITE-2B91D4', '2026-06-20');
    const after = await day('SITE-2B91D4', '2026-06-22');

    expect((await control('/sites/SITE-2B91D4/production', { from: '2026-06-21', to: '2026-06-21', factor: 0.6 })).status).toBe(204);
    const weak = await day('SITE-2B91D4', '2026-06-21');
    // The carport has no battery: PV is 60 % of the healthy day (whole Wh), and what is missing is missing from the feed-in first.
    expect(Math.abs(weak.pvWh - 0.6 * healthy.pvWh)).toBeLessThanOrEqual(2);
    expect(weak.exportWh).toBeLessThan(healthy.exportWh);
    expect(await day('SITE-2B91D4', '2026-06-20')).toEqual(before);
    expect((await day('SITE-2B91D4', '2026-06-22')).pvWh).toBe(after.pvWh);
    expect(await (await control('/sites/SITE-2B91D4/faults', undefined, 'GET')).json()).toEqual({
      production: [{ from: '2026-06-21', to: '2026-06-21', factor: 0.6 }],
      outage: null,
    });

    expect((await control('/sites/SITE-2B91D4/production', undefined, 'DELETE')).status).toBe(204);
    expect(await day('SITE-2B91D4', '2026-06-21')).toEqual(healthy);
  });

  it('refuses a wrong production fault and answers 404 for an unknown site', async () => {
    for (const body of [{ from: '2026-06-21', to: '2026-06-20', factor: 0.5 }, { from: '2026-06-21', to: '2026-06-21', factor: 1.5 }, { from: '21.06.2026', to: '2026-06-21', factor: 0.5 }]) {
      expect((await control('/sites/SITE-2B91D4/production', body)).status).toBe(400);
    }
    expect((await control('/sites/SITE-000000/production', { from: '2026-06-21', to: '2026-06-21', factor: 0.5 })).status).toBe(404);
    expect((await control('/sites/SITE-2B91D4/outage', { from: '2026-06-21T12:00:00+02:00', until: '2026-06-21T11:00:00+02:00' })).status).toBe(400);
  });

  it('while the gateway is offline, data, "Stand" and the meter counters stop where it went quiet, and the devices are OFFLINE', async () => {
    await setClock('2026-06-21T16:07:00+02:00');
    expect((await control('/sites/SITE-7F3A2C/outage', { from: '2026-06-21T12:00:00+02:00' })).status).toBe(204);

    const { points, totals } = await power('SITE-7F3A2C', '2026-06-21');
    expect(points.at(-1)?.timestamp).toBe('2026-06-21T11:45:00+02:00');
    expect(await api('/sites/SITE-7F3A2C/latest')).toEqual({ siteId: 'SITE-7F3A2C', timestamp: '2026-06-21T11:45:00+02:00' });
    const { items } = await api<{ items: { devices: { status: string; lastSeenAt: string }[] }[] }>('/sites?externalId=100240&include=devices');
    expect(new Set(items[0]?.devices.map((d) => `${d.status} ${d.lastSeenAt}`))).toEqual(new Set(['OFFLINE 2026-06-21T12:00:00+02:00']));
    // The counters the cloud has are those of 12:00: the day's energy so far is what the points up to 11:45 add up to.
    const fromPoints = points.reduce((sum, p) => sum + p.pvW / 4, 0);
    expect(Math.abs(totals.pvWh - fromPoints)).toBeLessThanOrEqual(points.length);
    expect((await day('SITE-7F3A2C', '2026-06-21')).pvWh).toBe(totals.pvWh);
  });

  it('an outage that ended leaves a gap in the points but not in the energy; with back-fill the points come, marked', async () => {
    await setClock('2026-06-22T12:00:00+02:00');
    const complete = await power('SITE-7F3A2C', '2026-06-21');
    expect(complete.points).toHaveLength(96);

    await control('/sites/SITE-7F3A2C/outage', { from: '2026-06-21T12:00:00+02:00', until: '2026-06-21T15:00:00+02:00' });
    const gap = await power('SITE-7F3A2C', '2026-06-21');
    expect(gap.points).toHaveLength(96 - 12);
    expect(gap.points.some((p) => p.timestamp >= '2026-06-21T12:00' && p.timestamp < '2026-06-21T15:00')).toBe(false);
    expect(gap.totals).toEqual(complete.totals);
    expect(gap.points.some((p) => 'backfilled' in p)).toBe(false);

    await control('/sites/SITE-7F3A2C/outage', { from: '2026-06-21T12:00:00+02:00', until: '2026-06-21T15:00:00+02:00', backfill: true });
    const backfilled = await power('SITE-7F3A2C', '2026-06-21');
    expect(backfilled.points.map(({ backfilled: _b, ...p }) => p)).toEqual(complete.points);
    expect(backfilled.points.filter((p) => p.backfilled).map((p) => p.timestamp.slice(11, 16))).toEqual(
      ['12', '13', '14'].flatMap((h) => ['00', '15', '30', '45'].map((m) => `${h}:${m}`)),
    );

    expect((await control('/sites/SITE-7F3A2C/outage', undefined, 'DELETE')).status).toBe(204);
    expect(await power('SITE-7F3A2C', '2026-06-21')).toEqual(complete);
  });

  it('the fixture with a gap the export tests use is what the cloud answers for that outage', async () => {
    await setClock('2026-06-22T12:00:00+02:00');
    await control('/sites/SITE-7F3A2C/outage', { from: '2026-06-21T12:00:00+02:00', until: '2026-06-21T15:00:00+02:00' });
    const fixture: unknown = JSON.parse(await readFile(new URL('../../bff/domain/energy-value/fixtures/power-day-with-gap.json', import.meta.url), 'utf8'));
    expect(await api('/sites/SITE-7F3A2C/power?date=2026-06-21')).toEqual(fixture);
  });
});
