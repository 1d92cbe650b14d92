import { describe, expect, it } from 'vitest';
import type { PowerPoint } from '~/bff/contracts/monitoring.ts';
import { getT } from '~/site/i18n/index.ts';
import { balanceOf, currentPower, kpisOf, periodTitle, segmentOffsets, showsBattery, totalsList } from './view.ts';

const t = getT('de');
const bounds = { first: '2024-03-12', today: '2026-11-22' };
const range = { period: 'month' as const, date: '2026-10-01', from: '2026-10-01', to: '2026-10-31' };

describe('period title', () => {
  it('says which period is shown, in German', () => {
    expect(periodTitle(t, 'de', 'day', '2026-11-22', bounds)).toBe('Sonntag, 22. November 2026');
    expect(periodTitle(t, 'de', 'week', '2026-11-18', bounds)).toBe('KW 47: 16. November – 22. November 2026');
    expect(periodTitle(t, 'de', 'month', '2026-10-15', bounds)).toBe('Oktober 2026');
    expect(periodTitle(t, 'de', 'year', '2025-10-15', bounds)).toBe('2025');
    expect(periodTitle(t, 'de', 'total', '2026-11-22', bounds)).toBe('Seit Inbetriebnahme (2024–2026)');
    expect(periodTitle(t, 'de', 'total', '2026-11-22', { first: '2026-05-01', today: '2026-11-22' })).toBe('Seit Inbetriebnahme (2026)');
  });
});

describe('KPIs with their kWh', () => {
  it('puts the energy behind each percentage beside it', () => {
    const kpis = kpisOf({
      selfSufficiency: { range, percent: 74.3, consumptionWh: 3_156_000, gridImportWh: 810_400 },
      selfConsumption: { range, percent: 38.2, pvWh: 6_000_000, exportWh: 3_708_000 },
    });
    expect(kpis.selfSufficiency).toEqual({ percent: 74.3, ownWh: 2_345_600, consumptionWh: 3_156_000, importWh: 810_400 });
    expect(kpis.selfConsumption.ownWh).toBe(2_292_000);
  });
});

describe('energy balance', () => {
  // Home Assistant's test vector (docs/monitoring.md): from_grid 5, to_grid 3, solar 7, to_battery 3, from_battery 0
  // -> used_solar 1, used_grid 5, solar_to_battery 3, solar_to_grid 3.
  const flows = {
    solarToHomeWh: 1000,
    solarToBatteryWh: 3000,
    solarToGridWh: 3000,
    batteryToHomeWh: 0,
    batteryToGridWh: 0,
    gridToHomeWh: 5000,
    gridToBatteryWh: 0,
  };

  it('shows how consumption was covered and how PV was used, in kWh and percent', () => {
    const balance = balanceOf(flows, { battery: true });
    expect(balance.coverage).toEqual([
      { key: 'solar', wh: 1000, share: 16.7 },
      { key: 'battery', wh: 0, share: 0 },
      { key: 'grid', wh: 5000, share: 83.3 },
    ]);
    expect(balance.usage.map((part) => part.share)).toEqual([14.3, 42.9, 42.9]);
  });

  it('stacks the bar segments from the left', () => {
    expect(segmentOffsets([16.7, 0, 83.3])).toEqual([0, 16.7, 16.7]);
  });

  it('has no battery parts and no battery notes without a battery', () => {
    const balance = balanceOf({ ...flows, solarToBatteryWh: 0, solarToGridWh: 6000 }, { battery: false });
    expect(balance.coverage.map((part) => part.key)).toEqual(['solar', 'grid']);
    expect(balance.usage.map((part) => part.key)).toEqual(['direct', 'grid']);
    expect(balance.coverage.map((part) => part.share)).toEqual([16.7, 83.3]);
    expect(balance).toMatchObject({ gridToBatteryWh: 0, batteryToGridWh: 0 });
  });
});

describe('the sums of the period', () => {
  const totals = { pvWh: 30_000, importWh: 9_000, exportWh: 14_000, chargeWh: 0, dischargeWh: 0, consumptionWh: 25_000 };
  const noBattery = { batteryCapacityKwh: null };

  it('show what the wallbox charged as part of consumption ("davon Wallbox") where the cloud reports it', () => {
    const list = totalsList({ ...totals, wallboxWh: 12_300 }, { battery: false });
    expect(list.map((row) => row.key)).toEqual(['pv', 'consumption', 'wallbox', 'import', 'export']);
    expect(list[2]).toEqual({ key: 'wallbox', wh: 12_300, part: true });
    // A wallbox that charged nothing in the period still says so.
    expect(totalsList({ ...totals, wallboxWh: 0 }, { battery: false }).map((row) => row.key)).toContain('wallbox');
  });

  it('have no wallbox line without a wallbox', () => {
    expect(totalsList(totals, { battery: false }).map((row) => row.key)).not.toContain('wallbox');
    expect(totalsList({ ...totals, wallboxWh: null }, { battery: false }).map((row) => row.key)).not.toContain('wallbox');
  });

  it('have battery rows only with a battery (or where the cloud measured battery energy)', () => {
    expect(showsBattery(noBattery, totals)).toBe(false);
    expect(totalsList(totals, { battery: showsBattery(noBattery, totals) }).map((row) => row.key)).not.toContain('charge');
    expect(showsBattery({ batteryCapacityKwh: 10 }, totals)).toBe(true);
    expect(showsBattery(noBattery, { chargeWh: 1, dischargeWh: 0 })).toBe(true);
    expect(totalsList(totals, { battery: true }).map((row) => row.key)).toEqual(['pv', 'consumption', 'import', 'export', 'charge', 'discharge']);
  });
});

describe('the current values', () => {
  const p = (timestamp: string, extra: Partial<PowerPoint> = {}): PowerPoint => ({
    timestamp,
    pvW: 4200,
    consumptionW: 900,
    batteryW: -1500,
    gridW: -1800,
    batterySocPct: 64.5,
    ...extra,
  });
  const today = { isToday: true, hasBattery: true, resolutionMinutes: 15 };

  it('are the newest point of today, with battery direction and state of charge, whatever the order of the points', () => {
    const now = currentPower([p('2026-07-01T12:15:00+02:00', { batterySocPct: 66 }), p('2026-07-01T12:00:00+02:00')], today);
    expect(now).toMatchObject({ from: '2026-07-01T12:15:00+02:00', pvW: 4200, consumptionW: 900, gridW: -1800, batteryW: -1500, socPct: 66, wallboxW: null });
  });

  it('are the mean of a quarter hour that ends at the "Stand" of fresh data (the devices\u2019 last report)', () => {
    const now = currentPower([p('2026-10-25T02:45:00+01:00')], today);
    expect(Date.parse(now?.until ?? '')).toBe(Date.parse('2026-10-25T03:00:00+01:00'));
  });

  it('leave the battery out without one, show the wallbox with one, and are not shown for a past day or without points', () => {
    expect(currentPower([p('2026-07-01T18:00:00+02:00', { batterySocPct: null, wallboxW: 11_000 })], { ...today, hasBattery: false })).toMatchObject({
      batteryW: null,
      socPct: null,
      wallboxW: 11_000,
    });
    expect(currentPower([p('2026-07-01T12:00:00+02:00')], { ...today, isToday: false })).toBeNull();
    expect(currentPower([], today)).toBeNull();
  });
});
