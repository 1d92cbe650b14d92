import { describe, expect, it } from 'vitest';
import type { MonitoringPageData, MonitoringOverview } from '../../contracts/monitoring.ts';
import type { WeatherInterval, WeatherService } from '../../ports/weather.ts';
import { dayIrradiance } from '../../../sandbox/iot/sim/pv.ts';
import { berlinDayStartMs, parseDay, STEP_MS } from '../../../sandbox/iot/sim/time.ts';
import { upstreamUnavailable } from '../errors.ts';
import { addDays, createTargetCache } from './targets.ts';
import { createYieldService } from './yield.service.ts';

const LEIPZIG = { lat: 51.34, lon: 12.37 };
const arrays = [{ azimuthDeg: 180, tiltDeg: 35, peakPowerKw: 9.8 }];

/** The sandbox's weather as the port delivers it, counting calls (each is one upstream request). */
function weather(options: { fail?: boolean } = {}) {
  const calls: string[] = [];
  const service: WeatherService = {
    async irradiance(location, from, to) {
      calls.push(`${from}..${to}`);
      if (options.fail) throw upstreamUnavailable({ name: 'weather', label: 'Der Wetterdienst' } as never);
      const intervals: WeatherInterval[] = [];
      for (let day = from; day <= to; day = addDays(day, 1)) {
        const dayNo = parseDay(day) as number;
        const start = berlinDayStartMs(dayNo);
        dayIrradiance(location.lat, location.lon, dayNo).forEach((step, i) =>
          intervals.push({ startMs: start + i * STEP_MS, endMs: start + (i + 1) * STEP_MS, ghi: step.ghi, dni: step.dni, dhi: step.dhi, temperatureC: step.temperatureC }),
        );
      }
      return intervals;
    },
  };
  return { service, calls };
}

const totals = { pvWh: 0, importWh: 0, exportWh: 0, chargeWh: 0, dischargeWh: 0, consumptionWh: 0 };

/** The monitoring page of a week (15 to 21 June 2026) of an installation commissioned on the 15th. */
function weekPage(period: 'week' | 'year' = 'week'): MonitoringPageData {
  const installation = { id: 'SITE-1', projectId: 1, name: 'Dach', pvPeakPowerKw: 9.8, batteryCapacityKwh: null, annualConsumptionKwh: 4500, commissionedAt: '2026-06-15T11:00:00+02:00', location: LEIPZIG, arrays };
  const buckets = ['2026-06-15', '2026-06-16', '2026-06-17', '2026-06-18', '2026-06-19', '2026-06-20'].map((start, i) => ({ ...totals, start, pvWh: i === 3 ? 5_000 : 40_000 }));
  const overview: MonitoringOverview = {
    installation,
    devices: [],
    work: {
      range: { period, date: '2026-06-20', from: period === 'week' ? '2026-06-15' : '2026-01-01', to: period === 'week' ? '2026-06-21' : '2026-12-31' },
      resolution: period === 'week' ? 'day' : 'month',
      buckets,
      totals,
      flows: { solarToHomeWh: 0, solarToBatteryWh: 0, solarToGridWh: 0, batteryToHomeWh: 0, batteryToGridWh: 0, gridToHomeWh: 0, gridToBatteryWh: 0 },
    },
    power: null,
    selfSufficiency: { range: { period, date: '2026-06-20', from: '2026-06-15', to: '2026-06-21' }, percent: 0, consumptionWh: 0, gridImportWh: 0 },
    selfConsumption: { range: { period, date: '2026-06-20', from: '2026-06-15', to: '2026-06-21' }, percent: 0, pvWh: 0, exportWh: 0 },
    latestAt: '2026-06-20T10:00:00+02:00',
  };
  return { kind: 'ready', installations: [installation], installation, fellBack: false, overview };
}

function service(w: ReturnType<typeof weather>) {
  const now = () => new Date('2026-06-20T10:05:00+02:00');
  const unused = () => {
    throw new Error('not used by the page');
  };
  return createYieldService({
    targets: createTargetCache({ weather: w.service, now: () => now().getTime() }),
    iot: { sitesOfProjects: unused, power: unused, energy: unused },
    tasks: {} as never,
    alerts: {} as never,
    customerProjects: unused,
    projectsOf: unused,
    recipientsOf: unused,
    mailer: {} as never,
    mailLog: {} as never,
    publicUrl: 'https://portal.example.de',
    installerName: 'Beispiel Solar GmbH',
    warn: () => {},
    now,
  }).forRequest({} as never);
}

describe('the targets beside the monitoring page\'s actual', () => {
  it('gives each finished day after commissioning its target beside the measured PV; today and the commissioning day have none', async () => {
    const w = weather();
    const expected = await service(w).expected(weekPage());
    if (expected.kind !== 'ready') throw new Error(expected.kind);
    expect(expected.days.map((d) => d.date)).toEqual(['2026-06-16', '2026-06-17', '2026-06-18', '2026-06-19']);
    for (const day of expected.days) {
      expect(day.targetKwh).toBeGreaterThan(5);
      expect(day.ratio).toBeCloseTo((day.actualKwh ?? 0) / (day.targetKwh ?? 1), 6);
    }
    expect(expected.days.find((d) => d.date === '2026-06-18')).toMatchObject({ actualKwh: 5, status: 'short' });
    expect(expected.at).toBe('2026-06-20T08:05:00.000Z');
  });

  it('asks the weather service once per site and day: a second render costs no call', async () => {
    const w = weather();
    const yieldService = service(w);
    await yieldService.expected(weekPage());
    await yieldService.expected(weekPage());
    expect(w.calls).toEqual(['2026-06-16..2026-06-19']);
  });

  it('a weather outage leaves the page without targets, never fails it', async () => {
    expect(await service(weather({ fail: true })).expected(weekPage())).toEqual({ kind: 'unavailable' });
  });

  it('a year or an installation without location has no daily targets, and costs no call', async () => {
    const w = weather();
    expect(await service(w).expected(weekPage('year'))).toEqual({ kind: 'none' });
    const page = weekPage();
    if (page.kind !== 'ready' || !page.overview) throw new Error('ready');
    const { location: _l, ...withoutLocation } = page.overview.installation;
    expect(await service(w).expected({ ...page, overview: { ...page.overview, installation: withoutLocation } })).toEqual({ kind: 'none' });
    expect(w.calls).toEqual([]);
  });
});
