import { z } from 'zod';
import type { ServiceEndpoint } from '../config.ts';
import type { WeatherInterval, WeatherService } from '../ports/weather.ts';
import { createJsonClient } from './json-client.ts';

const VARIABLES = ['shortwave_radiation', 'direct_normal_irradiance', 'diffuse_radiation', 'temperature_2m'] as const;
const values = z.array(z.number().nullable());
const Answer = z.object({
  minutely_15: z.object({
    time: z.array(z.number()),
    shortwave_radiation: values,
    direct_normal_irradiance: values,
    diffuse_radiation: values,
    temperature_2m: values,
  }),
});

const QUARTER_HOUR_MS = 900_000;
/** Open-Meteo's forecast endpoint reaches this many days back; older days come from its archive. */
const FORECAST_PAST_DAYS = 92;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * WeatherService over Open-Meteo's API (`/forecast` for the recent days, `/archive` for older ones; header
 * `X-Api-Key`, sandbox/weather/README.md). A radiation value is the mean of the 15 minutes before its time stamp, so
 * the interval ends at the stamp; the answer's days follow Europe/Berlin.
 */
export function createHttpWeather(endpoint: ServiceEndpoint): WeatherService {
  const client = createJsonClient(endpoint);
  return {
    async irradiance(location, from, to, today) {
      const endpointPath = daysBetween(from, today) <= FORECAST_PAST_DAYS ? '/forecast' : '/archive';
      const query = new URLSearchParams({
        latitude: String(location.lat),
        longitude: String(location.lon),
        start_date: from,
        end_date: to,
        minutely_15: VARIABLES.join(','),
        timezone: 'Europe/Berlin',
        timeformat: 'unixtime',
      });
      const { minutely_15: m } = await client.get(`${endpointPath}?${query}`, Answer);
      const intervals: WeatherInterval[] = m.time.map((seconds, i) => ({
        startMs: seconds * 1000 - QUARTER_HOUR_MS,
        endMs: seconds * 1000,
        ghi: m.shortwave_radiation[i] ?? null,
        dni: m.direct_normal_irradiance[i] ?? null,
        dhi: m.diffuse_radiation[i] ?? null,
        temperatureC: m.temperature_2m[i] ?? null,
      }));
      // The first value of the answer (00:00) covers the last quarter hour of the day before: not asked for.
      const firstMs = m.time[0] === undefined ? 0 : m.time[0] * 1000;
      return intervals.filter((interval) => interval.endMs > firstMs);
    },
  };
}
