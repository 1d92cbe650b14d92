import type { GeoLocation, WeatherService } from '../../ports/weather.ts';
import { berlinDateOf } from '../energy-value/intervals.ts';
import { dailyTargets, type DayTarget, type PvArraySpec } from './target.ts';

/** What a target is computed for: where the installation stands and how its modules face. */
export interface TargetSite {
  location: GeoLocation;
  arrays: readonly PvArraySpec[];
}

/** Calendar arithmetic on `YYYY-MM-DD` in UTC, so no server time zone can shift a day. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length < 400; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A finished day's weather no longer changes; kept this long anyway, so a corrected archive shows within hours. */
export const TARGET_CACHE_TTL_MS = 6 * 3_600_000;
const MAX_ENTRIES = 20_000;
/** One weather call covers at most this many days (the monitoring's month). */
const MAX_DAYS_PER_CALL = 31;

/**
 * Daily targets of finished days, kept per site and day in this process (docs/monitoring.md "Expected vs actual"): the
 * monitoring page asks for the same days on every render, the weather service is asked once per site and day (in one
 * call for all missing days of the period). A failed call is not kept.
 */
export function createTargetCache(deps: { weather: WeatherService; now?: () => number; ttlMs?: number }) {
  const now = deps.now ?? Date.now;
  const ttlMs = deps.ttlMs ?? TARGET_CACHE_TTL_MS;
  const entries = new Map<string, { at: number; target: DayTarget }>();
  const keyOf = (site: TargetSite, date: string) => `${site.location.lat},${site.location.lon}|${JSON.stringify(site.arrays)}|${date}`;

  return {
    /** The targets of the days `from`..`to` (finished days only: `to` before `today`), in date order. */
    async targets(site: TargetSite, from: string, to: string, today: string): Promise<DayTarget[]> {
      const days = daysFrom(from, to);
      const fresh = (date: string) => {
        const hit = entries.get(keyOf(site, date));
        return hit && now() - hit.at < ttlMs ? hit.target : undefined;
      };
      const missing = days.filter((date) => fresh(date) === undefined);
      for (let i = 0; i < missing.length; i += MAX_DAYS_PER_CALL) {
        const chunk = missing.slice(i, i + MAX_DAYS_PER_CALL);
        const first = chunk[0] as string;
        const last = chunk.at(-1) as string;
        const intervals = await deps.weather.irradiance(site.location, first, last, today);
        const computed = dailyTargets({ ...site.location, arrays: site.arrays }, intervals, berlinDateOf);
        for (const target of computed) {
          if (target.date < first || target.date > last) continue;
          entries.set(keyOf(site, target.date), { at: now(), target });
          if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        }
      }
      // A day the service did not list at all has no target (as one with a missing value).
      return days.map((date) => fresh(date) ?? { date, targetKwh: null, irradiationKwhPerM2: 0, intervals: 0, missingIntervals: 0 });
    },
    /** Forgets every kept target (tests, and the sandbox's weather gaps). */
    clear: () => entries.clear(),
  };
}

export type TargetCache = ReturnType<typeof createTargetCache>;
