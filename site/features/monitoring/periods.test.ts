import { describe, expect, it } from 'vitest';
import {
  addMonths,
  berlinDate,
  berlinMidnight,
  calendarDateOf,
  containsDay,
  isCalendarDate,
  isoWeek,
  periodNavigation,
  periodRange,
  shiftDate,
} from './periods.ts';

const bounds = { first: '2024-03-12', today: '2026-11-22' };

describe('calendar dates', () => {
  it('accepts only real days written YYYY-MM-DD', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-1-05')).toBe(false);
    expect(isCalendarDate('heute')).toBe(false);
  });

  it('keeps the day when stepping months, and takes the last day of a shorter month', () => {
    expect(addMonths('2026-03-31', 1)).toBe('2026-04-30');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(shiftDate('year', '2024-02-29', 1)).toBe('2025-02-28');
  });

  it('numbers weeks as German calendars do (ISO 8601, from Monday)', () => {
    expect(isoWeek('2026-11-22')).toEqual({ year: 2026, week: 47 });
    expect(isoWeek('2026-01-01')).toEqual({ year: 2026, week: 1 });
    expect(isoWeek('2027-01-01')).toEqual({ year: 2026, week: 53 });
  });

  it('takes the Berlin calendar day, not the server clock', () => {
    expect(berlinDate(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(berlinDate(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(calendarDateOf('2024-03-11T23:30:00Z')).toBe('2024-03-12');
    expect(calendarDateOf('2024-03-12')).toBe('2024-03-12');
    expect(calendarDateOf('2025-07')).toBe('2025-07-01');
    expect(calendarDateOf('kaputt')).toBeNull();
  });

  it('finds Berlin midnight on the DST days (23 and 25 hours)', () => {
    expect(new Date(berlinMidnight('2026-03-29')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(berlinMidnight('2026-03-30')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(new Date(berlinMidnight('2026-10-25')).toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect((berlinMidnight('2026-03-30') - berlinMidnight('2026-03-29')) / 3_600_000).toBe(23);
    expect((berlinMidnight('2026-10-26') - berlinMidnight('2026-10-25')) / 3_600_000).toBe(25);
  });
});

describe('period ranges', () => {
  it('starts weeks on Monday', () => {
    expect(periodRange('week', '2026-11-22', bounds)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(periodRange('week', '2026-11-16', bounds)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });

  it('covers whole months and years, and the total from the year of commissioning', () => {
    expect(periodRange('month', '2024-02-10', bounds)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(periodRange('year', '2025-07-01', bounds)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(periodRange('total', '2025-07-01', bounds)).toEqual({ from: '2024-01-01', to: '2026-12-31' });
  });
});

describe('previous and next', () => {
  it('steps one day, week, month or year on the calendar', () => {
    expect(periodNavigation('day', '2026-03-29', bounds)).toEqual({ previous: '2026-03-28', next: '2026-03-30' });
    expect(periodNavigation('week', '2026-10-28', bounds)).toEqual({ previous: '2026-10-21', next: '2026-11-04' });
    expect(periodNavigation('month', '2026-03-31', bounds)).toEqual({ previous: '2026-02-28', next: '2026-04-30' });
    expect(periodNavigation('year', '2025-06-15', bounds)).toEqual({ previous: '2024-06-15', next: '2026-06-15' });
  });

  it('offers no "next" into the future, and lands on today when the next period holds it', () => {
    expect(periodNavigation('day', '2026-11-22', bounds).next).toBeNull();
    expect(periodNavigation('week', '2026-11-18', bounds).next).toBeNull();
    expect(periodNavigation('month', '2026-10-25', bounds).next).toBe('2026-11-22');
    expect(periodNavigation('year', '2026-01-10', bounds).next).toBeNull();
  });

  it('offers no "previous" before commissioning, and lands on the day of commissioning', () => {
    expect(periodNavigation('day', '2024-03-12', bounds).previous).toBeNull();
    expect(periodNavigation('week', '2024-03-14', bounds).previous).toBeNull();
    expect(periodNavigation('month', '2024-04-05', bounds).previous).toBe('2024-03-12');
    expect(periodNavigation('year', '2024-06-01', bounds).previous).toBeNull();
  });

  it('has no steps for the total, nor without data', () => {
    expect(periodNavigation('total', '2026-11-22', bounds)).toEqual({ previous: null, next: null });
    expect(periodNavigation('day', '2026-11-20', { first: null, today: '2026-11-22' })).toEqual({ previous: null, next: null });
  });

  it('knows whether a period holds today', () => {
    expect(containsDay('week', '2026-11-16', '2026-11-22', bounds)).toBe(true);
    expect(containsDay('month', '2026-10-31', '2026-11-22', bounds)).toBe(false);
  });
});
