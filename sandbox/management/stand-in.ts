import path from 'node:path';
import type { StandIn } from '../stand-in-types.ts';
import { createManagementRouter } from './router.ts';
import { ManagementStore } from './store.ts';

/** The installer's management service (projects, portal-account links) under `/management`. */
export const managementStandIn: StandIn = {
  name: 'management',
  async start({ config, dataDir, log }) {
    const store = await ManagementStore.open(path.join(dataDir, 'management.json'), log);
    return {
      mountPath: '/management',
      router: createManagementRouter(store, { token: config.MANAGEMENT_API_TOKEN }),
      close: () => store.flush(),
    };
  },
};
