import { format, setDefaultOptions, startOfWeek, type Locale } from 'date-fns';
import { de } from 'date-fns/locale/de';
import { enGB } from 'date-fns/locale/en-GB';
import type { Language } from '~/bff/contracts/auth.ts';
import { PORTAL_TIME_ZONE } from './format.ts';

/** Weeks start on Monday, in English too (docs/architecture.md "Shared UI and client state"). */
export const WEEK_STARTS_ON = 1;


// The default date locale is German: a date-fns call anywhere that passes no locale gets it.
setDefaultOptions({ locale: de, weekStartsOn: WEEK_STARTS_ON });

export function dateLocale(lang: Language): Locale {
  return lang === 'en' ? enGB : de;
}

export function startOfPortalWeek(date: Date, lang: Language = 'de'): Date {
  return startOfWeek(date, { locale: dateLocale(lang), weekStartsOn: WEEK_STARTS_ON });
}

/** "Sonntag, 22. November 2026" / "Sunday, 22 November 2026". */
export function formatLongDate(date: Date, lang: Language): string {
  return format(date, 'PPPP', { locale: dateLocale(lang) });
}

/** "2026-11-22", for `<time datetime>`. */
export function isoDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

const portalDay = new Intl.DateTimeFormat('en-US', { timeZone: PORTAL_TIME_ZONE, year: 'numeric', month: 'numeric', day: 'numeric' });

/** Midnight (local to the process) of the calendar day it is in Berlin at `now`. */
export function todayInPortalTimeZone(now: Date = new Date()): Date {
  const parts = portalDay.formatToParts(now);
  const part = (type: 'year' | 'month' | 'day') => Number(parts.find((p) => p.type === type)?.value);
  return new Date(part('year'), part('month') - 1, part('day'));
}
