import { describe, expect, it } from 'vitest';
import { loadInstallations, type Installation } from '../installations.ts';
import { COUNTERS, SiteSimulator, type EnergyItem } from './simulator.ts';
import { berlinDayStartMs, dayNumber, formatDay, parseDay, STEP_MS, stepsOfDay } from './time.ts';

const installations = loadInstallations();
function installation(externalId: string): Installation {
  const found = installations.find((i) => i.externalId === externalId);
  if (!found) throw new Error(externalId);
  return found;
}
const day = (iso: string) => parseDay(iso) as number;
const FIELDS = [...COUNTERS, 'consumptionWh'] as const;
/** Late enough that all of 2026 is history. */
const AFTER_2026 = Date.parse('2027-01-02T12:00:00+01:00');

interface YearFigures {
  kwhPerKwp: number;
  selfSufficiency: number;
  selfConsumption: number;
  householdKwh: number;
}

function yearFigures(sim: SiteSimulator, year: number): YearFigures {
  const [total] = sim.energy(dayNumber(year, 1, 1), dayNumber(year, 12, 31), 'year', AFTER_2026);
  if (!total) throw new Error('no data');
  let householdWh = 0;
  for (let d = dayNumber(year, 1, 1); d <= dayNumber(year, 12, 31); d++) {
    for (const wh of sim.day(d).householdWh) householdWh += wh;
  }
  const kwp = sim.installation.arrays.reduce((sum, a) => sum + a.peakPowerKw, 0);
  return {
    kwhPerKwp: total.pvWh / 1000 / kwp,
    selfSufficiency: 1 - total.importWh / total.consumptionWh,
    selfConsumption: 1 - total.exportWh / total.pvWh,
    householdKwh: householdWh / 1000,
  };
}

function sum(items: EnergyItem[], field: (typeof FIELDS)[number]): number {
  return items.reduce((acc, item) => acc + item[field], 0);
}

