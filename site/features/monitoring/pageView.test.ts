import { describe, expect, it } from 'vitest';
import type { Installation, MonitoringOverview, MonitoringQuery } from '../../../bff/contracts/monitoring.ts';
import { hasData, monitoringView } from './pageView.ts';
import type { CalendarDate } from './periods.ts';

const today = '2026-11-22' as CalendarDate;

const installation = (id: string, overrides: Partial<Installation> = {}): Installation => ({
  id,
  projectId: 100234,
  name: `Anlage ${id}`,
  pvPeakPowerKw: 9.9,
  batteryCapacityKwh: 10,
  annualConsumptionKwh: 4500,
  commissionedAt: '2024-03-12T09:30:00Z',
  ...overrides,
});

const emptyTotals = { pvWh: 0, importWh: 0, exportWh: 0, chargeWh: 0, dischargeWh: 0, consumptionWh: 0 };
const overviewOf = (inst: Installation, query: MonitoringQuery): MonitoringOverview => {
  const range = { ...query, from: query.date, to: query.date };
  return {
    installation: inst,
    devices: [],
    work: {
      range,
      resolution: 'day',
      buckets: [],
      totals: emptyTotals,
      flows: { solarToHomeWh: 0, solarToBatteryWh: 0, solarToGridWh: 0, batteryToHomeWh: 0, batteryToGridWh: 0, gridToHomeWh: 0, gridToBatteryWh: 0 },
    },
    power: null,
    selfSufficiency: { range, percent: 100, consumptionWh: 0, gridImportWh: 0 },
    selfConsumption: { range, percent: 0, pvWh: 0, exportWh: 0 },
    latestAt: null,
  };
};

describe('the monitoring page’s view', () => {
  it('follows the installation the domain shows, also after a fallback', () => {
    const a = installation('a');
    const view = monitoringView(
      { kind: 'ready', installations: [a, installation('b')], installation: a, fellBack: true, overview: overviewOf(a, { period: 'week', date: '2025-06-30' }) },
      { installationId: 'fremd', period: 'week', date: '2025-06-30' as CalendarDate },
      today,
    );
    expect(view).toMatchObject({ kind: 'ready', fellBack: true, state: { installationId: 'a', period: 'week', date: '2025-06-30' } });
  });

  it('bounds the period controls by commissioning and today', () => {
    const a = installation('a');
    const view = monitoringView(
      { kind: 'ready', installations: [a], installation: a, fellBack: false, overview: null },
      { installationId: null, period: 'day', date: today },
      today,
    );
    expect(view).toMatchObject({ bounds: { first: '2024-03-12', today } });
    const fresh = installation('neu', { commissionedAt: null });
    expect(
      monitoringView({ kind: 'ready', installations: [fresh], installation: fresh, fellBack: false, overview: null }, { installationId: null, period: 'day', date: today }, today),
    ).toMatchObject({ overview: null, bounds: { first: null } });
  });

  it('passes "no installation" on', () => {
    expect(monitoringView({ kind: 'noInstallation' }, { installationId: null, period: 'day', date: today }, today)).toEqual({ kind: 'noInstallation' });
  });

  it('tells a period without any energy from one with data', () => {
    const empty = overviewOf(installation('a'), { period: 'day', date: '2027-01-01' });
    expect(hasData(empty)).toBe(false);
    expect(hasData({ ...empty, work: { ...empty.work, totals: { ...emptyTotals, consumptionWh: 1 } } })).toBe(true);
  });
});
