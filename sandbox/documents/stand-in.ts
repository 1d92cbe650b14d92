import type { StandIn } from '../stand-in-types.ts';
import { createDocumentsRouter } from './router.ts';
import { DocumentStore } from './store.ts';

/** The installer's document service (PDFs per project, installation photos) under `/documents`. */
export const documentsStandIn: StandIn = {
  name: 'documents',
  async start({ config, dataDir, log }) {
    const store = await DocumentStore.open(dataDir, log);
    return {
      mountPath: '/documents',
      router: createDocumentsRouter(store, { token: config.DOCUMENTS_API_TOKEN }),
      close: () => store.flush(),
    };
  },
};
