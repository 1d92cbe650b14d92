import { describe, expect, it } from 'vitest';
import type { MarketData } from '../../ports/market-data.ts';
import { berlinMidnightMs } from './energy-value.service.ts';
import { cachePastDays } from './market-cache.ts';

/** A market that answers one hourly price per day at 12:00 and records each call's range. */
function fakeMarket() {
  const calls: [string, string][] = [];
  const market: MarketData = {
    async dayAhead(from, to) {
      calls.push([from, to]);
      const out = [];
      for (let day = from; day <= to; day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) {
        const start = berlinMidnightMs(day) + 12 * 3_600_000;
        out.push({ startMs: start, endMs: start + 3_600_000, eurPerMwh: '-5' });
      }
      return out;
    },
  };
  return { market, calls };
}

describe('day-ahead prices of past days kept in the process', () => {
  const now = () => new Date('2026-06-21T10:00:00+02:00');

  it('asks a past day once; today again on every call', async () => {
    const { market, calls } = fakeMarket();
    const cached = cachePastDays(market, { now });
    expect(await cached.dayAhead('2026-06-18', '2026-06-20')).toHaveLength(3);
    expect(await cached.dayAhead('2026-06-18', '2026-06-20')).toHaveLength(3);
    expect(calls).toEqual([['2026-06-18', '2026-06-20']]);
    expect(await cached.dayAhead('2026-06-19', '2026-06-21')).toHaveLength(3);
    expect(await cached.dayAhead('2026-06-19', '2026-06-21')).toHaveLength(3);
    expect(calls.slice(1)).toEqual([
      ['2026-06-21', '2026-06-21'],
      ['2026-06-21', '2026-06-21'],
    ]);
    expect(cached.cachedDays).toBe(3);
  });

  it('splits a range longer than a year into calls of at most 366 days', async () => {
    const { market, calls } = fakeMarket();
    const prices = await cachePastDays(market, { now }).dayAhead('2025-01-01', '2026-06-20');
    expect(prices).toHaveLength(536);
    expect(calls).toEqual([
      ['2025-01-01', '2026-01-01'],
      ['2026-01-02', '2026-06-20'],
    ]);
  });
});
