import { H0_WATTS } from './h0-profile.ts';
import { dynamisationFactor, h0DayType, h0Season } from './h0.ts';
import { gaussian, seeded, uniform, type Random } from './prng.ts';
import { dayNumber, dayOfYear, stepMinutes, weekdayOf, ymdOf } from './time.ts';
import { ambientTempC, expectedWeathers, type DayWeather } from './weather.ts';

/** Dynamised H0 power (W, for 1,000 kWh/a) of every step of a local day. */
function h0DayWatts(dayNo: number, minutes: readonly number[] = stepMinutes(dayNo)): number[] {
  const profile = H0_WATTS[h0Season(dayNo)][h0DayType(dayNo)];
  const factor = dynamisationFactor(dayOfYear(dayNo));
  return minutes.map((minute) => (profile[Math.min(95, Math.floor(minute / 15))] ?? 0) * factor);
}

const h0YearCache = new Map<number, number>();

/** kWh of the dynamised H0 profile over one calendar year (about 1,000), for renormalising to a household's use. */
export function h0YearKwh(year: number): number {
  let total = h0YearCache.get(year);
  if (total === undefined) {
    total = 0;
    for (let day = dayNumber(year, 1, 1); day < dayNumber(year + 1, 1, 1); day++) {
      for (const watts of h0DayWatts(day)) total += watts / 4 / 1000;
    }
    h0YearCache.set(year, total);
  }
  return total;
}

/**
 * Household load (W per step): H0 renormalised to the household's annual consumption in that calendar year, times a
 * small smooth seeded noise (log-normal AR(1), mean 1, about ±20 %), so no two days look exactly alike.
 */
export function householdDayWatts(
  installationKey: string,
  dayNo: number,
  annualKwh: number,
  minutes: readonly number[] = stepMinutes(dayNo),
): number[] {
  const scale = annualKwh / h0YearKwh(ymdOf(dayNo).year);
  const random = seeded('household', installationKey, dayNo);
  const sigma = 0.18;
  let z = gaussian(random);
  return h0DayWatts(dayNo, minutes).map((watts) => {
    z = 0.8 * z + 0.6 * gaussian(random);
    return watts * scale * Math.exp(sigma * z - (sigma * sigma) / 2);
  });
}

/** Heat-pump COP of an air-to-water heat pump against the outside temperature (about 2.5 at -10 °C, 3.9 at 10 °C). */
function heatPumpCop(outsideC: number): number {
  return Math.min(4.5, Math.max(2, 3.2 + 0.07 * outsideC));
}

/** Heating stops above this outside temperature. */
const HEATING_LIMIT_C = 15;
/** Share of the heat pump's annual electricity used for hot water (the rest heats the house). */
const HOT_WATER_SHARE = 0.18;
/** Hot water is made at midday (PV-friendly), 12:00-13:30. */
const HOT_WATER_MINUTES: readonly [number, number] = [720, 810];

function heatingShape(minute: number): number {
  if (minute < 300 || minute >= 1320) return 0.7; // night set-back 22:00-05:00
  if (minute < 420) return 1.3; // morning warm-up
  return 1;
}

/** Space-heating electricity (W, before scaling) for an outside temperature. */
function heatingDemand(outsideC: number, minute: number): number {
  return (Math.max(0, HEATING_LIMIT_C - outsideC) / heatPumpCop(outsideC)) * heatingShape(minute);
}

const heatPumpScaleCache = new Map<string, number>();

/**
 * Scale of `heatingDemand` so that a reference year with the expected weather uses the configured space-heating
 * electricity; cached per annual figure.
 */
function heatingScale(annualKwh: number): number {
  const key = String(annualKwh);
  let scale = heatPumpScaleCache.get(key);
  if (scale === undefined) {
    let raw = 0;
    for (let day = dayNumber(2025, 1, 1); day < dayNumber(2026, 1, 1); day++) {
      const minutes = stepMinutes(day);
      for (const { weight, weather } of expectedWeathers(day)) {
        for (const minute of minutes) raw += (weight * heatingDemand(ambientTempC(weather, minute), minute)) / 4 / 1000;
      }
    }
    scale = (annualKwh * (1 - HOT_WATER_SHARE)) / raw;
    heatPumpScaleCache.set(key, scale);
  }
  return scale;
}

/** Heat-pump electricity (W per step): space heating follows the outside temperature, hot water at midday. */
export function heatPumpDayWatts(
  installationKey: string,
  dayNo: number,
  heatPump: { annualKwh: number; maxPowerKw: number },
  weather: DayWeather,
  minutes: readonly number[] = stepMinutes(dayNo),
): number[] {
  const random = seeded('heatpump', installationKey, dayNo);
  const scale = heatingScale(heatPump.annualKwh);
  const hotWaterSteps = (HOT_WATER_MINUTES[1] - HOT_WATER_MINUTES[0]) / 15;
  const hotWaterW = ((heatPump.annualKwh * HOT_WATER_SHARE * 1000) / 365 / hotWaterSteps) * 4;
  return minutes.map((minute) => {
    const heating = heatingDemand(ambientTempC(weather, minute), minute) * scale * (0.85 + 0.3 * random());
    const hotWater = minute >= HOT_WATER_MINUTES[0] && minute < HOT_WATER_MINUTES[1] ? hotWaterW : 0;
    return Math.min(heatPump.maxPowerKw * 1000, heating + hotWater);
  });
}

export interface ChargingSession {
  startMinute: number;
  energyWh: number;
  powerW: number;
}

/**
 * The car's charging session of a day, if any: on workdays in the evening at full power, on weekends sometimes at
 * midday with reduced power (surplus charging). About 1,600-1,800 kWh a year.
 */
function chargingSession(
  installationKey: string,
  dayNo: number,
  maxPowerKw: number,
): ChargingSession | undefined {
  const random: Random = seeded('wallbox', installationKey, dayNo);
  const weekend = weekdayOf(dayNo) === 0 || weekdayOf(dayNo) === 6;
  if (random() >= (weekend ? 0.3 : 0.38)) return undefined;
  const energyWh = uniform(random, 6_000, 20_000);
  const quarterHourMinute = (fromHour: number, toHour: number) => 15 * Math.floor(uniform(random, fromHour, toHour) * 4);
  if (weekend && random() < 0.6) {
    return { startMinute: quarterHourMinute(10.5, 12.5), energyWh, powerW: Math.min(4_200, maxPowerKw * 1000) };
  }
  return { startMinute: quarterHourMinute(17, 20.5), energyWh, powerW: maxPowerKw * 1000 };
}

/** Wallbox power (W per step) for the day's session; the session never runs past the end of the day. */
export function wallboxDayWatts(
  installationKey: string,
  dayNo: number,
  maxPowerKw: number,
  minutes: readonly number[] = stepMinutes(dayNo),
): number[] {
  const session = chargingSession(installationKey, dayNo, maxPowerKw);
  let remainingWh = session?.energyWh ?? 0;
  let started = false;
  return minutes.map((minute) => {
    if (!session || remainingWh <= 0) return 0;
    if (!started && minute < session.startMinute) return 0;
    started = true;
    const wh = Math.min(remainingWh, session.powerW / 4);
    remainingWh -= wh;
    return wh * 4;
  });
}
