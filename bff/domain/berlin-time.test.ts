import { describe, expect, it } from 'vitest';
import { berlinToday } from './berlin-time.ts';

describe('berlinToday', () => {
  const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });

  it('answers as the time zone data does for every quarter hour of twelve years, clock changes included', () => {
    const wrong: string[] = [];
    for (let ms = Date.UTC(2020, 0, 1); ms < Date.UTC(2032, 0, 1); ms += 900_000) {
      const expected = intl.format(ms);
      if (berlinToday(new Date(ms)) !== expected) wrong.push(`${new Date(ms).toISOString()} → ${expected}`);
    }
    expect(wrong).toEqual([]);
  });

  it('knows the last hour before midnight on both sides of a clock change', () => {
    expect(berlinToday(new Date('2026-03-29T21:59:59.999Z'))).toBe('2026-03-29');
    expect(berlinToday(new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
    expect(berlinToday(new Date('2026-10-25T22:59:59.999Z'))).toBe('2026-10-25');
    expect(berlinToday(new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
    expect(berlinToday(new Date('1969-12-31T23:30:00Z'))).toBe('1970-01-01');
  });

  it('refuses an invalid date as Intl does', () => {
    expect(() => berlinToday(new Date(Number.NaN))).toThrow(RangeError);
  });
});
