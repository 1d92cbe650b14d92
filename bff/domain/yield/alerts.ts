import { SETTLE_MS } from '../monitoring/finished-periods.ts';
import type { DayTarget } from './target.ts';

/**
 * When the monitoring raises an alert (docs/monitoring.md, "Expected vs actual"):
 * - a day is short when it produced more than 20 % less than its target on a day with enough sun;
 * - data stopped arriving when the newest value is older than the time a gateway has to upload what it buffered.
 * Pure functions; a job decides when to ask and what to do with the answer.
 */

/** A day is short below this share of its target (more than 20 % below). */
export const SHORT_DAY_SHARE = 0.8;
/**
 * "Enough sun": at least this much global horizontal irradiation on the day, kWh/m² (a dull November day has about
 * 0.3, a clear one about 1.5, a clear June day 7 and more). Below it the target is small, the weather's and the model's
 * relative errors are large and snow or fog decide; a shortfall says little.
 */
export const ENOUGH_SUN_KWH_PER_M2 = 1.0;
/** The data are stale when the newest value is older than this: the six hours a gateway has to upload its buffer. */
export const STALE_AFTER_MS = SETTLE_MS;

export type DayStatus =
  /** At or above 80 % of the target. */
  | 'ok'
  /** More than 20 % below the target on a day with enough sun: an alert. */
  | 'short'
  /** Below the irradiation of "enough sun": no verdict. */
  | 'notEnoughSun'
  /** The weather service had no complete day: no target, no verdict. */
  | 'noWeather'
  /** The installation has no energy for the day (not commissioned, or data missing): no verdict. */
  | 'noData';

export interface DayVerdict {
  date: string;
  status: DayStatus;
  actualKwh: number | null;
  targetKwh: number | null;
  /** actual ÷ target, when both exist. */
  ratio: number | null;
  irradiationKwhPerM2: number;
}

/** The verdict on one day: its target (from the weather) against what the meters counted (kWh). */
export function judgeDay(target: DayTarget, actualKwh: number | null): DayVerdict {
  const base = { date: target.date, actualKwh, targetKwh: target.targetKwh, irradiationKwhPerM2: target.irradiationKwhPerM2 };
  const ratio = actualKwh !== null && target.targetKwh !== null && target.targetKwh > 0 ? actualKwh / target.targetKwh : null;
  if (target.targetKwh === null) return { ...base, ratio, status: 'noWeather' };
  if (actualKwh === null) return { ...base, ratio, status: 'noData' };
  if (target.irradiationKwhPerM2 < ENOUGH_SUN_KWH_PER_M2) return { ...base, ratio, status: 'notEnoughSun' };
  return { ...base, ratio, status: ratio !== null && ratio < SHORT_DAY_SHARE ? 'short' : 'ok' };
}

/** Verdicts for the targets' days, with the actual kWh per Berlin date (days missing there are `noData`). */
export function judgeDays(targets: readonly DayTarget[], actualKwh: ReadonlyMap<string, number>): DayVerdict[] {
  return targets.map((target) => judgeDay(target, actualKwh.get(target.date) ?? null));
}

export interface Freshness {
  /** The newest value is older than STALE_AFTER_MS (or there is none since commissioning). */
  stale: boolean;
  /** The newest value's instant ("Stand"), null without any. */
  lastSeenAt: string | null;
  ageMs: number | null;
}

/**
 * Whether data stopped arriving: `lastSeenAt` is the newest device report (the monitoring's "Stand"), `commissionedAt`
 * the installation's commissioning. Before commissioning nothing is expected; a commissioned site without any data for
 * longer than the threshold is stale too.
 */
export function freshness(lastSeenAt: string | null, commissionedAt: string | null, nowMs: number): Freshness {
  if (lastSeenAt === null) {
    const since = commissionedAt === null ? null : Date.parse(commissionedAt);
    return { stale: since !== null && nowMs - since > STALE_AFTER_MS, lastSeenAt: null, ageMs: null };
  }
  const ageMs = nowMs - Date.parse(lastSeenAt);
  return { stale: ageMs > STALE_AFTER_MS, lastSeenAt, ageMs };
}

/**
 * The latest Berlin day a verdict may be given on: one whose end lies at least STALE_AFTER_MS back, so buffered data
 * had their time to arrive (`berlinDateOf` names the day of an instant).
 */
export function latestSettledDay(nowMs: number, berlinDateOf: (ms: number) => string): string {
  const day = new Date(`${berlinDateOf(nowMs - STALE_AFTER_MS)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}
