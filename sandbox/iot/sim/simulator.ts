import type { Installation } from '../installations.ts';
import { batterySpec, dispatchBattery, type BatterySpec } from './battery.ts';
import { heatPumpDayWatts, householdDayWatts, wallboxDayWatts } from './loads.ts';
import { monthlyCalibration, pvDayWatts } from './pv.ts';
import {
  berlinDayOf,
  berlinDayStartMs,
  firstOfMonth,
  firstOfNextMonth,
  firstOfNextYear,
  firstOfYear,
  floorToStep,
  formatBerlin,
  formatDay,
  STEP_MS,
  stepMinutes,
  stepsOfDay,
  ymdOf,
} from './time.ts';
import { dayWeather } from './weather.ts';

/**
 * The simulated installation: one continuous run of 15-minute steps from commissioning, carrying the battery's state
 * of charge and five meter counters (Wh, floating point inside, whole Wh outside) from day to day. Every energy
 * figure is a difference of whole-Wh counters at the period's boundaries, so days add up exactly to months and years.
 *
 * A day depends only on the state at its start and on seeded draws for (installation or location, date); the state
 * at the start of every simulated day is kept (a few numbers per day), whole days are rebuilt on demand and the most
 * recent ones kept in a small LRU. Nothing depends on the current time except where the answer stops.
 */

/** Meter counters; `wallboxWh` is the wallbox's own meter (0 for a site without one). */
export const COUNTERS = ['pvWh', 'importWh', 'exportWh', 'chargeWh', 'dischargeWh', 'wallboxWh'] as const;
export type CounterName = (typeof COUNTERS)[number];
export type Counters = Record<CounterName, number>;
export type EnergyTotals = Counters & { consumptionWh: number };

const INITIAL_SOC = 0.5;
const DAY_CACHE_SIZE = 400;

interface DayState {
  storedWh: number;
  counters: Counters;
}

export interface DayData {
  dayNo: number;
  startMs: number;
  steps: number;
  /** Per step, Wh: */
  pvWh: Float64Array;
  householdWh: Float64Array;
  heatPumpWh: Float64Array;
  wallboxWh: Float64Array;
  /** household + heat pump + wallbox */
  loadWh: Float64Array;
  chargeWh: Float64Array;
  dischargeWh: Float64Array;
  importWh: Float64Array;
  exportWh: Float64Array;
  /** Battery state of charge at the end of each step, 0..1 (0 without battery). */
  soc: Float64Array;
  /** Whether the step lies after commissioning (steps before carry no energy and no data point). */
  active: Uint8Array;
  /** Counters (floating Wh since commissioning) at each step boundary: index i = start of step i, `steps` = day end. */
  cumulative: Record<CounterName, Float64Array>;
  end: DayState;
}

export interface PowerPoint {
  timestamp: string;
  pvW: number;
  consumptionW: number;
  batteryW: number;
  gridW: number;
  batterySocPct: number | null;
  /** The wallbox's charging power (part of `consumptionW`); null for a site without a wallbox. */
  wallboxW: number | null;
}

export type Resolution = 'day' | 'month' | 'year';

export interface EnergyItem extends EnergyTotals {
  start: string;
}

function zeroCounters(): Counters {
  return { pvWh: 0, importWh: 0, exportWh: 0, chargeWh: 0, dischargeWh: 0, wallboxWh: 0 };
}

function roundCounters(c: Counters): Counters {
  return {
    pvWh: Math.round(c.pvWh),
    importWh: Math.round(c.importWh),
    exportWh: Math.round(c.exportWh),
    chargeWh: Math.round(c.chargeWh),
    dischargeWh: Math.round(c.dischargeWh),
    wallboxWh: Math.round(c.wallboxWh),
  };
}

