import { describe, expect, it } from 'vitest';
import type { EnergyBucket } from '../../contracts/monitoring.ts';
import type { IotCloud } from '../../ports/iot-cloud.ts';
import { cacheFinishedPeriods, periodStarts } from './finished-periods.ts';

const totals = { pvWh: 1, importWh: 2, exportWh: 3, chargeWh: 4, dischargeWh: 5, consumptionWh: 6 };

/**
 * A cloud whose answers change with every call (`version`), so a cached bucket is told apart from a fresh one. It
 * lists the buckets of [from, to] like the vendor: whole periods, none before `firstDay`.
 */
function cloud(firstDay = '2020-01-01') {
  const calls: string[] = [];
  let version = 0;
  const iot: IotCloud = {
    sitesOfProjects: async () => [],
    async power(siteId, date) {
      calls.push(`power ${siteId} ${date}`);
      version++;
      return { resolutionMinutes: 15, points: [], totals: { ...totals, pvWh: version } };
    },
    async energy(siteId, from, to, resolution) {
      calls.push(`energy ${siteId} ${from}..${to} ${resolution}`);
      version++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return periodStarts(from, to, resolution)
        .filter((start) => start >= (periodStarts(firstDay, firstDay, resolution)[0] ?? firstDay))
        .map((start): EnergyBucket => ({ start, ...totals, pvWh: version }));
    },
  };
  return { iot, calls };
}
const at = (iso: string) => () => new Date(iso);

