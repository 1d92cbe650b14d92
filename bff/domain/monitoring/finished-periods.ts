import type { EnergyBucket } from '../../contracts/monitoring.ts';
import type { IotCloud } from '../../ports/iot-cloud.ts';
import { Lru } from '../lru.ts';
import { berlinToday } from '../berlin-time.ts';

type Resolution = 'day' | 'month' | 'year';

/**
 * How long after a period's end (Berlin midnight) its figures may still change: a gateway that was offline uploads
 * what it buffered when it is back. Only periods that ended at least this long ago are kept.
 */
export const SETTLE_MS = 6 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** The first day of the period of `resolution` that contains `date`. */
function alignedStart(date: string, resolution: Resolution): string {
  if (resolution === 'day') return date;
  if (resolution === 'month') return `${date.slice(0, 7)}-01`;
  return `${date.slice(0, 4)}-01-01`;
}
/** The first day of the next period. */
function nextStart(start: string, resolution: Resolution): string {
  const d = utc(start);
  if (resolution === 'day') d.setUTCDate(d.getUTCDate() + 1);
  else if (resolution === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  return ymd(d);
}

/** The starts of the periods of `resolution` that overlap [from, to], in order (calendar dates, no clock involved). */
export function periodStarts(from: string, to: string, resolution: Resolution): string[] {
  const starts: string[] = [];
  for (let start = alignedStart(from, resolution); start <= to; start = nextStart(start, resolution)) starts.push(start);
  return starts;
}

/**
 * The IoT cloud with the answers for finished periods kept in memory (docs/monitoring.md "Finished periods").
 *
 * A day, month or year whose Berlin end lies more than SETTLE_MS in the past never changes, so its energy bucket (or
 * the fact that it has none) and a finished day's 15-minute power are asked once per site and kept; only the open
 * period goes to the cloud again. Asking "the last day that is settled" uses the Berlin calendar, so DST days (23 or
 * 25 hours) end at their real midnight. The cache is per process and bounded (least recently used entries go first):
 * after a restart one call per site and period rebuilds it. Concurrent identical calls share one upstream call.
 */
export function cacheFinishedPeriods(
  iot: IotCloud,
  options: { now?: () => Date; maxBuckets?: number; maxDays?: number } = {},
): IotCloud & { readonly cached: { buckets: number; days: number } } {
  const now = () => options.now?.() ?? new Date();
  /** Bucket per `site|resolution|start`; null = the cloud lists no bucket for that finished period (no data). */
  const buckets = new Lru<EnergyBucket | null>(options.maxBuckets ?? 50_000);
  const days = new Lru<Awaited<ReturnType<IotCloud['power']>>>(options.maxDays ?? 2_000);
  const inFlight = new Map<string, Promise<unknown>>();

  function shared<T>(key: string, call: () => Promise<T>): Promise<T> {
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const promise = call().finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  }

  /** The last Berlin day whose figures are settled at the time of this call. */
  const lastSettledDay = () => {
    const d = utc(berlinToday(new Date(now().getTime() - SETTLE_MS)));
    d.setUTCDate(d.getUTCDate() - 1);
    return ymd(d);
  };
  const settled = (start: string, resolution: Resolution, lastSettled: string) => {
    const end = utc(nextStart(start, resolution));
    end.setUTCDate(end.getUTCDate() - 1);
    return ymd(end) <= lastSettled;
  };

  return {
    get cached() {
      return { buckets: buckets.size, days: days.size };
    },

    sitesOfProjects: (projectIds) => iot.sitesOfProjects(projectIds),

    async power(siteId, date) {
      if (date > lastSettledDay()) return iot.power(siteId, date);
      const key = `${siteId}|${date}`;
      const hit = days.get(key);
      if (hit) return hit;
      const day = await shared(`power|${key}`, () => iot.power(siteId, date));
      days.set(key, day);
      return day;
    },

    async energy(siteId, from, to, resolution) {
      // Decided before the call: a period that settles while the call runs is not stored from a possibly older answer.
      const lastSettled = lastSettledDay();
      const starts = periodStarts(from, to, resolution);
      const key = (start: string) => `${siteId}|${resolution}|${start}`;
      const closed = starts.filter((s) => settled(s, resolution, lastSettled));
      const open = starts.filter((s) => !settled(s, resolution, lastSettled));

      if (!closed.every((s) => buckets.has(key(s)))) {
        const answer = await shared(`energy|${siteId}|${resolution}|${from}|${to}`, () => iot.energy(siteId, from, to, resolution));
        const byStart = new Map(answer.map((b) => [b.start, b]));
        for (const start of closed) buckets.set(key(start), byStart.get(start) ?? null);
        return answer;
      }
      const kept = closed.flatMap((s) => buckets.get(key(s)) ?? []);
      const first = open[0];
      if (first === undefined) return kept;
      const openFrom = first < from ? from : first;
      const fresh = await shared(`energy|${siteId}|${resolution}|${openFrom}|${to}`, () => iot.energy(siteId, openFrom, to, resolution));
      return [...kept, ...fresh];
    },
  };
}