/** Energy between two counter readings; consumption follows from the balance pv + import + discharge - export - charge. */
export function difference(to: Counters, from: Counters): EnergyTotals {
  const d = {
    pvWh: to.pvWh - from.pvWh,
    importWh: to.importWh - from.importWh,
    exportWh: to.exportWh - from.exportWh,
    chargeWh: to.chargeWh - from.chargeWh,
    dischargeWh: to.dischargeWh - from.dischargeWh,
    wallboxWh: to.wallboxWh - from.wallboxWh,
  };
  return { ...d, consumptionWh: d.pvWh + d.importWh + d.dischargeWh - d.exportWh - d.chargeWh };
}

/**
 * Simulates one local day from the state at its start. Pure: the same inputs always give the same floats.
 * `pvFactor` scales what the arrays deliver that day (1 = healthy; a tester's fault control sets less, sandbox/iot/README.md).
 */
export function simulateDay(
  installation: Installation,
  dayNo: number,
  start: DayState,
  commissionedMs: number,
  pvFactor = 1,
): DayData {
  const steps = stepsOfDay(dayNo);
  const startMs = berlinDayStartMs(dayNo);
  const minutes = stepMinutes(dayNo);
  const { lat, lon } = installation.location;
  const weather = dayWeather(`${lat},${lon}`, dayNo, steps);
  const calibration = monthlyCalibration(lat, lon)[ymdOf(dayNo).month - 1] ?? 1;
  const acLimitW = installation.arrays.reduce((sum, a) => sum + a.peakPowerKw * 1000, 0);
  const pvW = pvDayWatts({ lat, lon, arrays: installation.arrays }, dayNo, weather, minutes).map((w) =>
    Math.min(acLimitW, w * calibration) * pvFactor,
  );
  const key = installation.siteId;
  const householdW = householdDayWatts(key, dayNo, installation.annualConsumptionKwh, minutes);
  const heatPumpW = installation.heatPump
    ? heatPumpDayWatts(key, dayNo, installation.heatPump, weather, minutes)
    : undefined;
  const wallboxW = installation.wallbox ? wallboxDayWatts(key, dayNo, installation.wallbox.powerKw, minutes) : undefined;
  const battery: BatterySpec | undefined = installation.battery
    ? batterySpec(installation.battery.capacityKwh)
    : undefined;

  const perStep = () => new Float64Array(steps);
  const day: DayData = {
    dayNo,
    startMs,
    steps,
    pvWh: perStep(),
    householdWh: perStep(),
    heatPumpWh: perStep(),
    wallboxWh: perStep(),
    loadWh: perStep(),
    chargeWh: perStep(),
    dischargeWh: perStep(),
    importWh: perStep(),
    exportWh: perStep(),
    soc: perStep(),
    active: new Uint8Array(steps),
    cumulative: Object.fromEntries(COUNTERS.map((name) => [name, new Float64Array(steps + 1)])) as Record<CounterName, Float64Array>,
    end: start,
  };

  let storedWh = start.storedWh;
  const counters = { ...start.counters };
  for (const name of COUNTERS) day.cumulative[name][0] = counters[name];
  for (let i = 0; i < steps; i++) {
    if (startMs + i * STEP_MS >= commissionedMs) {
      day.active[i] = 1;
      const pv = (pvW[i] ?? 0) / 4;
      const household = (householdW[i] ?? 0) / 4;
      const heatPump = (heatPumpW?.[i] ?? 0) / 4;
      const wallbox = (wallboxW?.[i] ?? 0) / 4;
      const load = household + heatPump + wallbox;
      let charge = 0;
      let discharge = 0;
      if (battery) {
        const step = dispatchBattery(battery, storedWh, pv, load, 0.25);
        charge = step.chargeWh;
        discharge = step.dischargeWh;
        storedWh = step.storedWh;
      }
      const imported = Math.max(0, load - pv - discharge);
      const exported = Math.max(0, pv - load - charge);
      day.pvWh[i] = pv;
      day.householdWh[i] = household;
      day.heatPumpWh[i] = heatPump;
      day.wallboxWh[i] = wallbox;
      day.loadWh[i] = load;
      day.chargeWh[i] = charge;
      day.dischargeWh[i] = discharge;
      day.importWh[i] = imported;
      day.exportWh[i] = exported;
      counters.pvWh += pv;
      counters.importWh += imported;
      counters.exportWh += exported;
      counters.chargeWh += charge;
      counters.dischargeWh += discharge;
      counters.wallboxWh += wallbox;
    }
    day.soc[i] = battery ? storedWh / battery.capacityWh : 0;
    for (const name of COUNTERS) day.cumulative[name][i + 1] = counters[name];
  }
  day.end = { storedWh, counters };
  return day;
}

