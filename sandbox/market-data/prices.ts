import { h0DayType } from '../iot/sim/h0.ts';
import { gaussian, seeded } from '../iot/sim/prng.ts';
import { haurwitzGhi, solarPosition } from '../iot/sim/solar.ts';
import { berlinDayStartMs, dayOfYear, parseDay, stepMinutes, STEP_MS, stepsOfDay } from '../iot/sim/time.ts';
import { dayWeather } from '../iot/sim/weather.ts';

/**
 * Simulated day-ahead prices of the bidding zone DE-LU (README.md beside this file), deterministic per date. Not market
 * data: a price level by season and day type, morning and evening peaks, a midday dip as deep as the sun over Germany
 * is strong (the IoT simulator's sky at the country's centre, so a sunny day in the sandbox is a cheap day), wind on
 * some days, and seeded noise. Tuned so a year has a few hundred negative hours, most of them at sunny spring and
 * summer weekend middays, like 2024 (457 h) and 2025 (575 h) in the published statistics.
 */

/** The day-ahead market of DE-LU trades quarter hours from the delivery day 1 October 2025 on; hours before. */
export const FIRST_QUARTER_HOUR_DAY = parseDay('2025-10-01') as number;
/** Where the sandbox's national sky is read: the geographic centre of Germany (also the IoT's fallback region). */
export const CENTRE = { lat: 51.16, lon: 10.45 } as const;
/** The harmonised limits of the single day-ahead coupling, EUR/MWh. */
const MIN_PRICE = -500;
const MAX_PRICE = 4000;

export interface DayPrices {
  /** Start of each interval (ms); 15 or 60 minutes long. */
  startsMs: number[];
  resolutionMinutes: 15 | 60;
  /** EUR/MWh, two decimals. */
  eurPerMwh: number[];
}

const bell = (minute: number, centre: number, width: number) => Math.exp(-(((minute - centre) / width) ** 2) / 2);

/** The price of every 15-minute step of a Berlin day (before hourly averaging). */
function quarterHourPrices(dayNo: number): number[] {
  const steps = stepsOfDay(dayNo);
  const start = berlinDayStartMs(dayNo);
  const minutes = stepMinutes(dayNo);
  const doy = dayOfYear(dayNo);
  const sky = dayWeather(`${CENTRE.lat},${CENTRE.lon}`, dayNo, steps);
  const random = seeded('day-ahead', dayNo);
  const type = h0DayType(dayNo);
  const winter = (1 + Math.cos((2 * Math.PI * (doy - 15)) / 365.25)) / 2; // 1 mid-January, 0 mid-July
  const level = 88 + 42 * winter + { workday: 0, saturday: -14, sunday: -28 }[type];
  const peaks = type === 'workday' ? 1 : 0.6;
  // Windy days come in winter more often; a strong wind lowers the price all day, most at night.
  const wind = Math.max(0, gaussian(random) * 0.45 + 0.15 + 0.35 * winter);
  const solarDepth = type === 'workday' ? 120 : 150;
  let noise = gaussian(random);
  return Array.from({ length: steps }, (_, i) => {
    const minute = (minutes[i] ?? 0) + 7.5;
    const sun = solarPosition(start + (i + 0.5) * STEP_MS, CENTRE.lat, CENTRE.lon);
    const solar = (haurwitzGhi(sun.cosZenith) / 1000) * sky.cloud * (sky.variability[i] ?? 1);
    noise = 0.9 * noise + 0.436 * gaussian(random);
    const price =
      level +
      peaks * (24 * bell(minute, 8 * 60, 80) + 40 * bell(minute, 19 * 60, 100)) -
      18 * bell(minute, 3 * 60, 120) -
      45 * wind * (1 + 0.3 * bell(minute, 3 * 60, 180)) -
      solarDepth * solar +
      7 * noise;
    return Math.min(MAX_PRICE, Math.max(MIN_PRICE, price));
  });
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The published day-ahead prices of one Berlin calendar day: quarter hours from 1 October 2025 on, hours before (the
 * mean of the hour's quarter hours), with `overrides` (a tester's negative prices) laid over each interval they cover.
 */
export function dayAheadPrices(dayNo: number, override?: (intervalStartMs: number) => number | undefined): DayPrices {
  const quarters = quarterHourPrices(dayNo);
  const start = berlinDayStartMs(dayNo);
  const hourly = dayNo < FIRST_QUARTER_HOUR_DAY;
  const step = hourly ? 4 : 1;
  const startsMs: number[] = [];
  const eurPerMwh: number[] = [];
  for (let i = 0; i < quarters.length; i += step) {
    const at = start + i * STEP_MS;
    const slice = quarters.slice(i, i + step);
    startsMs.push(at);
    eurPerMwh.push(round2(override?.(at) ?? slice.reduce((sum, p) => sum + p, 0) / slice.length));
  }
  return { startsMs, resolutionMinutes: hourly ? 60 : 15, eurPerMwh };
}

/** Day-ahead results are published after the noon auction: tomorrow's prices exist from 13:00 Berlin time on. */
export const PUBLICATION_MINUTE = 13 * 60;
