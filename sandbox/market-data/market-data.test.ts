import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../bff/config.ts';
import { startSandbox, type SandboxHandle } from '../server.ts';
import { marketDataStandIn } from './stand-in.ts';

const config = loadConfig({ NODE_ENV: 'test' });

interface Prices {
  license_info: string;
  unix_seconds: number[];
  price: number[];
  unit: string;
  deprecated: boolean;
}

const berlin = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', weekday: 'short', hour: '2-digit', hourCycle: 'h23' });
const localOf = (unixSeconds: number) => {
  const parts = Object.fromEntries(berlin.formatToParts(new Date(unixSeconds * 1000)).map((p) => [p.type, p.value]));
  return { weekday: parts.weekday as string, hour: Number(parts.hour) };
};

describe('sandbox market data (day-ahead prices DE-LU, Energy-Charts shape)', () => {
  let dataDir: string;
  let sandbox: SandboxHandle;
  const get = (query: string, key = config.MARKET_DATA_API_KEY) => fetch(`${sandbox.url}/market-data/api/price?${query}`, { headers: { 'X-Api-Key': key } });
  const prices = async (start: string, end: string): Promise<Prices> => {
    const res = await get(`bzn=DE-LU&start=${start}&end=${end}`);
    expect(res.status).toBe(200);
    return (await res.json()) as Prices;
  };
  const control = (p: string, body?: unknown, method = 'POST') =>
    fetch(`${sandbox.url}/market-data/_control${p}`, { method, headers: body === undefined ? {} : { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-market-data-'));
    sandbox = await startSandbox(config, { dataDir, httpPort: 0, ports: { smtp: 0 }, standIns: [marketDataStandIn], log: () => {} });
  });
  afterEach(async () => {
    expect((await control('/reset')).status).toBe(204);
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('needs its API key', async () => {
    expect((await get('bzn=DE-LU&start=2026-06-21&end=2026-06-21', 'wrong-key-wrong-key')).status).toBe(401);
  });

  it('answers quarter hours from 1 October 2025 on and hours before, the same every time', async () => {
    await control('/clock', { now: '2026-11-01T12:00:00+01:00' });
    const summer = await prices('2026-06-21', '2026-06-21');
    expect(summer).toMatchObject({ unit: 'EUR / MWh', deprecated: false, license_info: expect.stringMatching(/Simulated/) });
    expect(summer.unix_seconds).toHaveLength(96);
    expect(summer.unix_seconds[0]).toBe(Date.parse('2026-06-21T00:00:00+02:00') / 1000);
    expect((summer.unix_seconds[1] ?? 0) - (summer.unix_seconds[0] ?? 0)).toBe(900);
    expect(await prices('2026-06-21', '2026-06-21')).toEqual(summer);
    expect((await prices('2025-09-30', '2025-09-30')).unix_seconds).toHaveLength(24);
    expect((await prices('2025-10-01', '2025-10-01')).unix_seconds).toHaveLength(96);
    expect((await prices('2026-10-25', '2026-10-25')).unix_seconds).toHaveLength(100);
  });

  it('has a few hundred negative hours a year, mostly at sunny spring and summer weekend middays', async () => {
    await control('/clock', { now: '2027-01-02T12:00:00+01:00' });
    const year = await prices('2026-01-01', '2026-12-31');
    const negative = year.unix_seconds.filter((_, i) => (year.price[i] ?? 0) < 0).map(localOf);
    const hours = negative.length / 4;
    expect(hours).toBeGreaterThan(300);
    expect(hours).toBeLessThan(700);
    expect(negative.filter((n) => n.hour >= 10 && n.hour < 17).length / negative.length).toBeGreaterThan(0.75);
    expect(negative.filter((n) => n.weekday === 'Sat' || n.weekday === 'Sun').length / negative.length).toBeGreaterThan(0.4);
    const mean = year.price.reduce((a, b) => a + b, 0) / year.price.length;
    expect(mean).toBeGreaterThan(50);
    expect(mean).toBeLessThan(120);
  });

  it("publishes tomorrow's prices after the noon auction, never later days", async () => {
    await control('/clock', { now: '2026-06-21T12:30:00+02:00' });
    expect((await prices('2026-06-21', '2026-06-24')).unix_seconds).toHaveLength(96);
    await control('/clock', { now: '2026-06-21T13:05:00+02:00' });
    expect((await prices('2026-06-21', '2026-06-24')).unix_seconds).toHaveLength(2 * 96);
    expect(await (await control('/clock', undefined, 'GET')).json()).toEqual({ now: '2026-06-21T13:05:00+02:00', fixed: true, publishedUntil: '2026-06-23T00:00:00+02:00' });
  });

  it('a tester forces a negative day: those intervals carry the price, the rest of the day is unchanged', async () => {
    await control('/clock', { now: '2026-12-01T12:00:00+01:00' });
    const before = await prices('2026-11-25', '2026-11-25');
    expect((await control('/negative-days', { date: '2026-11-25', from: '11:00', to: '12:30', eurPerMwh: -42.5 })).status).toBe(204);
    const after = await prices('2026-11-25', '2026-11-25');
    const forced = after.unix_seconds.map((t, i) => [localOf(t).hour, after.price[i]] as const).filter(([, p]) => p === -42.5);
    expect(forced.map(([hour]) => hour)).toEqual([11, 11, 11, 11, 12, 12]);
    expect(after.price.filter((p, i) => p !== before.price[i])).toHaveLength(6);
    expect(((await (await control('/negative-days', undefined, 'GET')).json()) as { items: unknown[] }).items).toEqual([
      { date: '2026-11-25', from: '11:00', to: '12:30', eurPerMwh: -42.5 },
    ]);
    // A day of hourly prices (before the quarter-hour market) is forced hour by hour, with the defaults 11–16 h, −25.
    await control('/negative-days', { date: '2025-03-05' });
    const hourly = await prices('2025-03-05', '2025-03-05');
    expect(hourly.price.slice(11, 16)).toEqual([-25, -25, -25, -25, -25]);
    expect(hourly.price[10]).not.toBe(-25);
    expect((await control('/negative-days', undefined, 'DELETE')).status).toBe(204);
    expect(await prices('2026-11-25', '2026-11-25')).toEqual(before);
  });

  it('answers 400 for another bidding zone, wrong dates and a wrong forced day', async () => {
    for (const query of ['start=2026-06-21&end=2026-06-21', 'bzn=FR&start=2026-06-21&end=2026-06-21', 'bzn=DE-LU&start=2026-06-22&end=2026-06-21', 'bzn=DE-LU&start=21.06.2026&end=2026-06-21', 'bzn=DE-LU&start=2024-01-01&end=2026-01-01']) {
      const res = await get(query);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'bad_request', detail: expect.any(String) });
    }
    expect((await control('/negative-days', { date: '2026-06-21', eurPerMwh: 10 })).status).toBe(400);
    expect((await control('/negative-days', { date: '2026-06-21', from: '16:00', to: '11:00' })).status).toBe(400);
  });
});
