import type { MarketData } from '../../ports/market-data.ts';
import { berlinToday } from '../berlin-time.ts';
import { berlinDateOf } from './intervals.ts';
import type { DayAheadPrice } from './tariffs.ts';

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** The service answers at most this many days per call. */
const MAX_DAYS_PER_CALL = 366;

/**
 * The market data with the prices of past days kept in this process (docs/energy-value.md "Keeping renders cheap"): an
 * auctioned day never changes, so each Berlin day before today is asked once; today and tomorrow go to the service
 * again. Missing days are asked as one range per call (at most 366 days). Bounded: the oldest days go first.
 */
export function cachePastDays(market: MarketData, options: { now?: () => Date; maxDays?: number } = {}): MarketData & { readonly cachedDays: number } {
  const days = new Map<string, DayAheadPrice[]>();
  const max = options.maxDays ?? 3_000;
  const inFlight = new Map<string, Promise<DayAheadPrice[]>>();
  const today = () => berlinToday(options.now?.() ?? new Date());

  const load = (from: string, to: string) => {
    const key = `${from}|${to}`;
    const running = inFlight.get(key);
    if (running) return running;
    const promise = market.dayAhead(from, to).finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  };

  return {
    get cachedDays() {
      return days.size;
    },
    async dayAhead(from, to) {
      const past = addDays(today(), -1);
      const missing: string[] = [];
      for (let day = from; day <= to; day = addDays(day, 1)) if (day > past || !days.has(day)) missing.push(day);
      const first = missing[0];
      const last = missing.at(-1);
      if (first !== undefined && last !== undefined) {
        const chunks: [string, string][] = [];
        for (let start = first; start <= last; start = addDays(start, MAX_DAYS_PER_CALL)) {
          const end = addDays(start, MAX_DAYS_PER_CALL - 1);
          chunks.push([start, end < last ? end : last]);
        }
        const answers = (await Promise.all(chunks.map(([a, b]) => load(a, b)))).flat();
        const byDay = new Map<string, DayAheadPrice[]>();
        for (const price of answers) {
          const day = berlinDateOf(price.startMs);
          byDay.set(day, [...(byDay.get(day) ?? []), price]);
        }
        for (const day of missing) {
          // Only a past day that has prices is kept: one without is asked again (the service may have had a gap).
          const prices = byDay.get(day);
          if (day <= past && prices) days.set(day, prices);
          else if (prices) byDay.set(day, prices);
        }
        if (days.size > max) for (const key of [...days.keys()].slice(0, days.size - max)) days.delete(key);
        const out: DayAheadPrice[] = [];
        for (let day = from; day <= to; day = addDays(day, 1)) out.push(...(days.get(day) ?? byDay.get(day) ?? []));
        return out;
      }
      const out: DayAheadPrice[] = [];
      for (let day = from; day <= to; day = addDays(day, 1)) out.push(...(days.get(day) ?? []));
      return out;
    },
  };
}
