import path from 'node:path';
import type { StandIn } from '../stand-in-types.ts';
import { createMasterDataRouter } from './router.ts';
import { MasterDataStore } from './store.ts';

/** The master-data service (Marktstammdatenregister lookups and transfers) under `/master-data`. */
export const masterDataStandIn: StandIn = {
  name: 'master-data',
  async start({ config, dataDir, log }) {
    const store = await MasterDataStore.open(path.join(dataDir, 'master-data.json'), log);
    return {
      mountPath: '/master-data',
      router: createMasterDataRouter(store, { apiKey: config.MASTER_DATA_API_KEY }),
      close: () => store.flush(),
    };
  },
};
