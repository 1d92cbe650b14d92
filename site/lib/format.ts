import type { Language } from '~/bff/contracts/auth.ts';

/** The installer and its customers are in Germany; "today" is a Berlin date even on a server running in UTC. */
export const PORTAL_TIME_ZONE = 'Europe/Berlin';

/**
 * Number and date formatting of the site: German by default ("1.234,5 kWh", "12.05.2026, 14:15 Uhr"),
 * times in Europe/Berlin whatever the server's or the browser's zone. Imported by the chart island too, so it
 * depends on nothing but Intl.
 */
const NBSP = '\u00a0';

export function numberLocale(lang: Language): string {
  return lang === 'en' ? 'en-GB' : 'de-DE';
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: Language, fractionDigits: number): Intl.NumberFormat {
  const key = `${lang}:${fractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(numberLocale(lang), {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** `-0` (a rounded tiny negative) would print as "-0,0". */
const noNegativeZero = (value: number) => (Object.is(value, -0) ? 0 : value);

export function formatNumber(value: number, lang: Language = 'de', fractionDigits = 0): string {
  return numberFormat(lang, fractionDigits).format(noNegativeZero(value));
}

/**
 * The UI's rounding rule for energy: kWh with one decimal, from the BFF's integer Wh. Chart, table, KPIs and the
 * balance all go through it, so they show the same numbers (the CSV keeps three decimals, which round to these).
 */
export function whToKwh(wh: number): number {
  return noNegativeZero(Math.round(wh / 100) / 10);
}

/** An already rounded kWh value: "1.234,5 kWh". */
export function formatKwhValue(kwh: number, lang: Language = 'de'): string {
  return `${formatNumber(kwh, lang, 1)}${NBSP}kWh`;
}

/** 2345600 Wh -> "2.345,6 kWh". */
export function formatKwh(wh: number, lang: Language = 'de'): string {
  return formatKwhValue(whToKwh(wh), lang);
}

/** Power points are whole watts: "4.230 W". */
export function formatWatts(watts: number, lang: Language = 'de'): string {
  return `${formatNumber(Math.round(watts), lang, 0)}${NBSP}W`;
}

/** "74,3 %" (German puts a space before the sign) / "74.3%". */
export function formatPercent(percent: number, lang: Language = 'de'): string {
  const number = formatNumber(Math.round(percent * 10) / 10, lang, 1);
  return lang === 'en' ? `${number}%` : `${number}${NBSP}%`;
}

/** Share of a whole in percent with one decimal; 0 when the whole is 0. */
export function shareOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
/** A formatter built once per language, zone and options: building one costs far more than using it. */
export function dateTimeFormat(lang: Language, options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  const key = `${lang}:${timeZone}:${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(numberLocale(lang), { ...options, timeZone });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/**
 * The formatters of the helpers below, per language (and zone name), looked up without building `dateTimeFormat`'s
 * key: a monitoring page formats a few hundred times per render.
 */
const fixedFormats = new Map<string, Intl.DateTimeFormat>();
function fixedFormat(name: string, lang: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${name}:${lang}`;
  let format = fixedFormats.get(key);
  if (!format) fixedFormats.set(key, (format = dateTimeFormat(lang, options, PORTAL_TIME_ZONE)));
  return format;
}

/** A point in time in Berlin: "12.05.2026, 14:15 Uhr" / "12/05/2026, 14:15". */
export function formatDateTime(instant: string | number, lang: Language = 'de'): string {
  const time = typeof instant === 'number' ? instant : Date.parse(instant);
  if (Number.isNaN(time)) return '';
  const text = fixedFormat('dateTime', lang, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
  return lang === 'en' ? text : `${text}${NBSP}Uhr`;
}

/** Clock time in Berlin, "14:15"; with `zone` the zone's short name too ("02:15 MESZ"), for the hour a DST day repeats. */
export function formatTime(instant: number, lang: Language = 'de', zone = false): string {
  return (
    zone
      ? fixedFormat('timeZone', lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' })
      : fixedFormat('time', lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  ).format(instant);
}

/** The Berlin hour (0–23) of an instant, for the day chart's axis labels. */
export function berlinHour(instant: number): number {
  return Number(dateTimeFormat('en', { hour: 'numeric', hourCycle: 'h23' }, PORTAL_TIME_ZONE).format(instant));
}

/** An instant's Berlin calendar day written out, e.g. "1. Dezember 2026" with `{ day: 'numeric', month: 'long', year: 'numeric' }`. */
export function formatBerlinDay(instant: string | number, options: Intl.DateTimeFormatOptions, lang: Language = 'de'): string {
  return dateTimeFormat(lang, options, PORTAL_TIME_ZONE).format(typeof instant === 'number' ? instant : Date.parse(instant));
}

/** A calendar day (`YYYY-MM-DD`) written out; the day is read in UTC so no zone can move it. */
export function formatCalendarDate(date: string, options: Intl.DateTimeFormatOptions, lang: Language = 'de'): string {
  return dateTimeFormat(lang, options, 'UTC').format(new Date(`${date}T00:00:00Z`));
}

/**
 * Amounts arrive as decimal strings with two places ("312.46", "-89.90"); they are shown from their digits, never
 * through a binary float (docs/money.md). German "1.234,56 €", English "€1,234.56".
 */
export function formatAmount(amount: string, lang: 'de' | 'en', options: { absolute?: boolean } = {}): string {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, minus, whole = '0', fraction = ''] = match;
  const cents = fraction.padEnd(2, '0');
  const sign = minus && !options.absolute && !/^0+$/.test(whole + cents) ? '−' : '';
  if (lang === 'en') return `${sign}€${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents} €`;
}

/** A day (`YYYY-MM-DD`) in the page's language, without time zone shifts: "09.12.2026", "2026-12-09". */
export function formatDay(day: string, lang: 'de' | 'en'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  const [, y, m, d] = match;
  return lang === 'de' ? `${d}.${m}.${y}` : `${y}-${m}-${d}`;
}

/** An IBAN in groups of four, as printed on bank cards and invoices. */
export const groupIban = (iban: string) => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
