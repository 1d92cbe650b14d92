import type { H0DayType, H0Season } from './h0-profile.ts';
import { dayNumber, weekdayOf, ymdOf } from './time.ts';

/** Easter Sunday (Gregorian, anonymous algorithm of Meeus/Jones/Butcher) as a day number. */
export function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayNumber(year, month, day);
}

const holidayCache = new Map<number, ReadonlySet<number>>();

/**
 * Public holidays observed in every German state: New Year, Good Friday, Easter Monday, Labour Day, Ascension,
 * Whit Monday, German Unity Day, Christmas Day and Boxing Day. (State holidays differ and are not used by H0.)
 */
function nationwideHolidays(year: number): ReadonlySet<number> {
  let set = holidayCache.get(year);
  if (!set) {
    const easter = easterSunday(year);
    set = new Set([
      dayNumber(year, 1, 1),
      easter - 2,
      easter + 1,
      dayNumber(year, 5, 1),
      easter + 39,
      easter + 50,
      dayNumber(year, 10, 3),
      dayNumber(year, 12, 25),
      dayNumber(year, 12, 26),
    ]);
    holidayCache.set(year, set);
  }
  return set;
}

/** H0 day type: Sundays and public holidays count as Sunday, Dec 24 and 31 (unless a Sunday) as Saturday. */
export function h0DayType(dayNo: number): H0DayType {
  const { year, month, day } = ymdOf(dayNo);
  const weekday = weekdayOf(dayNo);
  if (weekday === 0 || nationwideHolidays(year).has(dayNo)) return 'sunday';
  if (weekday === 6 || (month === 12 && (day === 24 || day === 31))) return 'saturday';
  return 'workday';
}

/** H0 season: winter Nov 1 - Mar 20, summer May 15 - Sep 14, transition otherwise. */
export function h0Season(dayNo: number): H0Season {
  const { month, day } = ymdOf(dayNo);
  const md = month * 100 + day;
  if (md >= 1101 || md <= 320) return 'winter';
  if (md >= 515 && md <= 914) return 'summer';
  return 'transition';
}

/** BDEW dynamisation factor for day of the year `d` (1..366). */
export function dynamisationFactor(d: number): number {
  return -3.92e-10 * d ** 4 + 3.2e-7 * d ** 3 - 7.02e-5 * d ** 2 + 0.0021 * d + 1.24;
}
