import { berlinToday } from '../berlin-time.ts';

/**
 * The energy of one metering interval (15 minutes from the IoT cloud's power points, or longer where only counters are
 * at hand), the unit every money and Solarspitzen figure is computed from (docs/energy-value.md).
 */
export interface IntervalEnergy {
  /** Berlin calendar date the interval starts on. */
  date: string;
  startMs: number;
  endMs: number;
  pvWh: number;
  importWh: number;
  /** Feed-in. */
  exportWh: number;
  chargeWh: number;
  dischargeWh: number;
  /** Everything used on site: household, heat pump and wallbox (= pv + import + discharge − export − charge). */
  consumptionWh: number;
  /** The wallbox's share of `consumptionWh`, for installations with one. */
  wallboxWh?: number;
  /** The gateway uploaded it late, after an outage (the cloud marks such points). */
  backfilled?: boolean;
}

/** A power point as the IoT port gives it (mean W of the 15 minutes from `timestamp`; battery + = discharge, grid + = import). */
export interface PowerPointLike {
  timestamp: string;
  pvW: number;
  consumptionW: number;
  batteryW: number;
  gridW: number;
  wallboxW?: number | null;
  backfilled?: boolean;
}

const QUARTER_HOUR_MS = 900_000;

/**
 * A day's power points as energies: a quarter of the mean watts is the quarter hour's Wh. The timestamps carry Berlin's
 * offset (`2026-06-21T12:00:00+02:00`), so their first ten characters are the Berlin date. Missing points stay missing.
 */
export function intervalsFromPowerPoints(points: readonly PowerPointLike[]): IntervalEnergy[] {
  return points.map((p) => {
    const startMs = Date.parse(p.timestamp);
    return {
      date: p.timestamp.slice(0, 10),
      startMs,
      endMs: startMs + QUARTER_HOUR_MS,
      pvWh: p.pvW / 4,
      importWh: Math.max(0, p.gridW) / 4,
      exportWh: Math.max(0, -p.gridW) / 4,
      chargeWh: Math.max(0, -p.batteryW) / 4,
      dischargeWh: Math.max(0, p.batteryW) / 4,
      consumptionWh: p.consumptionW / 4,
      ...(typeof p.wallboxW === 'number' ? { wallboxWh: p.wallboxW / 4 } : {}),
      ...(p.backfilled ? { backfilled: true } : {}),
    };
  });
}

/** The Berlin calendar date of an instant. */
export function berlinDateOf(ms: number): string {
  return berlinToday(new Date(ms));
}
