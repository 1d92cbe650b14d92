import {
  cellTemperature,
  erbsSplit,
  haurwitzGhi,
  planeOfArrayIrradiance,
  pvwattsPower,
  solarPosition,
  type IrradianceSplit,
  type SolarPosition,
} from './solar.ts';
import { berlinDayStartMs, dayNumber, dayOfYear, STEP_MS, stepMinutes, stepsOfDay, ymdOf } from './time.ts';
import { ambientTempC, dayWeather, expectedWeathers, type DayWeather } from './weather.ts';

export interface PvArray {
  azimuthDeg: number;
  tiltDeg: number;
  peakPowerKw: number;
}

export interface PvSite {
  lat: number;
  lon: number;
  arrays: readonly PvArray[];
}

/** Share of the annual yield per month, Jan..Dec (reference: typical for Germany). */
const MONTHLY_SHARES = [0.02, 0.03, 0.07, 0.11, 0.15, 0.15, 0.14, 0.14, 0.09, 0.05, 0.03, 0.02] as const;
/** kWh per kWp and year of the reference array (south, 35° tilt) at every location. */
const SPECIFIC_YIELD_KWH_PER_KWP = 950;
const REFERENCE_ARRAY: PvArray = { azimuthDeg: 180, tiltDeg: 35, peakPowerKw: 1 };
const CALIBRATION_YEAR = 2025;

interface StepSky {
  sun: SolarPosition;
  /** Ground irradiance, uncalibrated (W/m²). */
  irradiance: IrradianceSplit;
  ambientC: number;
}

/**
 * The sky over a site in one 15-minute step of a local day, at the middle of the step: NOAA sun position, Haurwitz clear
 * sky times the day's cloud factor and the step's passing clouds, Erbs split, outside temperature. Undefined at night.
 * The simulator's PV and the weather stand-in (sandbox/weather) both read the sky here, so they agree.
 */
function stepSky(site: Pick<PvSite, 'lat' | 'lon'>, dayNo: number, weather: DayWeather, step: number, minutes: readonly number[]): StepSky | undefined {
  const sun = solarPosition(berlinDayStartMs(dayNo) + (step + 0.5) * STEP_MS, site.lat, site.lon);
  if (sun.cosZenith <= 0) return undefined;
  const ghi = haurwitzGhi(sun.cosZenith) * weather.cloud * (weather.variability[step] ?? 1);
  return {
    sun,
    irradiance: erbsSplit(ghi, sun.cosZenith, dayOfYear(dayNo)),
    ambientC: ambientTempC(weather, (minutes[step] ?? 0) + 7.5),
  };
}

/**
 * Physical (uncalibrated) AC power in W of every 15-minute step of a local day, evaluated at the middle of the step:
 * NOAA sun position, Haurwitz clear sky times the day's cloud factor, Erbs split, isotropic POA per array, PVWatts.
 */
export function pvDayWatts(
  site: PvSite,
  dayNo: number,
  weather: DayWeather,
  minutes: readonly number[] = stepMinutes(dayNo),
): number[] {
  const watts: number[] = [];
  for (let i = 0; i < stepsOfDay(dayNo); i++) {
    const sky = stepSky(site, dayNo, weather, i, minutes);
    if (!sky) {
      watts.push(0);
      continue;
    }
    let total = 0;
    for (const array of site.arrays) {
      const poa = planeOfArrayIrradiance(sky.sun, sky.irradiance, array.azimuthDeg, array.tiltDeg);
      total += pvwattsPower(poa, array.peakPowerKw * 1000, cellTemperature(poa, sky.ambientC));
    }
    watts.push(total);
  }
  return watts;
}

/** What the sandbox's world measured in one 15-minute step: irradiance in W/m² (means over the step), temperature in °C. */
export interface StepIrradiance {
  /** Global horizontal irradiance. */
  ghi: number;
  /** Direct normal irradiance. */
  dni: number;
  /** Diffuse horizontal irradiance. */
  dhi: number;
  temperatureC: number;
}

/**
 * The irradiance of every 15-minute step of a local day at a location, as a weather service would report it: the
 * simulator's sky scaled by the month's calibration factor (`monthlyCalibration`). The simulator scales its PV power by
 * the same factor, so a PV model fed with these values (isotropic plane of array, PVWatts) expects what the simulator
 * produces, within a few per cent (the cell temperature is the only part that does not scale).
 */
export function dayIrradiance(lat: number, lon: number, dayNo: number): StepIrradiance[] {
  const steps = stepsOfDay(dayNo);
  const weather = dayWeather(`${lat},${lon}`, dayNo, steps);
  const factor = monthlyCalibration(lat, lon)[ymdOf(dayNo).month - 1] ?? 1;
  const minutes = stepMinutes(dayNo);
  return Array.from({ length: steps }, (_, i) => {
    const sky = stepSky({ lat, lon }, dayNo, weather, i, minutes);
    const temperatureC = sky?.ambientC ?? ambientTempC(weather, (minutes[i] ?? 0) + 7.5);
    if (!sky) return { ghi: 0, dni: 0, dhi: 0, temperatureC };
    const { ghi, dni, dhi } = sky.irradiance;
    return { ghi: ghi * factor, dni: dni * factor, dhi: dhi * factor, temperatureC };
  });
}

const calibrationCache = new Map<string, readonly number[]>();

/**
 * Monthly calibration factors for a location: the reference array (1 kWp south, 35°) under the expected weather of a
 * reference year (each sky type at its mean, weighted by its monthly share) yields exactly
 * `SPECIFIC_YIELD_KWH_PER_KWP * MONTHLY_SHARES[m]` once multiplied by the factor of month m. The installation's own
 * arrays get the same factors, so orientation and tilt still matter (an east-west roof yields less than south).
 */
export function monthlyCalibration(lat: number, lon: number): readonly number[] {
  const key = `${lat},${lon}`;
  let factors = calibrationCache.get(key);
  if (!factors) {
    const expectedKwh = new Array<number>(12).fill(0);
    const site: PvSite = { lat, lon, arrays: [REFERENCE_ARRAY] };
    for (let day = dayNumber(CALIBRATION_YEAR, 1, 1); day < dayNumber(CALIBRATION_YEAR + 1, 1, 1); day++) {
      const month = ymdOf(day).month - 1;
      const minutes = stepMinutes(day);
      for (const { weight, weather } of expectedWeathers(day)) {
        const dayWh = pvDayWatts(site, day, weather, minutes).reduce((sum, w) => sum + w / 4, 0);
        expectedKwh[month] = (expectedKwh[month] ?? 0) + (weight * dayWh) / 1000;
      }
    }
    factors = MONTHLY_SHARES.map((share, m) => (SPECIFIC_YIELD_KWH_PER_KWP * share) / (expectedKwh[m] ?? 1));
    calibrationCache.set(key, factors);
  }
  return factors;
}
