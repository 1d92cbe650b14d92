import path from 'node:path';
import type { StandIn } from '../stand-in-types.ts';
import { backgroundSender, createEventSender } from '../shared/signed-events.ts';
import { createIotCommissioning, createPortalReporter } from './portal-events.ts';
import { createManagementRouter } from './router.ts';
import { ManagementFiles } from './files.ts';
import { ManagementMoneyStore } from './money.ts';
import { ManagementStore } from './store.ts';

/** Where the portal takes the management service's events (bff/http/routes/journey.routes.ts). */
const PORTAL_EVENTS_PATH = '/api/management/webhook';

/** The installer's management service (projects, journeys, portal-account links) under `/management`. */
export const managementStandIn: StandIn = {
  name: 'management',
  async start({ config, dataDir, log, url }) {
    const store = await ManagementStore.open(path.join(dataDir, 'management.json'), log);
    const files = await ManagementFiles.open(dataDir, log);
    const money = await ManagementMoneyStore.open(dataDir, log);
    const events = backgroundSender(
      createEventSender({
        url: `${config.publicUrl}${PORTAL_EVENTS_PATH}`,
        secret: config.MANAGEMENT_WEBHOOK_SECRET,
        header: 'x-management-signature',
        label: 'Management',
        log,
      }),
    );
    // The back office registers each commissioned installation at the IoT cloud before the portal hears of the
    // change, so both agree on which projects have one (the portal's "finished" mail promises monitoring only then).
    const iot = createIotCommissioning(`${url}/iot/_control`, log);
    store.onPositionChange((change) => {
      const project = store.get(change.projectId);
      const journey = store.journey(change.projectId);
      void (project && journey ? iot.commissioned(project, journey) : Promise.resolve()).then(() => events.send('project.step_changed', change));
    });
    money.onRefundChange((projectId) => events.send('project.refund_changed', { projectId }));
    return {
      mountPath: '/management',
      router: createManagementRouter(store, files, money, { token: config.MANAGEMENT_API_TOKEN, reportStepDone: createPortalReporter(config) }),
      summary: 'Projektverwaltung /management/',
      close: async () => {
        await events.drain();
        await store.flush();
        await files.flush();
        await money.flush();
      },
    };
  },
};
