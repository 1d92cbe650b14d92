import { describe, expect, it } from 'vitest';
import { getT } from '../../i18n/index.ts';
import { balanceOf, kpisOf, periodTitle, segmentOffsets } from './view.ts';

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
    const balance = balanceOf(flows);
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
});

describe('the current values', () => {
  const p = (timestamp: string, batterySocPct: number | null = 64.5) => ({
    timestamp,
    pvW: 4200,
    consumptionW: 900,
    batteryW: -1500,
    gridW: -1800,
    batterySocPct,
  });

  it('are the newest point of today, with battery direction and state of charge', async () => {
    const { currentPower } = await import('./view.ts');
    const now = currentPower([p('2026-07-01T12:00:00+02:00'), p('2026-07-01T12:15:00+02:00', 66)], { isToday: true, hasBattery: true });
    expect(now).toMatchObject({ at: '2026-07-01T12:15:00+02:00', pvW: 4200, batteryW: -1500, socPct: 66 });
  });

  it('leave the battery out without one, and are not shown for a past day or without points', async () => {
    const { currentPower } = await import('./view.ts');
    expect(currentPower([p('2026-07-01T12:00:00+02:00', null)], { isToday: true, hasBattery: false })).toMatchObject({ batteryW: null, socPct: null });
    expect(currentPower([p('2026-07-01T12:00:00+02:00')], { isToday: false, hasBattery: true })).toBeNull();
    expect(currentPower([], { isToday: true, hasBattery: true })).toBeNull();
  });
});
