import { gaussian, seeded, uniform } from './prng.ts';
import { dayOfYear, ymdOf } from './time.ts';

/**
 * Seeded daily weather: a sky type with a cloud factor (share of the clear-sky irradiance that reaches the ground)
 * and an outside-temperature proxy. The weather is seeded by location and date, not by installation, so two
 * installations at the same address see the same sky. Nothing here is measured data: the sky-type shares per month
 * are a plausible guess for Germany (cloudy winters, sunnier summers); the yield is calibrated afterwards anyway.
 */
export type Sky = 'clear' | 'mixed' | 'overcast';

/** Share of clear and overcast days per month (Jan..Dec); the rest are mixed. */
const SKY_SHARES: readonly (readonly [clear: number, overcast: number])[] = [
  [0.1, 0.55],
  [0.15, 0.45],
  [0.2, 0.35],
  [0.28, 0.25],
  [0.32, 0.2],
  [0.35, 0.18],
  [0.35, 0.18],
  [0.33, 0.2],
  [0.27, 0.27],
  [0.18, 0.4],
  [0.1, 0.55],
  [0.08, 0.6],
];

/** Cloud-factor range per sky type; the midpoints are used for the calibration's expected weather. */
const CLOUD_RANGE: Record<Sky, readonly [number, number]> = {
  clear: [0.88, 1],
  mixed: [0.45, 0.85],
  overcast: [0.12, 0.35],
};

/** Diurnal half-amplitude of the temperature, K: clear nights are cold, overcast days flat. */
const DIURNAL_AMPLITUDE: Record<Sky, number> = { clear: 5, mixed: 3.5, overcast: 1.5 };

/** Temperature offset of a sky type in mid-summer (K); in mid-winter the sign flips (clear winter days are cold). */
const SKY_TEMPERATURE_OFFSET: Record<Sky, number> = { clear: 2.5, mixed: 0, overcast: -1.5 };

/** A day keeps yesterday's sky type this often, so that weather comes in short spells. */
const PERSISTENCE = 0.45;

export interface DayWeather {
  sky: Sky;
  /** Mean share of the clear-sky irradiance, 0..1. */
  cloud: number;
  /** Daily mean outside temperature, °C. */
  meanTempC: number;
  diurnalAmplitudeC: number;
  /** Per-step multiplier of `cloud` (passing clouds on mixed days); empty = constant over the day. */
  variability: readonly number[];
}

function skyShares(month: number): Record<Sky, number> {
  const [clear, overcast] = SKY_SHARES[month - 1] ?? [0.2, 0.35];
  return { clear, mixed: 1 - clear - overcast, overcast };
}

function drawSky(u: number, month: number): Sky {
  const shares = skyShares(month);
  if (u < shares.clear) return 'clear';
  if (u < shares.clear + shares.mixed) return 'mixed';
  return 'overcast';
}

/** Long-term mean temperature for central Germany: about 0.5 °C in mid-January, 18.5 °C in mid-July. */
function climateMeanTempC(dayNo: number): number {
  return 9.5 - 9 * Math.cos((2 * Math.PI * (dayOfYear(dayNo) - 18)) / 365.25);
}

/** +1 in mid-July, -1 in mid-January. */
function summerWeight(dayNo: number): number {
  return Math.cos((2 * Math.PI * (dayOfYear(dayNo) - 196)) / 365.25);
}

function baseSky(locationKey: string, dayNo: number): Sky {
  const random = seeded('sky', locationKey, dayNo);
  return drawSky(random(), ymdOf(dayNo).month);
}

/** The weather of one local day at a location (`locationKey` e.g. `51.34,12.37`); `steps` = 15-minute steps. */
export function dayWeather(locationKey: string, dayNo: number, steps: number): DayWeather {
  const random = seeded('weather', locationKey, dayNo);
  const sky = random() < PERSISTENCE ? baseSky(locationKey, dayNo - 1) : baseSky(locationKey, dayNo);
  const [low, high] = CLOUD_RANGE[sky];
  const cloud = uniform(random, low, high);
  const meanTempC =
    climateMeanTempC(dayNo) + SKY_TEMPERATURE_OFFSET[sky] * summerWeight(dayNo) + 2.5 * gaussian(random);
  const variability: number[] = [];
  if (sky === 'mixed') {
    // A smooth random walk (AR(1), about an hour of memory) of passing clouds around the day's mean.
    let z = gaussian(random);
    for (let i = 0; i < steps; i++) {
      z = 0.85 * z + 0.527 * gaussian(random);
      variability.push(Math.min(1 / cloud, Math.max(0.2, 1 + 0.35 * z)));
    }
  }
  return { sky, cloud, meanTempC, diurnalAmplitudeC: DIURNAL_AMPLITUDE[sky] * (0.8 + 0.4 * random()), variability };
}

/** The three sky types at their mean values with their shares for the month: the expected weather for calibration. */
export function expectedWeathers(dayNo: number): { weight: number; weather: DayWeather }[] {
  const shares = skyShares(ymdOf(dayNo).month);
  return (['clear', 'mixed', 'overcast'] as const).map((sky) => {
    const [low, high] = CLOUD_RANGE[sky];
    return {
      weight: shares[sky],
      weather: {
        sky,
        cloud: (low + high) / 2,
        meanTempC: climateMeanTempC(dayNo) + SKY_TEMPERATURE_OFFSET[sky] * summerWeight(dayNo),
        diurnalAmplitudeC: DIURNAL_AMPLITUDE[sky],
        variability: [],
      },
    };
  });
}

/** Outside temperature at a local time of day: coldest around 03:00, warmest around 15:00. */
export function ambientTempC(weather: DayWeather, localMinute: number): number {
  return weather.meanTempC + weather.diurnalAmplitudeC * Math.cos((2 * Math.PI * (localMinute - 900)) / 1440);
}