/** A fault of the installation itself: from `fromDay` to `toDay` (day numbers, inclusive) it delivers `factor` of its PV. */
export interface ProductionFactor {
  fromDay: number;
  toDay: number;
  factor: number;
}

export class SiteSimulator {
  readonly installation: Installation;
  readonly #productionFactors: readonly ProductionFactor[];
  /** First instant with data (commissioning rounded up to the 15-minute grid); undefined when not commissioned. */
  readonly commissionedMs: number | undefined;
  readonly #firstDay: number;
  /** State at the start of day `#firstDay + index`. */
  readonly #starts: DayState[] = [];
  readonly #days = new Map<number, DayData>();

  constructor(installation: Installation, productionFactors: readonly ProductionFactor[] = []) {
    this.installation = installation;
    this.#productionFactors = productionFactors;
    this.commissionedMs = installation.commissionedAt
      ? Math.ceil(Date.parse(installation.commissionedAt) / STEP_MS) * STEP_MS
      : undefined;
    this.#firstDay = this.commissionedMs === undefined ? Number.POSITIVE_INFINITY : berlinDayOf(this.commissionedMs);
    const capacityWh = (installation.battery?.capacityKwh ?? 0) * 1000;
    this.#starts.push({ storedWh: capacityWh * INITIAL_SOC, counters: zeroCounters() });
  }

  /** End of the latest completed 15-minute step at `nowMs`, or undefined when there is no data yet. */
  dataEndMs(nowMs: number): number | undefined {
    if (this.commissionedMs === undefined) return undefined;
    const end = floorToStep(nowMs);
    return end > this.commissionedMs ? end : undefined;
  }

  /** Start of the latest data point (the latest completed step), or undefined. */
  latestMs(nowMs: number): number | undefined {
    const end = this.dataEndMs(nowMs);
    return end === undefined ? undefined : end - STEP_MS;
  }

  /** A whole simulated day (also its steps after `now`); only for days from commissioning on. */
  day(dayNo: number): DayData {
    if (this.commissionedMs === undefined || dayNo < this.#firstDay) {
      throw new RangeError(`day ${formatDay(dayNo)} is before commissioning`);
    }
    const cached = this.#days.get(dayNo);
    if (cached) {
      this.#days.delete(dayNo);
      this.#days.set(dayNo, cached);
      return cached;
    }
    const data = simulateDay(this.installation, dayNo, this.#startOf(dayNo), this.commissionedMs, this.#pvFactor(dayNo));
    this.#days.set(dayNo, data);
    if (this.#days.size > DAY_CACHE_SIZE) {
      const oldest = this.#days.keys().next().value;
      if (oldest !== undefined) this.#days.delete(oldest);
    }
    return data;
  }

  #startOf(dayNo: number): DayState {
    const commissionedMs = this.commissionedMs;
    if (commissionedMs === undefined) throw new RangeError('not commissioned');
    const index = dayNo - this.#firstDay;
    while (this.#starts.length <= index) {
      const previous = this.#firstDay + this.#starts.length - 1;
      const state = this.#starts[this.#starts.length - 1] as DayState;
      this.#starts.push(simulateDay(this.installation, previous, state, commissionedMs, this.#pvFactor(previous)).end);
    }
    return this.#starts[index] as DayState;
  }

