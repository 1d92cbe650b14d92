import type { StandIn } from '../stand-in-types.ts';
import { backgroundSender, createEventSender } from '../shared/signed-events.ts';
import { createTasksRouter } from './router.ts';
import { TaskStore } from './store.ts';

/** Where the portal takes the task service's events (bff/http/routes/messages.routes.ts). */
const PORTAL_TASK_EVENTS_PATH = '/api/tasks/webhook';

/** The installer's task service (ticketing: requests, answers, to-dos, attachments) under `/tasks`. */
export const tasksStandIn: StandIn = {
  name: 'tasks',
  async start({ config, dataDir, log }) {
    const store = await TaskStore.open(dataDir, log);
    const events = backgroundSender(
      createEventSender({ url: `${config.publicUrl}${PORTAL_TASK_EVENTS_PATH}`, secret: config.TASKS_WEBHOOK_SECRET, header: 'x-tasks-signature', label: 'Aufgaben', log }),
    );
    store.onInstallerEntry((change) => events.send('task.updated', change));
    return {
      mountPath: '/tasks',
      router: createTasksRouter(store, { token: config.TASKS_API_TOKEN }),
      summary: 'Ticketsystem /tasks/',
      close: async () => {
        await events.drain();
        await store.flush();
      },
    };
  },
};
