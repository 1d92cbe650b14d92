import type { StandIn } from '../stand-in-types.ts';
import { createMarketDataRouter } from './router.ts';

/** Day-ahead prices of DE-LU (simulated, Energy-Charts' shape) under `/market-data`; the key is the portal's MARKET_DATA_API_KEY. */
export const marketDataStandIn: StandIn = {
  name: 'market-data',
  async start({ config }) {
    return { mountPath: '/market-data', router: createMarketDataRouter({ apiKey: config.MARKET_DATA_API_KEY }) };
  },
};
