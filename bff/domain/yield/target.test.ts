import { describe, expect, it } from 'vitest';
import { loadInstallations } from '../../../sandbox/iot/installations.ts';
import { dayIrradiance } from '../../../sandbox/iot/sim/pv.ts';
import { SiteSimulator } from '../../../sandbox/iot/sim/simulator.ts';
import { berlinDayStartMs, dayNumber, formatDay, STEP_MS } from '../../../sandbox/iot/sim/time.ts';
import { berlinDateOf } from '../energy-value/intervals.ts';
import { judgeDays } from './alerts.ts';
import { dailyTargets, sitePowerW, type IrradianceInterval, type SiteSpec } from './target.ts';

/** What the weather stand-in reports for a site's days (its values are `dayIrradiance`, docs/monitoring.md "Expected vs actual"). */
function weather(lat: number, lon: number, fromDay: number, toDay: number): IrradianceInterval[] {
  const intervals: IrradianceInterval[] = [];
  for (let day = fromDay; day <= toDay; day++) {
    const start = berlinDayStartMs(day);
    dayIrradiance(lat, lon, day).forEach((step, i) => {
      intervals.push({ startMs: start + i * STEP_MS, endMs: start + (i + 1) * STEP_MS, ghi: step.ghi, dni: step.dni, dhi: step.dhi, temperatureC: step.temperatureC });
    });
  }
  return intervals;
}

const END_OF_2026 = Date.UTC(2027, 0, 2);
const demo = loadInstallations(undefined, '2026-11-27').filter((i) => i.commissionedAt !== null && i.commissionedAt < '2026-01-01');

function verdicts(installation: (typeof demo)[number], fromDay: number, toDay: number, simulator = new SiteSimulator(installation)) {
  const site: SiteSpec = { ...installation.location, arrays: installation.arrays };
  const targets = dailyTargets(site, weather(site.lat, site.lon, fromDay, toDay), berlinDateOf);
  const actual = new Map(simulator.energy(fromDay, toDay, 'day', END_OF_2026).map((d) => [d.start, d.pvWh / 1000]));
  return judgeDays(targets, actual);
}

describe('expected vs actual: the daily target from irradiance, orientation, tilt and kWp', () => {
  it('a normal simulated week raises no alert, in June and in November, for every demo installation', () => {
    for (const installation of demo) {
      for (const [from, to] of [
        [dayNumber(2026, 6, 15), dayNumber(2026, 6, 21)],
        [dayNumber(2026, 11, 16), dayNumber(2026, 11, 22)],
      ] as const) {
        const week = verdicts(installation, from, to);
        expect(week, installation.externalId).toHaveLength(7);
        expect(week.filter((v) => v.status === 'short'), `${installation.externalId} ${formatDay(from)}`).toEqual([]);
      }
    }
  });

  it('over the whole simulated year 2026 the target meets the actual within a few per cent a day, and no day is short', () => {
    for (const installation of demo) {
      const year = verdicts(installation, dayNumber(2026, 1, 1), dayNumber(2026, 12, 31));
      const ratios = year.flatMap((v) => (v.ratio === null || v.irradiationKwhPerM2 < 0.5 ? [] : [v.ratio])).sort((a, b) => a - b);
      expect(ratios[Math.floor(ratios.length / 2)], installation.externalId).toBeGreaterThan(0.98);
      expect(ratios[Math.floor(ratios.length / 2)], installation.externalId).toBeLessThan(1.02);
      expect(ratios[0], installation.externalId).toBeGreaterThan(0.9);
      expect(year.filter((v) => v.status === 'short'), installation.externalId).toEqual([]);
      // "Enough sun" leaves out the dull days, not the season: a good part of the winter days still get a verdict.
      const judged = year.filter((v) => v.status === 'ok').length;
      expect(judged, installation.externalId).toBeGreaterThan(200);
    }
  });

  it('a day the installation delivers 60 % (the IoT fault control) is short; the days around it are not', () => {
    const jonas = demo.find((i) => i.externalId === '100240');
    if (!jonas) throw new Error('demo site 100240');
    const weak = dayNumber(2026, 6, 18);
    const simulator = new SiteSimulator(jonas, [{ fromDay: weak, toDay: weak, factor: 0.6 }]);
    const week = verdicts(jonas, dayNumber(2026, 6, 15), dayNumber(2026, 6, 21), simulator);
    expect(week.filter((v) => v.status === 'short').map((v) => v.date)).toEqual(['2026-06-18']);
    expect(week.find((v) => v.date === '2026-06-18')?.ratio).toBeCloseTo(0.6, 1);
  });

  it('uses the components a service gives, else splits GHI (Erbs); nothing at night; a missing value leaves the day without target', () => {
    const site: SiteSpec = { lat: 51.34, lon: 12.37, arrays: [{ azimuthDeg: 180, tiltDeg: 35, peakPowerKw: 10 }] };
    const noon = { startMs: Date.parse('2026-06-21T13:00:00+02:00'), endMs: Date.parse('2026-06-21T13:15:00+02:00') };
    const split = sitePowerW(site, { ...noon, ghi: 800, temperatureC: 20 });
    const given = sitePowerW(site, { ...noon, ghi: 800, dni: 700, dhi: 200, temperatureC: 20 });
    expect(split).toBeGreaterThan(5_000);
    expect(given).toBeGreaterThan(5_000);
    expect(given).not.toBeCloseTo(split, 0);
    // Never above the peak power, whatever the sky.
    expect(sitePowerW(site, { ...noon, ghi: 2_000, dni: 1_400, dhi: 400, temperatureC: -20 })).toBe(10_000);
    const night = { startMs: Date.parse('2026-06-21T01:00:00+02:00'), endMs: Date.parse('2026-06-21T01:15:00+02:00') };
    expect(sitePowerW(site, { ...night, ghi: 0 })).toBe(0);
    const [day] = dailyTargets(site, [{ ...noon, ghi: 800 }, { ...night, ghi: null }], berlinDateOf);
    expect(day).toMatchObject({ date: '2026-06-21', targetKwh: null, intervals: 2, missingIntervals: 1, irradiationKwhPerM2: 0.2 });
  });
});
