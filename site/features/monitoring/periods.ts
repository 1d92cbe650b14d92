import type { Period } from '~/bff/contracts/monitoring.ts';
import { PORTAL_TIME_ZONE } from '~/site/lib/format.ts';

/**
 * Calendar arithmetic for the monitoring page on `YYYY-MM-DD` strings, computed in UTC so that neither the server's
 * nor the browser's time zone, nor a DST change (a Berlin day has 23, 24 or 25 hours), can shift a day. Weeks start on
 * Monday, like the BFF's period ranges (bff/domain/monitoring/periods.ts).
 */
export type CalendarDate = string;

export const PERIODS = ['day', 'week', 'month', 'year', 'total'] as const satisfies readonly Period[];

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const toUtc = (date: CalendarDate) => new Date(`${date}T00:00:00Z`);
const fromUtc = (date: Date): CalendarDate => date.toISOString().slice(0, 10);

/** A real calendar day written `YYYY-MM-DD` (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = toUtc(value);
  return !Number.isNaN(date.getTime()) && fromUtc(date) === value;
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtc(d);
}

/** Same day of another month; the 31st becomes the month's last day when the month is shorter. */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const d = toUtc(date);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return fromUtc(first);
}

export function addYears(date: CalendarDate, years: number): CalendarDate {
  return addMonths(date, 12 * years);
}

/** Monday = 0 … Sunday = 6. */
export function weekdayIndex(date: CalendarDate): number {
  return (toUtc(date).getUTCDay() + 6) % 7;
}

/** ISO 8601 week number (weeks from Monday; week 1 holds the year's first Thursday), as German calendars print it. */
export function isoWeek(date: CalendarDate): { year: number; week: number } {
  const thursday = toUtc(addDays(date, 3 - weekdayIndex(date)));
  const year = thursday.getUTCFullYear();
  const firstThursday = toUtc(addDays(`${year}-01-04`, 3 - weekdayIndex(`${year}-01-04`)));
  return { year, week: 1 + Math.round((thursday.getTime() - firstThursday.getTime()) / (7 * 86_400_000)) };
}

// Formatters are built once per module: constructing one costs far more than formatting with it.
const berlinDay = new Intl.DateTimeFormat('en-CA', { timeZone: PORTAL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const berlinWallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: PORTAL_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

/** The calendar day it is in Berlin at `instant`. */
export function berlinDate(instant: Date | number): CalendarDate {
  return berlinDay.format(instant);
}

/**
 * Milliseconds of Berlin midnight at the start of `date`. The offset is read at 00:00 UTC of that day, which is
 * still before the 01:00 UTC switch on both DST days, so it is the offset midnight itself had.
 */
export function berlinMidnight(date: CalendarDate): number {
  const utcMidnight = toUtc(date).getTime();
  const parts = berlinWallClock.formatToParts(utcMidnight);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wallClock = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return utcMidnight - (wallClock - utcMidnight);
}

/** The Berlin calendar day of an ISO date or timestamp from the BFF (`commissionedAt`, bucket starts); null if unreadable. */
export function calendarDateOf(value: string): CalendarDate | null {
  if (isCalendarDate(value)) return value;
  if (/^\d{4}-\d{2}$/.test(value) && isCalendarDate(`${value}-01`)) return `${value}-01`;
  if (/^\d{4}$/.test(value)) return `${value}-01-01`;
  const instant = Date.parse(value);
  return Number.isNaN(instant) ? null : berlinDate(instant);
}

export interface PeriodBounds {
  /** The Berlin day of commissioning; null while the installation has no data. */
  first: CalendarDate | null;
  today: CalendarDate;
}

/** First and last day (inclusive) a period covers; `total` runs from the year of commissioning to the current year. */
export function periodRange(period: Period, date: CalendarDate, bounds: PeriodBounds): { from: CalendarDate; to: CalendarDate } {
  const year = date.slice(0, 4);
  switch (period) {
    case 'day':
      return { from: date, to: date };
    case 'week': {
      const from = addDays(date, -weekdayIndex(date));
      return { from, to: addDays(from, 6) };
    }
    case 'month': {
      const from = `${date.slice(0, 7)}-01`;
      return { from, to: addDays(addMonths(from, 1), -1) };
    }
    case 'year':
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    case 'total':
      return { from: `${(bounds.first ?? bounds.today).slice(0, 4)}-01-01`, to: `${bounds.today.slice(0, 4)}-12-31` };
  }
}

/** The date one period earlier (negative steps) or later, on the calendar: weeks are 7 days, months keep the day. */
export function shiftDate(period: Period, date: CalendarDate, steps: number): CalendarDate {
  switch (period) {
    case 'day':
      return addDays(date, steps);
    case 'week':
      return addDays(date, 7 * steps);
    case 'month':
      return addMonths(date, steps);
    case 'year':
      return addYears(date, steps);
    case 'total':
      return date;
  }
}

const clamp = (date: CalendarDate, low: CalendarDate | null, high: CalendarDate) =>
  date > high ? high : low !== null && date < low ? low : date;

/**
 * Dates for the "previous" and "next" links, or null where the neighbour lies entirely before commissioning or
 * after today. The date itself is kept inside [commissioning, today], so a month step from 31 March lands on
 * 30 April and a step into the current month never lands on a future day.
 */
export function periodNavigation(
  period: Period,
  date: CalendarDate,
  bounds: PeriodBounds,
): { previous: CalendarDate | null; next: CalendarDate | null } {
  if (period === 'total' || bounds.first === null) return { previous: null, next: null };
  const previous = shiftDate(period, date, -1);
  const next = shiftDate(period, date, 1);
  return {
    previous: periodRange(period, previous, bounds).to < bounds.first ? null : clamp(previous, bounds.first, bounds.today),
    next: periodRange(period, next, bounds).from > bounds.today ? null : clamp(next, bounds.first, bounds.today),
  };
}

/** Whether the period holds today (then it still grows) — for the "current period" link. */
export function containsDay(period: Period, date: CalendarDate, day: CalendarDate, bounds: PeriodBounds): boolean {
  const { from, to } = periodRange(period, date, bounds);
  return from <= day && day <= to;
}
