import { describe, expect, it } from 'vitest';
import { H0_DAY_TYPES, H0_SEASONS, H0_WATTS } from './h0-profile.ts';
import { dynamisationFactor, easterSunday, h0DayType, h0Season } from './h0.ts';
import { h0YearKwh } from './loads.ts';
import { formatDay, parseDay } from './time.ts';

const day = (iso: string) => parseDay(iso) as number;

describe('BDEW H0 standard load profile', () => {
  it.each([
    [1, 1.24203],
    [100, 1.0288],
    [200, 0.7848],
    [300, 1.0168],
    [366, 1.25969],
  ])('dynamisation factor for day %d is %d', (d, expected) => {
    expect(dynamisationFactor(d)).toBeCloseTo(expected, 4);
  });

  it('has 96 smooth, positive slots per season and day type, night at base load, evening above morning', () => {
    for (const season of H0_SEASONS) {
      for (const type of H0_DAY_TYPES) {
        const slots = H0_WATTS[season][type];
        expect(slots).toHaveLength(96);
        for (let i = 0; i < 96; i++) {
          expect(slots[i]).toBeGreaterThan(30);
          expect(slots[i]).toBeLessThan(250);
          // A copying slip (a lost or doubled digit) would show as a jump between neighbouring slots.
          expect(Math.abs((slots[i] ?? 0) - (slots[(i + 1) % 96] ?? 0)), `${season} ${type} slot ${i}`).toBeLessThan(25);
        }
        const night = Math.min(...slots.slice(8, 20));
        const evening = Math.max(...slots.slice(68, 84));
        expect(night).toBeLessThan(55);
        expect(evening).toBeGreaterThan(3 * night);
      }
    }
  });

  it('sums to about 1,000 kWh over a dynamised year', () => {
    for (const year of [2024, 2025, 2026]) {
      expect(h0YearKwh(year)).toBeGreaterThan(980);
      expect(h0YearKwh(year)).toBeLessThan(1020);
    }
  });

  it('knows Easter and the nationwide holidays, and counts them as Sundays', () => {
    expect(formatDay(easterSunday(2026))).toBe('2026-04-05');
    expect(formatDay(easterSunday(2025))).toBe('2025-04-20');
    expect(formatDay(easterSunday(2024))).toBe('2024-03-31');
    for (const holiday of ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-05-14', '2026-05-25', '2026-10-03', '2026-12-25', '2026-12-26']) {
      expect(h0DayType(day(holiday)), holiday).toBe('sunday');
    }
    expect(h0DayType(day('2026-11-22'))).toBe('sunday');
    expect(h0DayType(day('2026-11-21'))).toBe('saturday');
    expect(h0DayType(day('2026-11-23'))).toBe('workday');
    expect(h0DayType(day('2026-12-24'))).toBe('saturday'); // a Thursday
    expect(h0DayType(day('2026-12-31'))).toBe('saturday');
    expect(h0DayType(day('2028-12-24'))).toBe('sunday'); // Dec 24 on a Sunday stays a Sunday
  });

  it('uses winter Nov 1 - Mar 20, summer May 15 - Sep 14, transition otherwise', () => {
    const season = (iso: string) => h0Season(day(iso));
    expect([season('2026-11-01'), season('2026-03-20'), season('2026-03-21'), season('2026-05-14')]).toEqual([
      'winter',
      'winter',
      'transition',
      'transition',
    ]);
    expect([season('2026-05-15'), season('2026-09-14'), season('2026-09-15'), season('2026-10-31')]).toEqual([
      'summer',
      'summer',
      'transition',
      'transition',
    ]);
  });
});
