import type { Config } from '../../bff/config.ts';
import type { StandIn } from '../stand-in-types.ts';
import { createWeatherRouter } from './router.ts';

/** The development key, until the portal's configuration declares WEATHER_API_KEY (README.md beside this file). */
export const WEATHER_DEVELOPMENT_KEY = 'local-development-weather-key';

const keyOf = (config: Config): string =>
  'WEATHER_API_KEY' in config && typeof config.WEATHER_API_KEY === 'string' ? config.WEATHER_API_KEY : WEATHER_DEVELOPMENT_KEY;

/** The weather service (irradiance and temperature of the simulated world, Open-Meteo's shape) under `/weather`. */
export const weatherStandIn: StandIn = {
  name: 'weather',
  async start({ config }) {
    return { mountPath: '/weather', router: createWeatherRouter({ apiKey: keyOf(config) }) };
  },
};
