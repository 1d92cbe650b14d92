import { z } from 'zod';
import type { ProductionFactor } from './sim/simulator.ts';
import { floorToStep, parseDay } from './sim/time.ts';

/**
 * Faults of one installation a tester switches on (sandbox/iot/README.md, "Test controls"): the installation delivers less than
 * it should on some days, or its gateway stops sending. Both act like the real thing: a weak day is simulated (the
 * battery and the meter counters follow it), an outage only hides data the cloud has not received yet.
 */

const calendarDay = z.string().refine((value) => parseDay(value) !== undefined, 'a calendar date YYYY-MM-DD');
const instant = z.iso.datetime({ offset: true });

export const ProductionFaultSchema = z
  .strictObject({ from: calendarDay, to: calendarDay, factor: z.number().min(0).max(1) })
  .refine((f) => f.from <= f.to, { message: 'from must not be after to', path: ['to'] })
  .refine((f) => (parseDay(f.to) as number) - (parseDay(f.from) as number) < 3660, { message: 'at most ten years', path: ['to'] });
export type ProductionFault = z.infer<typeof ProductionFaultSchema>;

export const OutageSchema = z
  .strictObject({ from: instant, until: instant.nullable().default(null), backfill: z.boolean().default(false) })
  .refine((o) => o.until === null || Date.parse(o.until) > Date.parse(o.from), { message: 'until must be after from', path: ['until'] });
export type OutageRequest = z.infer<typeof OutageSchema>;

/** The gateway stops sending at `fromMs` (on the 15-minute grid) and is back at `untilMs` (never, when null). */
export interface Outage {
  fromMs: number;
  untilMs: number | null;
  /** Whether the gateway uploads what it buffered when it is back (else the outage stays a gap for good). */
  backfill: boolean;
}

export function toProductionFactor(fault: ProductionFault): ProductionFactor {
  return { fromDay: parseDay(fault.from) as number, toDay: parseDay(fault.to) as number, factor: fault.factor };
}

export function toOutage(request: OutageRequest): Outage {
  return {
    fromMs: floorToStep(Date.parse(request.from)),
    untilMs: request.until === null ? null : floorToStep(Date.parse(request.until)),
    backfill: request.backfill,
  };
}

/** Whether the gateway is offline at `nowMs`. */
export function isOffline(outage: Outage | undefined, nowMs: number): boolean {
  return outage !== undefined && nowMs >= outage.fromMs && (outage.untilMs === null || nowMs < outage.untilMs);
}

/**
 * The clock the cloud's answers follow: while the gateway is offline the cloud knows nothing after the outage began, so
 * its meter counters, its latest point and the devices' last contact stay there.
 */
export function receivedUntil(outage: Outage | undefined, nowMs: number): number {
  return outage && isOffline(outage, nowMs) ? Math.min(nowMs, outage.fromMs) : nowMs;
}

/**
 * What the cloud shows of the 15-minute step starting at `stepStartMs`: the point as measured, `backfilled` when the
 * gateway uploaded it late, or nothing (a gap: an outage without back-fill, or points the cloud has not received).
 */
export function stepVisibility(outage: Outage | undefined, stepStartMs: number, nowMs: number): 'measured' | 'backfilled' | 'gap' {
  if (!outage || stepStartMs < outage.fromMs || (outage.untilMs !== null && stepStartMs >= outage.untilMs)) return 'measured';
  if (isOffline(outage, nowMs)) return 'gap';
  return outage.backfill ? 'backfilled' : 'gap';
}
