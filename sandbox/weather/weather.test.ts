import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../bff/config.ts';
import { iotStandIn } from '../iot/stand-in.ts';
import { dayIrradiance } from '../iot/sim/pv.ts';
import { parseDay } from '../iot/sim/time.ts';
import { startSandbox, type SandboxHandle } from '../server.ts';
import { WEATHER_DEVELOPMENT_KEY, weatherStandIn } from './stand-in.ts';

const config = loadConfig({ NODE_ENV: 'test' });
const LEIPZIG = 'latitude=51.34&longitude=12.37';

interface Series {
  time: (string | number)[];
  [variable: string]: (string | number | null)[];
}
interface Answer {
  latitude: number;
  timezone: string;
  minutely_15?: Series;
  hourly?: Series;
  daily?: Series;
  minutely_15_units?: Record<string, string>;
  [key: string]: unknown;
}

describe('sandbox weather service (Open-Meteo shape)', () => {
  let dataDir: string;
  let sandbox: SandboxHandle;
  const get = (pathAndQuery: string, key = WEATHER_DEVELOPMENT_KEY) => fetch(`${sandbox.url}/weather/v1${pathAndQuery}`, { headers: { 'X-Api-Key': key } });
  const json = async (pathAndQuery: string): Promise<Answer> => {
    const res = await get(pathAndQuery);
    expect(res.status, pathAndQuery).toBe(200);
    return (await res.json()) as Answer;
  };
  const control = (p: string, body?: unknown, method = 'POST') =>
    fetch(`${sandbox.url}/weather/_control${p}`, { method, headers: body === undefined ? {} : { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-weather-'));
    sandbox = await startSandbox(config, { dataDir, httpPort: 0, ports: { smtp: 0 }, standIns: [iotStandIn, weatherStandIn], log: () => {} });
  });
  afterEach(async () => {
    expect((await control('/reset')).status).toBe(204);
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('needs its API key', async () => {
    expect((await get(`/archive?${LEIPZIG}&start_date=2026-06-21&end_date=2026-06-21&hourly=shortwave_radiation`, 'wrong-key-wrong-key')).status).toBe(401);
  });

  it("reports the simulator's own sky: each 15-minute value is the mean of the quarter hour before its time stamp", async () => {
    await control('/clock', { now: '2026-07-01T12:00:00+02:00' });
    const answer = await json(
      `/archive?${LEIPZIG}&start_date=2026-06-21&end_date=2026-06-21&minutely_15=shortwave_radiation,diffuse_radiation,direct_normal_irradiance,temperature_2m&timezone=Europe/Berlin&timeformat=unixtime`,
    );
    expect(answer).toMatchObject({ latitude: 51.34, longitude: 12.37, timezone: 'Europe/Berlin', utc_offset_seconds: 7200 });
    expect(answer.minutely_15_units).toEqual({ time: 'unixtime', shortwave_radiation: 'W/m²', diffuse_radiation: 'W/m²', direct_normal_irradiance: 'W/m²', temperature_2m: '°C' });
    const series = answer.minutely_15 as Series;
    expect(series.time).toHaveLength(96);
    const dayStart = Date.parse('2026-06-21T00:00:00+02:00') / 1000;
    expect(series.time[0]).toBe(dayStart);
    const steps = dayIrradiance(51.34, 12.37, parseDay('2026-06-21') as number);
    // The value stamped 12:15 is the mean of 12:00–12:15: the simulator's step 48.
    const at1215 = series.time.indexOf(dayStart + (12 * 60 + 15) * 60);
    expect(series.shortwave_radiation?.[at1215]).toBeCloseTo(steps[48]?.ghi ?? -1, 1);
    expect(series.diffuse_radiation?.[at1215]).toBeCloseTo(steps[48]?.dhi ?? -1, 1);
    expect(series.direct_normal_irradiance?.[at1215]).toBeCloseTo(steps[48]?.dni ?? -1, 1);
    expect(series.shortwave_radiation?.[8]).toBe(0); // 01:45–02:00 is night
  });

  it('hourly values are the means of their four quarter hours and the daily sum is their energy in MJ/m²', async () => {
    await control('/clock', { now: '2026-07-01T12:00:00+02:00' });
    const answer = await json(`/archive?${LEIPZIG}&start_date=2026-06-21&end_date=2026-06-22&minutely_15=shortwave_radiation&hourly=shortwave_radiation&daily=shortwave_radiation_sum&timezone=Europe/Berlin`);
    const quarter = answer.minutely_15?.shortwave_radiation as number[];
    const hour = answer.hourly?.shortwave_radiation as number[];
    expect(answer.hourly?.time.slice(0, 2)).toEqual(['2026-06-21T00:00', '2026-06-21T01:00']);
    expect(hour).toHaveLength(48);
    // 13:00 is the mean of the quarter hours stamped 12:15 … 13:00.
    const mean = (quarter.slice(49, 53).reduce((a, b) => a + b, 0)) / 4;
    expect(Math.abs((hour[13] ?? 0) - mean)).toBeLessThanOrEqual(0.1);
    const sumMj = (quarter.slice(0, 96).reduce((a, b) => a + b, 0) * 900) / 1e6;
    expect(answer.daily).toEqual({ time: ['2026-06-21', '2026-06-22'], shortwave_radiation_sum: [expect.any(Number), expect.any(Number)] });
    expect(Math.abs((answer.daily?.shortwave_radiation_sum?.[0] as number) - sumMj)).toBeLessThan(0.01);
  });

  it('agrees with the IoT cloud: the days Jonas\' roof produced most are the days with most sun', async () => {
    await control('/clock', { now: '2026-07-02T12:00:00+02:00' });
    await fetch(`${sandbox.url}/iot/_control/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ now: '2026-07-02T12:00:00+02:00' }) });
    const weather = await json(`/archive?${LEIPZIG}&start_date=2026-06-01&end_date=2026-06-30&daily=shortwave_radiation_sum&timezone=Europe/Berlin`);
    const res = await fetch(`${sandbox.url}/iot/api/v2/sites/SITE-7F3A2C/energy?from=2026-06-01&to=2026-06-30&resolution=day`, { headers: { 'X-Api-Key': config.IOT_API_KEY } });
    const pv = ((await res.json()) as { items: { pvWh: number }[] }).items.map((d) => d.pvWh);
    const sun = weather.daily?.shortwave_radiation_sum as number[];
    const corr = correlation(pv, sun);
    expect(corr).toBeGreaterThan(0.97);
  });

  it('uses days of its time zone (GMT by default) and the repeated hour of the October change in local time', async () => {
    await control('/clock', { now: '2026-11-01T12:00:00+01:00' });
    const gmt = await json(`/archive?${LEIPZIG}&start_date=2026-06-21&end_date=2026-06-21&hourly=shortwave_radiation`);
    expect(gmt.timezone).toBe('GMT');
    expect(gmt.hourly?.time).toHaveLength(24);
    const october = await json(`/archive?${LEIPZIG}&start_date=2026-10-25&end_date=2026-10-25&minutely_15=shortwave_radiation&timezone=Europe/Berlin`);
    expect(october.minutely_15?.time).toHaveLength(100);
    expect(october.minutely_15?.time.filter((t) => t === '2026-10-25T02:15')).toHaveLength(2);
  });

  it('the forecast reaches 92 days back and 16 ahead, the archive up to the day before yesterday; wrong parameters answer 400', async () => {
    await control('/clock', { now: '2026-06-21T12:00:00+02:00' });
    const forecast = await json(`/forecast?${LEIPZIG}&past_days=1&forecast_days=2&minutely_15=shortwave_radiation&timezone=Europe/Berlin`);
    expect(forecast.minutely_15?.time).toHaveLength(3 * 96);
    expect(forecast.minutely_15?.time[0]).toBe('2026-06-20T00:00');
    for (const query of [
      `/forecast?${LEIPZIG}&start_date=2026-06-21&end_date=2026-07-07&hourly=shortwave_radiation`,
      `/archive?${LEIPZIG}&start_date=2026-06-20&end_date=2026-06-20&hourly=shortwave_radiation`,
      `/archive?${LEIPZIG}&start_date=2026-06-10&end_date=2026-06-09&hourly=shortwave_radiation`,
      `/archive?${LEIPZIG}&hourly=shortwave_radiation`,
      `/archive?${LEIPZIG}&start_date=2026-06-10&end_date=2026-06-10&hourly=sunshine`,
      `/archive?${LEIPZIG}&start_date=2026-06-10&end_date=2026-06-10&hourly=shortwave_radiation&timezone=America/New_York`,
      `/archive?latitude=91&longitude=12&start_date=2026-06-10&end_date=2026-06-10&hourly=shortwave_radiation`,
    ]) {
      const res = await get(query);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toEqual({ error: true, reason: expect.any(String) });
    }
    expect((await get(`/archive?${LEIPZIG}&start_date=2026-06-19&end_date=2026-06-19&hourly=shortwave_radiation`)).status).toBe(200);
  });

  it('a tester can empty days: their values are null, as the real service answers for missing data', async () => {
    await control('/clock', { now: '2026-07-01T12:00:00+02:00' });
    expect((await control('/gaps', { from: '2026-06-21', to: '2026-06-21' })).status).toBe(204);
    const answer = await json(`/archive?${LEIPZIG}&start_date=2026-06-20&end_date=2026-06-21&hourly=shortwave_radiation&daily=shortwave_radiation_sum&timezone=Europe/Berlin`);
    const hourly = answer.hourly?.shortwave_radiation as (number | null)[];
    expect(hourly.slice(25).every((v) => v === null)).toBe(true);
    expect(hourly.slice(1, 24).every((v) => v !== null)).toBe(true);
    expect(answer.daily?.shortwave_radiation_sum).toEqual([expect.any(Number), null]);
    expect((await control('/gaps', { from: '2026-06-22', to: '2026-06-21' })).status).toBe(400);
  });
});

function correlation(a: readonly number[], b: readonly number[]): number {
  const mean = (x: readonly number[]) => x.reduce((s, v) => s + v, 0) / x.length;
  const [ma, mb] = [mean(a), mean(b)];
  let [sab, saa, sbb] = [0, 0, 0];
  a.forEach((v, i) => {
    const w = (b[i] ?? 0) - mb;
    sab += (v - ma) * w;
    saa += (v - ma) ** 2;
    sbb += w * w;
  });
  return sab / Math.sqrt(saa * sbb);
}
