import type { Period, PeriodRange } from '../../contracts/monitoring.ts';

/** Calendar arithmetic on `YYYY-MM-DD` strings in UTC, so no server time zone can shift a day. */
const parse = (date: string) => new Date(`${date}T00:00:00Z`);
const format = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: string, days: number) => {
  const d = parse(date);
  d.setUTCDate(d.getUTCDate() + days);
  return format(d);
};

/**
 * The calendar days a period covers (weeks start on Monday; docs/monitoring.md). `total` runs from the year of
 * commissioning to the end of the current year.
 */
export function periodRange(period: Period, date: string, options: { commissionedAt: string | null; today: string }): PeriodRange {
  const d = parse(date);
  const year = d.getUTCFullYear();
  switch (period) {
    case 'day':
      return { period, date, from: date, to: date };
    case 'week': {
      const weekday = (d.getUTCDay() + 6) % 7; // Monday = 0
      const from = addDays(date, -weekday);
      return { period, date, from, to: addDays(from, 6) };
    }
    case 'month': {
      const from = format(new Date(Date.UTC(year, d.getUTCMonth(), 1)));
      const to = format(new Date(Date.UTC(year, d.getUTCMonth() + 1, 0)));
      return { period, date, from, to };
    }
    case 'year':
      return { period, date, from: `${year}-01-01`, to: `${year}-12-31` };
    case 'total': {
      const firstYear = options.commissionedAt ? options.commissionedAt.slice(0, 4) : options.today.slice(0, 4);
      return { period, date, from: `${firstYear}-01-01`, to: `${options.today.slice(0, 4)}-12-31` };
    }
  }
}

/** Bars per period: days for week and month, months for a year, years for the total (docs/monitoring.md). */
export function bucketResolution(period: Period): 'day' | 'month' | 'year' {
  if (period === 'year') return 'month';
  if (period === 'total') return 'year';
  return 'day';
}

