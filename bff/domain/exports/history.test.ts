import { describe, expect, it } from 'vitest';
import type { IotCloud } from '../../ports/iot-cloud.ts';
import { daysOf, installationHistory } from './history.ts';

const point = (date: string) => ({ timestamp: `${date}T12:00:00+01:00`, pvW: 1, consumptionW: 1, batteryW: 0, gridW: 0, batterySocPct: null });

/** An IoT cloud that answers one point per day and records which days were asked. */
function fakeIot() {
  const asked: string[] = [];
  const iot: IotCloud = {
    sitesOfProjects: async () => [],
    energy: async () => [],
    power: async (_site, date) => {
      asked.push(date);
      return { resolutionMinutes: 15, points: [point(date)], totals: { pvWh: 0, importWh: 0, exportWh: 0, chargeWh: 0, dischargeWh: 0, consumptionWh: 0 } };
    },
  };
  return { iot, asked };
}

describe('the history paged from the IoT port', () => {
  it('covers the Berlin calendar days from commissioning to today, across the change to summer time', () => {
    // 23:30 UTC on 29 March is already 30 March in Berlin.
    expect(daysOf('2026-03-29T23:30:00Z', new Date('2026-04-01T10:00:00+02:00'))).toEqual(['2026-03-30', '2026-03-31', '2026-04-01']);
    expect(daysOf('2026-03-28T12:00:00+01:00', new Date('2026-03-30T00:30:00+02:00'))).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
  });

  it('yields the days in order and asks only a few days ahead of the reader', async () => {
    const { iot, asked } = fakeIot();
    const history = installationHistory(iot, { siteId: 'S', commissionedAt: '2025-01-01T10:00:00+01:00' }, new Date('2025-12-31T12:00:00+01:00'));
    const first = await history.next();
    expect(first.value).toEqual(point('2025-01-01'));
    // One day read: eight asked, not the year.
    expect(asked).toHaveLength(8);
    const rest: string[] = [];
    for await (const p of history) rest.push(p.timestamp.slice(0, 10));
    expect(rest).toHaveLength(364);
    expect(rest.at(-1)).toBe('2025-12-31');
    expect([...rest].sort()).toEqual(rest);
  });

  it('yields nothing for an installation not commissioned yet', async () => {
    const { iot, asked } = fakeIot();
    const points = [];
    for await (const p of installationHistory(iot, { siteId: 'S', commissionedAt: null }, new Date())) points.push(p);
    expect(points).toEqual([]);
    expect(asked).toEqual([]);
  });
});
