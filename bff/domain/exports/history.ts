import type { IotCloud, IotSite } from '../../ports/iot-cloud.ts';
import type { ExportPoint } from '../energy-value/export-csv.ts';

/** Days asked of the IoT cloud at once: the cloud answers a day in milliseconds, the wait is the round trip. */
const DAYS_IN_FLIGHT = 8;
const DAY_MS = 86_400_000;

const berlinDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Berlin calendar days from the installation's commissioning to today, `YYYY-MM-DD`, in order. */
export function daysOf(commissionedAt: string, now: Date): string[] {
  const first = berlinDay.format(new Date(commissionedAt));
  const last = berlinDay.format(now);
  const days: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/**
 * Every 15-minute point the IoT cloud has of the installation (docs/exports.md "History"), paged a day at a time from
 * the IoT port with a few days in flight, in time order. Pulled: the next days are asked only as the reader takes
 * points, so a slow download holds a few days, never the years.
 */
export async function* installationHistory(iot: IotCloud, site: Pick<IotSite, 'siteId' | 'commissionedAt'>, now: Date): AsyncGenerator<ExportPoint> {
  if (!site.commissionedAt) return;
  const days = daysOf(site.commissionedAt, now);
  const pending: Promise<ExportPoint[]>[] = [];
  let next = 0;
  const ask = (date: string) => {
    const day = iot.power(site.siteId, date).then((answer) => answer.points);
    // Asked ahead; a failure is seen when its turn comes (or never, when the reader stopped before).
    day.catch(() => {});
    return day;
  };
  while (next < days.length || pending.length > 0) {
    while (pending.length < DAYS_IN_FLIGHT && next < days.length) pending.push(ask(days[next++] as string));
    yield* (await pending.shift()) ?? [];
  }
}
