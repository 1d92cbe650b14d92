import { describe, expect, it } from 'vitest';
import { berlinDateOf } from '../energy-value/intervals.ts';
import { freshness, judgeDay, latestSettledDay, STALE_AFTER_MS } from './alerts.ts';
import type { DayTarget } from './target.ts';

const target = (targetKwh: number | null, irradiationKwhPerM2 = 5): DayTarget => ({ date: '2026-06-18', targetKwh, irradiationKwhPerM2, intervals: 96, missingIntervals: targetKwh === null ? 1 : 0 });

describe('alerts: a short day, data that stopped arriving', () => {
  it('a day is short when it falls more than 20 % below its target on a day with enough sun', () => {
    // Target 40 kWh: 32 kWh is exactly 80 % (no alert), 31.9 kWh is below (alert).
    expect(judgeDay(target(40), 32)).toMatchObject({ status: 'ok', ratio: 0.8 });
    expect(judgeDay(target(40), 31.9).status).toBe('short');
    expect(judgeDay(target(40), 45).status).toBe('ok');
  });

  it('gives no verdict without enough sun (below 1 kWh/m²), without weather or without the installation\'s data', () => {
    expect(judgeDay(target(3, 0.99), 1).status).toBe('notEnoughSun');
    expect(judgeDay(target(3, 1.0), 1).status).toBe('short');
    expect(judgeDay(target(null), 20)).toMatchObject({ status: 'noWeather', ratio: null });
    expect(judgeDay(target(40), null).status).toBe('noData');
  });

  it('data are stale when the newest value is older than six hours (the time a gateway has to upload its buffer)', () => {
    const now = Date.parse('2026-11-27T12:00:00+01:00');
    expect(STALE_AFTER_MS).toBe(6 * 3_600_000);
    expect(freshness('2026-11-27T06:00:00+01:00', '2025-04-15T11:30:00+02:00', now)).toEqual({ stale: false, lastSeenAt: '2026-11-27T06:00:00+01:00', ageMs: 6 * 3_600_000 });
    expect(freshness('2026-11-27T05:45:00+01:00', '2025-04-15T11:30:00+02:00', now).stale).toBe(true);
    // Commissioned yesterday and nothing arrived: stale; not commissioned: nothing expected.
    expect(freshness(null, '2026-11-26T10:00:00+01:00', now).stale).toBe(true);
    expect(freshness(null, '2026-11-27T10:00:00+01:00', now).stale).toBe(false);
    expect(freshness(null, null, now).stale).toBe(false);
  });

  it('a day gets its verdict once it ended six hours ago', () => {
    expect(latestSettledDay(Date.parse('2026-11-27T05:59:00+01:00'), berlinDateOf)).toBe('2026-11-25');
    expect(latestSettledDay(Date.parse('2026-11-27T06:00:00+01:00'), berlinDateOf)).toBe('2026-11-26');
  });
});
