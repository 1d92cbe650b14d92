import { describe, expect, it } from 'vitest';
import type { Installation, MonitoringOverview, MonitoringQuery, PowerPoint } from '~/bff/contracts/monitoring.ts';
import { chartOf, hasData, monitoringView, nowOf, type ReadyView } from './pageView.ts';
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

describe('the page’s pieces', () => {
  const point = (timestamp: string, extra: Partial<PowerPoint> = {}): PowerPoint => ({
    timestamp,
    pvW: 3000,
    consumptionW: 700,
    batteryW: -1000,
    gridW: -1300,
    batterySocPct: 61.5,
    ...extra,
  });
  const points = [point('2026-11-22T11:45:00+01:00'), point('2026-11-22T12:00:00+01:00', { batterySocPct: 62 })];
  const view = (inst: Installation, period: MonitoringQuery['period'], date: CalendarDate, pts: PowerPoint[] = points): ReadyView => {
    const overview = overviewOf(inst, { period, date });
    const withData: MonitoringOverview = {
      ...overview,
      work: { ...overview.work, totals: { ...emptyTotals, pvWh: 5_000, consumptionWh: 2_000, exportWh: 3_000 } },
      power: period === 'day' ? { range: overview.work.range, resolutionMinutes: 15, points: pts } : null,
    };
    const result = monitoringView({ kind: 'ready', installations: [inst], installation: inst, fellBack: false, overview: withData }, { installationId: inst.id, period, date }, today);
    if (result.kind !== 'ready') throw new Error('expected a ready view');
    return result;
  };

  it('draws no battery series for an installation without a battery, and one with', () => {
    const carport = installation('carport', { batteryCapacityKwh: null });
    expect(chartOf(view(carport, 'day', today, points.map((p) => ({ ...p, batteryW: 0, batterySocPct: null }))), 'de')?.series).toEqual([
      'pv',
      'consumption',
      'grid',
    ]);
    expect(chartOf(view(installation('roof'), 'day', today), 'de')?.series).toEqual(['pv', 'consumption', 'battery', 'grid']);
  });

  it('shows the current values and the state of charge on the day view of today only', () => {
    expect(nowOf(view(installation('roof'), 'day', today))).toMatchObject({ from: '2026-11-22T12:00:00+01:00', socPct: 62, batteryW: -1000 });
    expect(nowOf(view(installation('roof'), 'day', '2026-11-21'))).toBeNull();
    expect(nowOf(view(installation('roof'), 'week', today))).toBeNull();
    expect(nowOf(view(installation('carport', { batteryCapacityKwh: null }), 'day', today))).toMatchObject({ batteryW: null, socPct: null });
  });

  it('shows the date the domain clamped to (a bookmark in the future shows today, with today’s current values)', () => {
    const inst = installation('roof');
    const overview = { ...overviewOf(inst, { period: 'day', date: today }), power: { range: { period: 'day' as const, date: today, from: today, to: today }, resolutionMinutes: 15, points } };
    const clamped = monitoringView({ kind: 'ready', installations: [inst], installation: inst, fellBack: false, overview }, { installationId: null, period: 'day', date: '2027-03-01' }, today);
    if (clamped.kind !== 'ready') throw new Error('expected a ready view');
    expect(clamped.state.date).toBe(today);
    expect(nowOf(clamped)).not.toBeNull();
  });
});
