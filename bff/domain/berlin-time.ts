/** The portal's calendar days are Berlin's (docs/monitoring.md "Berlin days"). */

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
    const start = new Date(day * DAY_MS);
    const date = start.toISOString().slice(0, 10); // throws for an invalid date, as Intl does
    const next = new Date(start.getTime() + DAY_MS).toISOString().slice(0, 10);
    const summerMidnight = start.getTime() + 22 * HOUR_MS;
    known = { date, next, nextBeginsMs: berlinDay.format(summerMidnight) === next ? summerMidnight : summerMidnight + HOUR_MS };
    if (berlinDays.size >= 20_000) berlinDays.clear();
    berlinDays.set(day, known);
  }
  return ms < known.nextBeginsMs ? known.date : known.next;
}
