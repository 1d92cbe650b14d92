/**
 * Calendar days and Europe/Berlin local time, computed from the EU rule (CET = UTC+1; CEST = UTC+2 from 01:00 UTC on
 * the last Sunday of March to 01:00 UTC on the last Sunday of October). `time.test.ts` checks it against ICU.
 *
 * A calendar day is an integer "day number": days since 1970-01-01 (a Thursday), independent of any time zone.
 */
export const MINUTE_MS = 60_000;
const STEP_MINUTES = 15;
export const STEP_MS = STEP_MINUTES * MINUTE_MS;
export const DAY_MS = 86_400_000;
export const TIMEZONE = 'Europe/Berlin';

export interface Ymd {
  year: number;
  month: number; // 1..12
  day: number; // 1..31
}

export function dayNumber(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

export function ymdOf(dayNo: number): Ymd {
  const d = new Date(dayNo * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** 0 = Sunday .. 6 = Saturday */
export function weekdayOf(dayNo: number): number {
  return (((dayNo + 4) % 7) + 7) % 7;
}

/** 1-based day of the year. */
export function dayOfYear(dayNo: number): number {
  return dayNo - dayNumber(ymdOf(dayNo).year, 1, 1) + 1;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export function formatDay(dayNo: number): string {
  const { year, month, day } = ymdOf(dayNo);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Parses a strict `YYYY-MM-DD` calendar date; undefined for anything else (2026-02-30 included). */
export function parseDay(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1) return undefined;
  const dayNo = dayNumber(year, month, day);
  const back = ymdOf(dayNo);
  return back.year === year && back.month === month && back.day === day ? dayNo : undefined;
}

export function firstOfMonth(dayNo: number): number {
  const { year, month } = ymdOf(dayNo);
  return dayNumber(year, month, 1);
}

export function firstOfNextMonth(dayNo: number): number {
  const { year, month } = ymdOf(dayNo);
  return month === 12 ? dayNumber(year + 1, 1, 1) : dayNumber(year, month + 1, 1);
}

export function firstOfYear(dayNo: number): number {
  return dayNumber(ymdOf(dayNo).year, 1, 1);
}

export function firstOfNextYear(dayNo: number): number {
  return dayNumber(ymdOf(dayNo).year + 1, 1, 1);
}

function lastSundayUtcMs(year: number, month: number): number {
  const last = dayNumber(year, month + 1, 0);
  return (last - weekdayOf(last)) * DAY_MS;
}

/** Berlin's offset from UTC in minutes (60 or 120) at an instant. */
export function berlinOffsetMinutes(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  const summerStart = lastSundayUtcMs(year, 3) + 60 * MINUTE_MS;
  const summerEnd = lastSundayUtcMs(year, 10) + 60 * MINUTE_MS;
  return utcMs >= summerStart && utcMs < summerEnd ? 120 : 60;
}

/** The instant of local midnight that starts the calendar day (never inside a DST change, which happens at 02:00). */
export function berlinDayStartMs(dayNo: number): number {
  const localMidnightAsUtc = dayNo * DAY_MS;
  const winter = localMidnightAsUtc - 60 * MINUTE_MS;
  return berlinOffsetMinutes(winter) === 60 ? winter : localMidnightAsUtc - 120 * MINUTE_MS;
}

/** The Berlin calendar day an instant falls on. */
export function berlinDayOf(utcMs: number): number {
  return Math.floor((utcMs + berlinOffsetMinutes(utcMs) * MINUTE_MS) / DAY_MS);
}

/** Number of 15-minute steps of a local day: 96, or 92 / 100 on the days the clocks change. */
export function stepsOfDay(dayNo: number): number {
  return (berlinDayStartMs(dayNo + 1) - berlinDayStartMs(dayNo)) / STEP_MS;
}

/** Minutes since local midnight by the wall clock (the repeated hour in October maps onto 02:00-02:59 twice). */
export function localMinuteOfDay(utcMs: number): number {
  const local = utcMs + berlinOffsetMinutes(utcMs) * MINUTE_MS;
  return Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
}

/** ISO 8601 with Berlin's offset, e.g. `2026-06-21T12:00:00+02:00`. */
export function formatBerlin(utcMs: number): string {
  const offset = berlinOffsetMinutes(utcMs);
  const local = new Date(utcMs + offset * MINUTE_MS);
  const date = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
  return `${date}T${time}+${pad(offset / 60)}:00`;
}

/** Rounds an instant down to the 15-minute grid (Berlin's offsets are whole hours, so UTC and local grids agree). */
export function floorToStep(utcMs: number): number {
  return Math.floor(utcMs / STEP_MS) * STEP_MS;
}

/** Wall-clock minute of each 15-minute step of a local day (00:00, 00:15, ...; 02:xx missing or repeated on DST days). */
export function stepMinutes(dayNo: number): number[] {
  const start = berlinDayStartMs(dayNo);
  return Array.from({ length: stepsOfDay(dayNo) }, (_, i) => localMinuteOfDay(start + i * STEP_MS));
}