  /** The last production factor that covers the day wins; 1 without any. */
  #pvFactor(dayNo: number): number {
    return this.#productionFactors.findLast((f) => f.fromDay <= dayNo && dayNo <= f.toDay)?.factor ?? 1;
  }

  /** Whole-Wh counters at an instant on the 15-minute grid, clipped to [commissioning, end of data]. */
  countersAt(instantMs: number, nowMs: number): Counters {
    const end = this.dataEndMs(nowMs);
    if (end === undefined || this.commissionedMs === undefined || instantMs <= this.commissionedMs) {
      return zeroCounters();
    }
    const t = floorToStep(Math.min(instantMs, end));
    const dayNo = berlinDayOf(t);
    const dayStart = berlinDayStartMs(dayNo);
    if (t === dayStart) return roundCounters(this.#startOf(dayNo).counters);
    const data = this.day(dayNo);
    const index = (t - dayStart) / STEP_MS;
    const c = data.cumulative;
    return roundCounters({
      pvWh: c.pvWh[index] ?? 0,
      importWh: c.importWh[index] ?? 0,
      exportWh: c.exportWh[index] ?? 0,
      chargeWh: c.chargeWh[index] ?? 0,
      dischargeWh: c.dischargeWh[index] ?? 0,
      wallboxWh: c.wallboxWh[index] ?? 0,
    });
  }

  /** Mean power of each completed 15-minute step of a local day; empty before commissioning and in the future. */
  power(dayNo: number, nowMs: number): PowerPoint[] {
    const end = this.dataEndMs(nowMs);
    const commissionedMs = this.commissionedMs;
    if (end === undefined || commissionedMs === undefined) return [];
    const dayStart = berlinDayStartMs(dayNo);
    if (dayStart >= end || berlinDayStartMs(dayNo + 1) <= commissionedMs) return [];
    const data = this.day(dayNo);
    const hasBattery = this.installation.battery !== null;
    const hasWallbox = this.installation.wallbox !== null;
    const points: PowerPoint[] = [];
    for (let i = 0; i < data.steps; i++) {
      const stepStart = dayStart + i * STEP_MS;
      if (stepStart + STEP_MS > end) break;
      if (!data.active[i]) continue;
      const pvW = Math.round((data.pvWh[i] ?? 0) * 4);
      const batteryW = Math.round(((data.dischargeWh[i] ?? 0) - (data.chargeWh[i] ?? 0)) * 4);
      const gridW = Math.round(((data.importWh[i] ?? 0) - (data.exportWh[i] ?? 0)) * 4);
      points.push({
        timestamp: formatBerlin(stepStart),
        pvW,
        consumptionW: pvW + batteryW + gridW,
        batteryW,
        gridW,
        batterySocPct: hasBattery ? Math.round((data.soc[i] ?? 0) * 1000) / 10 : null,
        wallboxW: hasWallbox ? Math.round((data.wallboxWh[i] ?? 0) * 4) : null,
      });
    }
    return points;
  }

  /**
   * Energy per calendar day, month or year for every period that overlaps [fromDay, toDay] and holds data; a period
   * counts from commissioning and up to the end of the latest completed step.
   */
  energy(fromDay: number, toDay: number, resolution: Resolution, nowMs: number): EnergyItem[] {
    const end = this.dataEndMs(nowMs);
    const commissionedMs = this.commissionedMs;
    if (end === undefined || commissionedMs === undefined) return [];
    const align = { day: (d: number) => d, month: firstOfMonth, year: firstOfYear }[resolution];
    const next = { day: (d: number) => d + 1, month: firstOfNextMonth, year: firstOfNextYear }[resolution];
    // Skip the periods that lie wholly before commissioning or after now without walking through them.
    let period = align(Math.max(fromDay, this.#firstDay));
    const lastDay = Math.min(toDay, berlinDayOf(end - 1));
    const items: EnergyItem[] = [];
    for (; period <= lastDay; period = next(period)) {
      const from = Math.max(berlinDayStartMs(period), commissionedMs);
      const to = Math.min(berlinDayStartMs(next(period)), end);
      if (from >= to) continue;
      items.push({ start: formatDay(period), ...difference(this.countersAt(to, nowMs), this.countersAt(from, nowMs)) });
    }
    return items;
  }
}