describe('simulated installation 100240 (Leipzig, 9.8 kWp south, 10 kWh battery, 4,500 kWh/a)', () => {
  const sim = new SiteSimulator(installation('100240'));

  it('yields 850-1,050 kWh/kWp in 2026 with self-sufficiency 65-82 % and self-consumption 33-50 %', () => {
    const figures = yearFigures(sim, 2026);
    expect(figures.kwhPerKwp).toBeGreaterThan(850);
    expect(figures.kwhPerKwp).toBeLessThan(1050);
    expect(figures.selfSufficiency).toBeGreaterThan(0.65);
    expect(figures.selfSufficiency).toBeLessThan(0.82);
    expect(figures.selfConsumption).toBeGreaterThan(0.33);
    expect(figures.selfConsumption).toBeLessThan(0.5);
    expect(Math.abs(figures.householdKwh - 4500)).toBeLessThan(4500 * 0.05);
  });

  it('without a battery is clearly less self-sufficient and uses less of its own PV', () => {
    const withBattery = yearFigures(sim, 2026);
    const without = yearFigures(new SiteSimulator({ ...installation('100240'), battery: null }), 2026);
    expect(without.kwhPerKwp).toBeCloseTo(withBattery.kwhPerKwp, 6);
    expect(without.selfSufficiency).toBeLessThan(withBattery.selfSufficiency - 0.2);
    expect(without.selfSufficiency).toBeGreaterThan(0.3);
    expect(without.selfConsumption).toBeLessThan(withBattery.selfConsumption - 0.1);
    expect(without.selfConsumption).toBeGreaterThan(0.15);
  });

  it('adds days up to months and months up to the year to the Wh, DST months included', () => {
    const from = day('2026-01-01');
    const to = day('2026-12-31');
    const days = sim.energy(from, to, 'day', AFTER_2026);
    const months = sim.energy(from, to, 'month', AFTER_2026);
    const [year] = sim.energy(from, to, 'year', AFTER_2026);
    expect(days).toHaveLength(365);
    expect(months.map((m) => m.start)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01`),
    );
    for (const month of months) {
      const inMonth = days.filter((d) => d.start.slice(0, 7) === month.start.slice(0, 7));
      for (const field of FIELDS) expect(sum(inMonth, field), `${month.start} ${field}`).toBe(month[field]);
    }
    for (const field of FIELDS) expect(sum(months, field), field).toBe(year?.[field]);
    for (const item of [...days, ...months]) {
      for (const field of FIELDS) {
        expect(Number.isInteger(item[field])).toBe(true);
        expect(item[field]).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('balances every step: pv + import + discharge = consumption + export + charge', () => {
    for (const iso of ['2026-03-29', '2026-06-21', '2026-10-25', '2026-12-21']) {
      const data = sim.day(day(iso));
      expect(data.steps).toBe(stepsOfDay(day(iso)));
      for (let i = 0; i < data.steps; i++) {
        const supplied = (data.pvWh[i] ?? 0) + (data.importWh[i] ?? 0) + (data.dischargeWh[i] ?? 0);
        const used = (data.loadWh[i] ?? 0) + (data.exportWh[i] ?? 0) + (data.chargeWh[i] ?? 0);
        expect(supplied).toBeCloseTo(used, 9);
        // Never import and export, or charge and discharge, in the same step.
        expect(Math.min(data.importWh[i] ?? 0, data.exportWh[i] ?? 0)).toBe(0);
        expect(Math.min(data.chargeWh[i] ?? 0, data.dischargeWh[i] ?? 0)).toBe(0);
        expect(data.soc[i]).toBeGreaterThanOrEqual(0.05 - 1e-9);
        expect(data.soc[i]).toBeLessThanOrEqual(1 + 1e-9);
      }
      // Counter differences balance exactly, and match the summed household load to a few Wh of rounding.
      const [item] = sim.energy(day(iso), day(iso), 'day', AFTER_2026);
      if (!item) throw new Error(iso);
      expect(item.pvWh + item.importWh + item.dischargeWh).toBe(item.consumptionWh + item.exportWh + item.chargeWh);
      expect(Math.abs(item.consumptionWh - data.loadWh.reduce((a, b) => a + b, 0))).toBeLessThan(5);
    }
  });

  it('carries the battery from one day to the next', () => {
    const today = sim.day(day('2026-07-14'));
    const tomorrow = sim.day(day('2026-07-15'));
    const capacityWh = 10_000;
    const first = tomorrow.soc[0] ?? 0;
    const delta = ((tomorrow.chargeWh[0] ?? 0) * 0.95 - (tomorrow.dischargeWh[0] ?? 0) / 0.95) / capacityWh;
    expect(first - delta).toBeCloseTo(today.end.storedWh / capacityWh, 9);
    for (const name of COUNTERS) expect(tomorrow.cumulative[name][0]).toBe(today.end.counters[name]);
  });

  it('answers the same request with the same data, also from a fresh simulator', () => {
    const fresh = new SiteSimulator(installation('100240'));
    const date = day('2026-06-21');
    expect(JSON.stringify(fresh.power(date, AFTER_2026))).toBe(JSON.stringify(sim.power(date, AFTER_2026)));
    const range = [day('2026-03-01'), day('2026-03-31')] as const;
    expect(JSON.stringify(fresh.energy(...range, 'day', AFTER_2026))).toBe(
      JSON.stringify(sim.energy(...range, 'day', AFTER_2026)),
    );
  });

  it('makes sunny days and overcast days (the clouds are seeded per day)', () => {
    const june = sim.energy(day('2026-06-01'), day('2026-06-30'), 'day', AFTER_2026).map((d) => d.pvWh / 9.8);
    expect(Math.max(...june)).toBeGreaterThan(6_000); // Wh per kWp on a clear June day
    expect(Math.min(...june)).toBeLessThan(2_500);
  });

  it('stops today at the latest completed 15-minute step', () => {
    const now = Date.parse('2026-06-21T14:07:00+02:00');
    const points = sim.power(day('2026-06-21'), now);
    expect(points).toHaveLength(56); // 00:00 .. 13:45 local
    expect(points.at(-1)?.timestamp).toBe('2026-06-21T13:45:00+02:00');
    expect(sim.latestMs(now)).toBe(Date.parse('2026-06-21T13:45:00+02:00'));
    expect(sim.power(day('2026-06-22'), now)).toEqual([]);

    const [today] = sim.energy(day('2026-06-21'), day('2026-06-21'), 'day', now);
    const whole = sim.day(day('2026-06-21'));
    const pvSoFar = whole.pvWh.slice(0, 56).reduce((a, b) => a + b, 0);
    expect(Math.abs((today?.pvWh ?? 0) - pvSoFar)).toBeLessThanOrEqual(1);
    expect(sim.energy(day('2026-06-22'), day('2026-06-30'), 'day', now)).toEqual([]);
    const june = sim.energy(day('2026-06-01'), day('2026-06-30'), 'month', now);
    const days = sim.energy(day('2026-06-01'), day('2026-06-30'), 'day', now);
    expect(days).toHaveLength(21);
    expect(june[0]?.pvWh).toBe(sum(days, 'pvWh'));
  });

  it('has power points that balance in W and follow the sign convention', () => {
    const points = sim.power(day('2026-06-21'), AFTER_2026);
    expect(points).toHaveLength(96);
    for (const p of points) {
      expect(p.consumptionW).toBe(p.pvW + p.batteryW + p.gridW);
      expect(p.pvW).toBeGreaterThanOrEqual(0);
      expect(p.consumptionW).toBeGreaterThan(0);
      expect(p.batterySocPct).not.toBeNull();
    }
    const noon = points.find((p) => p.timestamp === '2026-06-21T13:00:00+02:00');
    const night = points.find((p) => p.timestamp === '2026-06-21T02:00:00+02:00');
    expect(noon?.pvW).toBeGreaterThan(0);
    expect(night?.pvW).toBe(0);
    expect(night?.gridW ?? 0).toBeGreaterThanOrEqual(0);
  });

  it('starts at commissioning (2025-04-15 11:30) and has nothing before', () => {
    expect(sim.power(day('2025-04-14'), AFTER_2026)).toEqual([]);
    const first = sim.power(day('2025-04-15'), AFTER_2026);
    expect(first[0]?.timestamp).toBe('2025-04-15T11:30:00+02:00');
    expect(first).toHaveLength(96 - 46);
    const months = sim.energy(day('2025-01-01'), day('2025-05-31'), 'month', AFTER_2026);
    expect(months.map((m) => m.start)).toEqual(['2025-04-01', '2025-05-01']);
    const aprilDays = sim.energy(day('2025-04-01'), day('2025-04-30'), 'day', AFTER_2026);
    expect(aprilDays[0]?.start).toBe('2025-04-15');
    expect(months[0]?.pvWh).toBe(sum(aprilDays, 'pvWh'));
    const [year] = sim.energy(day('2025-01-01'), day('2025-12-31'), 'year', AFTER_2026);
    expect(year?.start).toBe('2025-01-01');
    expect(sim.energy(day('2025-01-01'), day('2025-04-14'), 'day', AFTER_2026)).toEqual([]);
  });
});

describe('other demo installations', () => {
  it('100241 (east-west carport with wallbox, no battery) yields less per kWp than south, and charges a car', () => {
    const sim = new SiteSimulator(installation('100241'));
    const figures = yearFigures(sim, 2026);
    expect(figures.kwhPerKwp).toBeGreaterThan(750);
    expect(figures.kwhPerKwp).toBeLessThan(950);
    let wallboxWh = 0;
    for (let d = day('2026-01-01'); d <= day('2026-12-31'); d++) for (const wh of sim.day(d).wallboxWh) wallboxWh += wh;
    expect(wallboxWh / 1000).toBeGreaterThan(1_000);
    expect(wallboxWh / 1000).toBeLessThan(3_000);
    expect(sim.power(day('2026-06-21'), AFTER_2026).every((p) => p.batterySocPct === null && p.batteryW === 0)).toBe(true);
  });

  it('100239 (Hamburg, heat pump) uses more in winter than in summer; its household alone is less self-sufficient than 100240', () => {
    const sim = new SiteSimulator(installation('100239'));
    const months = sim.energy(day('2026-01-01'), day('2026-12-31'), 'month', AFTER_2026);
    expect(months[0]?.consumptionWh ?? 0).toBeGreaterThan(2 * (months[6]?.consumptionWh ?? 0));
    const householdOnly = yearFigures(new SiteSimulator({ ...installation('100239'), heatPump: null }), 2026);
    expect(householdOnly.selfSufficiency).toBeLessThan(0.5);
    expect(householdOnly.selfSufficiency).toBeGreaterThan(0.25);
    expect(Math.abs(householdOnly.householdKwh - 3800)).toBeLessThan(3800 * 0.05);
  });

  it('100237 (not commissioned) exists but has no data', () => {
    const sim = new SiteSimulator(installation('100237'));
    expect(sim.commissionedMs).toBeUndefined();
    expect(sim.latestMs(AFTER_2026)).toBeUndefined();
    expect(sim.power(day('2026-06-21'), AFTER_2026)).toEqual([]);
    expect(sim.energy(day('2020-01-01'), day('2030-12-31'), 'year', AFTER_2026)).toEqual([]);
  });
});

describe('DST days in the counters', () => {
  it('gives 92 points on 2026-03-29 and 100 on 2026-10-25, each with its own offset', () => {
    const sim = new SiteSimulator(installation('100239'));
    const march = sim.power(day('2026-03-29'), AFTER_2026);
    const october = sim.power(day('2026-10-25'), AFTER_2026);
    expect(march).toHaveLength(92);
    expect(october).toHaveLength(100);
    expect(march.map((p) => p.timestamp)).toContain('2026-03-29T03:00:00+02:00');
    expect(march.map((p) => p.timestamp)).not.toContain('2026-03-29T02:00:00+01:00');
    const stamps = october.map((p) => p.timestamp);
    expect(stamps).toContain('2026-10-25T02:15:00+02:00');
    expect(stamps).toContain('2026-10-25T02:15:00+01:00');
    expect(new Set(stamps).size).toBe(100);
    expect(Date.parse(october.at(-1)?.timestamp ?? '') + STEP_MS).toBe(berlinDayStartMs(day('2026-10-26')));
    expect(formatDay(day('2026-10-25'))).toBe('2026-10-25');
  });
});