describe('periodStarts', () => {
  it('lists the periods overlapping a range, across a leap day and the turn of the year', () => {
    expect(periodStarts('2024-02-28', '2024-03-01', 'day')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(periodStarts('2025-11-15', '2026-02-03', 'month')).toEqual(['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01']);
    expect(periodStarts('2024-06-01', '2026-12-31', 'year')).toEqual(['2024-01-01', '2025-01-01', '2026-01-01']);
  });
});

describe('cacheFinishedPeriods', () => {
  it('asks the cloud once for finished months and afterwards only for the open one', async () => {
    const { iot, calls } = cloud();
    const cached = cacheFinishedPeriods(iot, { now: at('2026-11-24T12:00:00Z') });
    const first = await cached.energy('S1', '2026-01-01', '2026-12-31', 'month');
    const second = await cached.energy('S1', '2026-01-01', '2026-12-31', 'month');
    expect(calls).toEqual(['energy S1 2026-01-01..2026-12-31 month', 'energy S1 2026-11-01..2026-12-31 month']);
    // January to October come from the first answer, November and December from the second.
    expect(second.slice(0, 10)).toEqual(first.slice(0, 10));
    expect(second.slice(10).map((b) => [b.start, b.pvWh])).toEqual([
      ['2026-11-01', 2],
      ['2026-12-01', 2],
    ]);
    expect(cached.cached.buckets).toBe(10);
  });

  it('never keeps today or a day that ended less than six hours ago (Berlin)', async () => {
    const { iot, calls } = cloud();
    // 2026-11-24 04:00 in Berlin: the 23rd ended four hours ago and may still receive buffered data.
    const cached = cacheFinishedPeriods(iot, { now: at('2026-11-24T03:00:00Z') });
    await cached.energy('S1', '2026-11-16', '2026-11-24', 'day');
    await cached.energy('S1', '2026-11-16', '2026-11-24', 'day');
    expect(calls[1]).toBe('energy S1 2026-11-23..2026-11-24 day');
    await cached.power('S1', '2026-11-23');
    await cached.power('S1', '2026-11-23');
    await cached.power('S1', '2026-11-22');
    await cached.power('S1', '2026-11-22');
    expect(calls.filter((c) => c.startsWith('power'))).toEqual(['power S1 2026-11-23', 'power S1 2026-11-23', 'power S1 2026-11-22']);
  });

  it('ends days at Berlin midnight across the change to summer time', async () => {
    const { iot, calls } = cloud();
    // 2026-03-29 has 23 hours in Berlin (02:00 becomes 03:00): 07:30 local (05:30Z) is 6.5 hours after midnight,
    // so the 28th is settled.
    const cached = cacheFinishedPeriods(iot, { now: at('2026-03-29T05:30:00Z') });
    await cached.energy('S1', '2026-03-27', '2026-03-29', 'day');
    await cached.energy('S1', '2026-03-27', '2026-03-29', 'day');
    expect(calls[1]).toBe('energy S1 2026-03-29..2026-03-29 day');
    // 06:30 local (04:30Z) reads like 6.5 hours on the clock but is only 5.5 hours after midnight: the 28th is open.
    const early = cloud();
    const before = cacheFinishedPeriods(early.iot, { now: at('2026-03-29T04:30:00Z') });
    await before.energy('S1', '2026-03-27', '2026-03-29', 'day');
    await before.energy('S1', '2026-03-27', '2026-03-29', 'day');
    expect(early.calls[1]).toBe('energy S1 2026-03-28..2026-03-29 day');
  });

  it('remembers that a finished period has no data instead of asking again', async () => {
    const { iot, calls } = cloud('2026-06-15');
    const cached = cacheFinishedPeriods(iot, { now: at('2026-11-24T12:00:00Z') });
    const first = await cached.energy('S1', '2026-01-01', '2026-12-31', 'month');
    const second = await cached.energy('S1', '2026-01-01', '2026-12-31', 'month');
    expect(first[0]?.start).toBe('2026-06-01');
    expect(second.map((b) => b.start)).toEqual(first.map((b) => b.start));
    expect(calls).toHaveLength(2);
    expect(calls[1]).toContain('2026-11-01..2026-12-31');
  });

  it('keeps sites, resolutions and periods apart', async () => {
    const { iot, calls } = cloud();
    const cached = cacheFinishedPeriods(iot, { now: at('2026-11-24T12:00:00Z') });
    await cached.energy('S1', '2025-01-01', '2025-12-31', 'month');
    await cached.energy('S2', '2025-01-01', '2025-12-31', 'month');
    await cached.energy('S1', '2025-01-01', '2025-12-31', 'day');
    await cached.energy('S1', '2025-01-01', '2025-12-31', 'month');
    expect(calls).toEqual([
      'energy S1 2025-01-01..2025-12-31 month',
      'energy S2 2025-01-01..2025-12-31 month',
      'energy S1 2025-01-01..2025-12-31 day',
    ]);
  });

  it('shares one upstream call between concurrent identical requests', async () => {
    const { iot, calls } = cloud();
    const cached = cacheFinishedPeriods(iot, { now: at('2026-11-24T12:00:00Z') });
    const answers = await Promise.all(Array.from({ length: 20 }, () => cached.energy('S1', '2025-01-01', '2025-12-31', 'month')));
    expect(calls).toHaveLength(1);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
  });

  it('is bounded: the least recently used periods are dropped first', async () => {
    const { iot, calls } = cloud();
    const cached = cacheFinishedPeriods(iot, { now: at('2026-11-24T12:00:00Z'), maxBuckets: 24 });
    await cached.energy('S1', '2024-01-01', '2024-12-31', 'month');
    await cached.energy('S1', '2025-01-01', '2025-12-31', 'month');
    await cached.energy('S1', '2024-01-01', '2024-12-31', 'month'); // hit; 2024 is now the most recent
    await cached.energy('S2', '2025-01-01', '2025-12-31', 'month'); // evicts S1's 2025
    expect(cached.cached.buckets).toBe(24);
    await cached.energy('S1', '2024-01-01', '2024-12-31', 'month');
    await cached.energy('S1', '2025-01-01', '2025-12-31', 'month');
    expect(calls.filter((c) => c === 'energy S1 2025-01-01..2025-12-31 month')).toHaveLength(2);
    expect(calls.filter((c) => c === 'energy S1 2024-01-01..2024-12-31 month')).toHaveLength(1);
  });
});
