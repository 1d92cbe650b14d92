import { describe, expect, it } from 'vitest';
import { berlinToday, periodRange } from './periods.ts';

const options = { commissionedAt: '2025-04-15T10:00:00+02:00', today: '2026-11-22' };

describe('period ranges', () => {
  it('weeks start on Monday', () => {
    expect(periodRange('week', '2026-11-22', options)).toMatchObject({ from: '2026-11-16', to: '2026-11-22' });
    expect(periodRange('week', '2026-11-16', options)).toMatchObject({ from: '2026-11-16', to: '2026-11-22' });
  });

  it('months and years are calendar months and years', () => {
    expect(periodRange('month', '2026-02-10', options)).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodRange('month', '2024-02-10', options)).toMatchObject({ from: '2024-02-01', to: '2024-02-29' });
    expect(periodRange('year', '2026-07-01', options)).toMatchObject({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('total runs from the year of commissioning to this year', () => {
    expect(periodRange('total', '2026-11-22', options)).toMatchObject({ from: '2025-01-01', to: '2026-12-31' });
  });

  it("today is Berlin's calendar day, also just after midnight there", () => {
    expect(berlinToday(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(berlinToday(new Date('2026-07-21T22:30:00Z'))).toBe('2026-07-22');
  });
});

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
