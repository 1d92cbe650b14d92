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

/** Built once: constructing an Intl.DateTimeFormat costs far more than formatting (it was 18 % of a busy BFF's CPU). */
const berlinDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Per UTC day: its date, the next date, and the instant Berlin's next day begins. */
const berlinDays = new Map<number, { date: string; next: string; nextBeginsMs: number }>();

/**
 * Today's date in Europe/Berlin. Asked tens of thousands of times by one valuation (every day-ahead price), so the
 * answer is worked out once per UTC day: Berlin's date is the UTC date until Berlin's midnight, which is 22:00 UTC in
 * summer time and 23:00 UTC in winter time (the clocks change at 01:00 UTC, never in that last hour). Intl decides
 * which of the two a day has, so the time zone data stays the authority (docs/monitoring.md "Berlin days").
 */
export function berlinToday(now = new Date()): string {
  const ms = now.getTime();
  const day = Math.floor(ms / DAY_MS);
  let known = berlinDays.get(day);
  if (!known) {
    const start = new Date(day * DAY_MS); // throws for an invalid date, as Intl does
    const date = start.toISOString().slice(0, 10);
    const next = new Date(start.getTime() + DAY_MS).toISOString().slice(0, 10);
    const summerMidnight = start.getTime() + 22 * HOUR_MS;
    known = { date, next, nextBeginsMs: berlinDay.format(summerMidnight) === next ? summerMidnight : summerMidnight + HOUR_MS };
    if (berlinDays.size >= 20_000) berlinDays.clear();
    berlinDays.set(day, known);
  }
  return ms < known.nextBeginsMs ? known.date : known.next;
}
