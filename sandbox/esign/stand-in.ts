import path from 'node:path';
import type { StandIn } from '../stand-in-types.ts';
import { createEsignRouter } from './router.ts';
import { EsignStore } from './store.ts';

/** The e-signature provider (DocuSign-like embedded signing) under `/esign`. */
export const esignStandIn: StandIn = {
  name: 'esign',
  async start({ config, dataDir, log }) {
    const store = await EsignStore.open(path.join(dataDir, 'esign.json'), log);
    return {
      mountPath: '/esign',
      router: createEsignRouter(store, { token: config.ESIGN_API_TOKEN, webhookSecret: config.ESIGN_WEBHOOK_SECRET, log }),
      summary: 'E-Signatur /esign',
      close: () => store.flush(),
    };
  },
};
