import { cosIncidence, extraterrestrialNormal, sunVector, type SunVector } from './sun.ts';

/**
 * The daily yield target of an installation from measured irradiance (docs/monitoring.md, "Expected vs actual"):
 * per interval the sun's position, the irradiance on each array's plane (isotropic sky: beam, sky diffuse, ground
 * reflection), PVWatts' power with its temperature loss, system losses and the inverter, capped at the peak power.
 */

export interface PvArraySpec {
  /** Degrees from north, clockwise (180 = south). */
  azimuthDeg: number;
  tiltDeg: number;
  peakPowerKw: number;
}

export interface SiteSpec {
  lat: number;
  lon: number;
  arrays: readonly PvArraySpec[];
}

/** What a weather service measured over [startMs, endMs): mean irradiances (W/m²) and the temperature (°C); null = missing. */
export interface IrradianceInterval {
  startMs: number;
  endMs: number;
  /** Global horizontal irradiance. */
  ghi: number | null;
  /** Direct normal and diffuse horizontal irradiance, where the service gives them (else split from GHI, Erbs). */
  dni?: number | null;
  dhi?: number | null;
  temperatureC?: number | null;
}

/** PVWatts v5's defaults (NREL): −0.37 %/K, 14 % system losses, 96 % inverter; NOCT 45 °C; ground albedo 0.2. */
export const PVWATTS_DEFAULTS = {
  gammaPerK: -0.0037,
  systemLosses: 0.14,
  inverterEfficiency: 0.96,
  noctC: 45,
  albedo: 0.2,
  /** Used when the weather service gives no temperature. */
  ambientC: 15,
} as const;
export type PvModel = typeof PVWATTS_DEFAULTS;

/** Erbs et al. (1982): the diffuse share of GHI from the clearness index; beam normal from the rest. */
export function erbsComponents(ghi: number, sun: SunVector): { dni: number; dhi: number } {
  const cosZ = Math.max(sun.up, 0.065);
  const kt = Math.min(1, Math.max(0, ghi / (extraterrestrialNormal(sun.dayOfYear) * cosZ)));
  const share = kt <= 0.22 ? 1 - 0.09 * kt : kt <= 0.8 ? 0.9511 - 0.1604 * kt + 4.388 * kt ** 2 - 16.638 * kt ** 3 + 12.336 * kt ** 4 : 0.165;
  const dhi = share * ghi;
  return { dhi, dni: sun.up < 0.05 ? 0 : (ghi - dhi) / sun.up };
}

/** AC power (W) of the site for one interval's irradiance, with the sun at the interval's middle. */
export function sitePowerW(site: SiteSpec, interval: IrradianceInterval & { ghi: number }, model: PvModel = PVWATTS_DEFAULTS): number {
  const sun = sunVector((interval.startMs + interval.endMs) / 2, site.lat, site.lon);
  if (sun.up <= 0 || interval.ghi <= 0) return 0;
  const components =
    typeof interval.dni === 'number' && typeof interval.dhi === 'number' ? { dni: interval.dni, dhi: interval.dhi } : erbsComponents(interval.ghi, sun);
  const ambient = interval.temperatureC ?? model.ambientC;
  let watts = 0;
  let peakW = 0;
  for (const array of site.arrays) {
    const cosTilt = Math.cos((array.tiltDeg * Math.PI) / 180);
    const poa =
      components.dni * Math.max(0, cosIncidence(sun, array.azimuthDeg, array.tiltDeg)) +
      (components.dhi * (1 + cosTilt)) / 2 +
      (interval.ghi * model.albedo * (1 - cosTilt)) / 2;
    const cellC = ambient + (poa / 800) * (model.noctC - 20);
    const dc = (poa / 1000) * array.peakPowerKw * 1000 * (1 + model.gammaPerK * (cellC - 25));
    watts += Math.max(0, dc * (1 - model.systemLosses) * model.inverterEfficiency);
    peakW += array.peakPowerKw * 1000;
  }
  return Math.min(watts, peakW);
}

export interface DayTarget {
  date: string;
  /** Expected AC energy of the day, kWh; null when a weather value of the day is missing. */
  targetKwh: number | null;
  /** Global horizontal irradiation of the day, kWh/m² (of the intervals that have a value). */
  irradiationKwhPerM2: number;
  intervals: number;
  missingIntervals: number;
}

/** The target of each Berlin day the intervals cover (`berlinDateOf` names the day of an instant). */
export function dailyTargets(site: SiteSpec, intervals: readonly IrradianceInterval[], berlinDateOf: (ms: number) => string, model: PvModel = PVWATTS_DEFAULTS): DayTarget[] {
  const days = new Map<string, { wh: number; ghiWh: number; intervals: number; missing: number }>();
  for (const interval of intervals) {
    const date = berlinDateOf(interval.startMs);
    const day = days.get(date) ?? { wh: 0, ghiWh: 0, intervals: 0, missing: 0 };
    day.intervals += 1;
    const hours = (interval.endMs - interval.startMs) / 3_600_000;
    if (interval.ghi === null) day.missing += 1;
    else {
      day.wh += sitePowerW(site, { ...interval, ghi: interval.ghi }, model) * hours;
      day.ghiWh += interval.ghi * hours;
    }
    days.set(date, day);
  }
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, day]) => ({
      date,
      targetKwh: day.missing > 0 ? null : day.wh / 1000,
      irradiationKwhPerM2: day.ghiWh / 1000,
      intervals: day.intervals,
      missingIntervals: day.missing,
    }));
}
