import path from 'node:path';
import type { StandIn } from '../stand-in-types.ts';
import { createEventSender } from './events.ts';
import { createManagementRouter } from './router.ts';
import { ManagementStore } from './store.ts';

/** Where the portal takes the management service's events (bff/http/routes/journey-events.routes.ts). */
export const PORTAL_EVENTS_PATH = '/api/management/webhook';

/** The installer's management service (projects, journeys, portal-account links) under `/management`. */
export const managementStandIn: StandIn = {
  name: 'management',
  async start({ config, dataDir, log }) {
    const store = await ManagementStore.open(path.join(dataDir, 'management.json'), log);
    const send = createEventSender({ url: `${config.publicUrl}${PORTAL_EVENTS_PATH}`, secret: config.MANAGEMENT_WEBHOOK_SECRET, log });
    const pending = new Set<Promise<void>>();
    store.onPositionChange((change) => {
      const delivery = send(change).finally(() => pending.delete(delivery));
      pending.add(delivery);
    });
    return {
      mountPath: '/management',
      router: createManagementRouter(store, { token: config.MANAGEMENT_API_TOKEN }),
      summary: 'Projektverwaltung /management/',
      close: async () => {
        await Promise.allSettled(pending);
        await store.flush();
      },
    };
  },
};
