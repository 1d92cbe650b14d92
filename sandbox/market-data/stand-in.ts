import type { Config } from '../../bff/config.ts';
import type { StandIn } from '../stand-in-types.ts';
import { createMarketDataRouter } from './router.ts';

/** The development key, until the portal's configuration declares MARKET_DATA_API_KEY (README.md beside this file). */
export const MARKET_DATA_DEVELOPMENT_KEY = 'local-development-market-data-key';

const keyOf = (config: Config): string =>
  'MARKET_DATA_API_KEY' in config && typeof config.MARKET_DATA_API_KEY === 'string' ? config.MARKET_DATA_API_KEY : MARKET_DATA_DEVELOPMENT_KEY;

/** Day-ahead prices of DE-LU (simulated, Energy-Charts' shape) under `/market-data`. */
export const marketDataStandIn: StandIn = {
  name: 'market-data',
  async start({ config }) {
    return { mountPath: '/market-data', router: createMarketDataRouter({ apiKey: keyOf(config) }) };
  },
};
