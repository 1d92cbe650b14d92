import { describe, expect, it } from 'vitest';
import {
  berlinDayOf,
  berlinDayStartMs,
  berlinOffsetMinutes,
  dayNumber,
  formatBerlin,
  formatDay,
  localMinuteOfDay,
  parseDay,
  stepMinutes,
  stepsOfDay,
  weekdayOf,
} from './time.ts';

function day(iso: string): number {
  const dayNo = parseDay(iso);
  if (dayNo === undefined) throw new Error(iso);
  return dayNo;
}

describe('Europe/Berlin local days', () => {
  it('has 92 steps (23 h) on 2026-03-29, 100 steps (25 h) on 2026-10-25 and 96 on other days', () => {
    expect(stepsOfDay(day('2026-03-29'))).toBe(92);
    expect(stepsOfDay(day('2026-10-25'))).toBe(100);
    for (const iso of ['2026-03-28', '2026-03-30', '2026-06-21', '2026-10-24', '2026-10-26', '2026-12-31']) {
      expect(stepsOfDay(day(iso))).toBe(96);
    }
    let total = 0;
    for (let d = day('2026-01-01'); d <= day('2026-12-31'); d++) total += stepsOfDay(d);
    expect(total).toBe(365 * 96);
  });

  it('agrees with the ICU time zone data on the offset, hour by hour, 2023 to 2027', () => {
    const icu = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', timeZoneName: 'longOffset' });
    for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2028, 0, 1); t += 3_600_000) {
      const name = icu.formatToParts(t).find((p) => p.type === 'timeZoneName')?.value;
      expect(`GMT+0${berlinOffsetMinutes(t) / 60}:00`, new Date(t).toISOString()).toBe(name);
    }
  });

  it('starts the day at local midnight and numbers the wall clock around the changes', () => {
    expect(formatBerlin(berlinDayStartMs(day('2026-03-29')))).toBe('2026-03-29T00:00:00+01:00');
    expect(formatBerlin(berlinDayStartMs(day('2026-03-30')))).toBe('2026-03-30T00:00:00+02:00');
    expect(formatBerlin(berlinDayStartMs(day('2026-10-25')))).toBe('2026-10-25T00:00:00+02:00');
    const march = stepMinutes(day('2026-03-29'));
    expect(march.slice(6, 10)).toEqual([90, 105, 180, 195]); // 01:30, 01:45, 03:00, 03:15
    const october = stepMinutes(day('2026-10-25'));
    expect(october.slice(8, 16)).toEqual([120, 135, 150, 165, 120, 135, 150, 165]); // 02:xx twice
    const repeated = berlinDayStartMs(day('2026-10-25')) + 12 * 15 * 60_000;
    expect(formatBerlin(repeated)).toBe('2026-10-25T02:00:00+01:00');
    expect(localMinuteOfDay(repeated)).toBe(120);
  });

  it('finds the local day of an instant', () => {
    expect(formatDay(berlinDayOf(Date.parse('2026-06-20T22:30:00Z')))).toBe('2026-06-21');
    expect(formatDay(berlinDayOf(Date.parse('2026-12-31T23:30:00Z')))).toBe('2027-01-01');
    expect(formatDay(berlinDayOf(Date.parse('2026-12-31T22:59:59Z')))).toBe('2026-12-31');
  });

  it('parses only real calendar dates', () => {
    expect(parseDay('2026-02-28')).toBe(dayNumber(2026, 2, 28));
    expect(parseDay('2028-02-29')).toBe(dayNumber(2028, 2, 29));
    for (const bad of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-1-01', '26-01-01', '2026-01-01T00:00', '']) {
      expect(parseDay(bad), bad).toBeUndefined();
    }
    expect(weekdayOf(day('2026-11-22'))).toBe(0); // a Sunday
  });
});
