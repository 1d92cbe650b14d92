import type { StandIn } from '../stand-in-types.ts';
import { createIotRouter } from './router.ts';

/** The IoT cloud (installation monitoring, simulated) under `/iot`. */
export const iotStandIn: StandIn = {
  name: 'iot',
  async start({ config }) {
    return { mountPath: '/iot', router: createIotRouter({ apiKey: config.IOT_API_KEY }) };
  },
};
