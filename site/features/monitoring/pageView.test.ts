import { describe, expect, it, vi } from 'vitest';
import type { Installation, MonitoringOverview, MonitoringQuery } from '../../../bff/contracts/monitoring.ts';
import { hasData, loadMonitoringPage } from './monitoring.server.ts';

const now = new Date('2026-11-22T10:00:00Z');

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

const failure = (code: string) => Object.assign(new Error(code), { code });

function services(installations: Installation[], overview?: (id: string, query: MonitoringQuery) => Promise<MonitoringOverview>) {
  const monitoring = {
    installations: vi.fn(async () => installations),
    overview: vi.fn(
      overview ??
        (async (id: string, query: MonitoringQuery) => {
          const found = installations.find((i) => i.id === id);
          if (!found) throw failure('NOT_FOUND');
          return overviewOf(found, query);
        }),
    ),
  };
  return { monitoring };
}

const load = (s: ReturnType<typeof services> | undefined, query = '') => loadMonitoringPage(s, new URLSearchParams(query), now);

describe('loading the monitoring page', () => {
  it('shows the first installation for today by default', async () => {
    const s = services([installation('a'), installation('b')]);
    const page = await load(s);
    expect(page).toMatchObject({ kind: 'ready', installation: { id: 'a' }, state: { period: 'day', date: '2026-11-22' }, fellBack: false });
    expect(s.monitoring.overview).toHaveBeenCalledWith('a', { period: 'day', date: '2026-11-22' });
  });

  it('asks for the period and date of the address', async () => {
    const s = services([installation('a'), installation('b')]);
    const page = await load(s, 'installation=b&period=month&date=2025-06-30');
    expect(page).toMatchObject({ kind: 'ready', installation: { id: 'b' }, bounds: { first: '2024-03-12', today: '2026-11-22' } });
    expect(s.monitoring.overview).toHaveBeenCalledWith('b', { period: 'month', date: '2025-06-30' });
  });

  it('falls back to the first installation for an id the customer does not have', async () => {
    const s = services([installation('a')]);
    expect(await load(s, 'installation=fremd')).toMatchObject({ kind: 'ready', installation: { id: 'a' }, fellBack: true });
    expect(s.monitoring.overview).toHaveBeenCalledTimes(1);
  });

  it('falls back to the first installation when the BFF answers NOT_FOUND', async () => {
    const s = services([installation('a'), installation('b')], async (id, query) => {
      if (id === 'b') throw failure('NOT_FOUND');
      return overviewOf(installation(id), query);
    });
    expect(await load(s, 'installation=b&period=week')).toMatchObject({
      kind: 'ready',
      installation: { id: 'a' },
      state: { installationId: 'a', period: 'week' },
      fellBack: true,
    });
  });

  it('explains that monitoring starts after commissioning when there is no installation', async () => {
    expect(await load(services([]))).toEqual({ kind: 'noInstallation' });
  });

  it('fetches nothing for an installation that is not commissioned yet', async () => {
    const s = services([installation('neu', { commissionedAt: null })]);
    expect(await load(s)).toMatchObject({ kind: 'ready', overview: null, bounds: { first: null } });
    expect(s.monitoring.overview).not.toHaveBeenCalled();
  });

  it('turns a failing IoT cloud into the "not available" page instead of throwing', async () => {
    const down = services([installation('a')], async () => {
      throw failure('UPSTREAM.UNAVAILABLE');
    });
    expect(await load(down)).toEqual({ kind: 'unavailable' });
    const listDown = services([]);
    listDown.monitoring.installations.mockRejectedValueOnce(failure('UPSTREAM.UNAVAILABLE'));
    expect(await load(listDown)).toEqual({ kind: 'unavailable' });
    expect(await load(undefined)).toEqual({ kind: 'unavailable' });
  });

  it('tells a period without any energy from one with data', () => {
    const empty = overviewOf(installation('a'), { period: 'day', date: '2027-01-01' });
    expect(hasData(empty)).toBe(false);
    expect(hasData({ ...empty, work: { ...empty.work, totals: { ...emptyTotals, consumptionWh: 1 } } })).toBe(true);
  });
});
