/**
 * Demo data with dates relative to the sandbox's start day, so a demo never looks months out of date: in JSON,
 * `"-20d@18:12"` is 20 days ago at 18:12 Berlin time (an instant), `"+45d"` the day 45 days ahead (`YYYY-MM-DD`).
 */

const BERLIN = 'Europe/Berlin';
const offsetFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: BERLIN,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Minutes Berlin is ahead of UTC at this instant. */
function berlinOffsetMinutes(at: Date): number {
  const parts = Object.fromEntries(offsetFormatter.formatToParts(at).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The Berlin calendar day of an instant, `YYYY-MM-DD`. */
export function berlinDay(at: Date): string {
  const parts = Object.fromEntries(offsetFormatter.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Berlin local time on a day → the instant (ISO, UTC). */
export function berlinInstant(dayIso: string, hour: number, minute: number): string {
  const [y, m, d] = dayIso.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, hour, minute);
  const offset = berlinOffsetMinutes(new Date(guess - berlinOffsetMinutes(new Date(guess)) * 60_000));
  return new Date(guess - offset * 60_000).toISOString();
}

export function addDays(dayIso: string, days: number): string {
  const date = new Date(`${dayIso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const RELATIVE = /^([+-]\d{1,4})d(?:@(\d{2}):(\d{2}))?$/;

/** Replaces every relative date string in the demo JSON ("-20d@18:12" → instant, "+45d" → day) from `today`. */
export function resolveRelativeDates(value: unknown, today: string): unknown {
  if (typeof value === 'string') {
    const match = RELATIVE.exec(value);
    if (!match) return value;
    const target = addDays(today, Number(match[1]));
    return match[2] === undefined ? target : berlinInstant(target, Number(match[2]), Number(match[3]));
  }
  if (Array.isArray(value)) return value.map((item) => resolveRelativeDates(item, today));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveRelativeDates(item, today)]));
  }
  return value;
}
