import { MESSAGES_PAGE_ROUTES } from '../../contracts/messages.ts';
import { messagesData } from '../../db/repositories/account-data.repository.ts';
import { createMessagesRepository } from '../../db/repositories/messages.repository.ts';
import { messagesAccountData } from '../../domain/messages/messages-account-data.ts';
import { createMessagesService } from '../../domain/messages/messages.service.ts';
import { eachProject } from '../../domain/notifications/notifications.service.ts';
import { messagesRoutes, tasksWebhookRoutes } from '../../http/routes/messages.routes.ts';
import { defineCapability } from '../capability.ts';

declare module '../capability-services.ts' {
  interface CapabilityServices {
    messages: ReturnType<typeof createMessagesService>;
  }
}

/** Messages and to-dos with the installer through the task service (docs/messages.md). */
export const messagesCapability = defineCapability({
  name: 'messages',
  needs: ['help'],
  build: ({ adapters, knex, projects, activity, mailLog, users, idempotent, config, warn }, { help }) => ({
    messages: createMessagesService({
      projects,
      management: adapters.management,
      tasks: adapters.tasks,
      repository: createMessagesRepository(knex),
      supportQuestions: (lang) => help.supportQuestions(lang),
      activity,
      mailer: adapters.mailer,
      mailLog,
      users,
      idempotent: idempotent(),
      publicUrl: config.publicUrl,
      installerName: config.INSTALLER_NAME,
      warn,
    }),
  }),
  routers: [
    ['machine', tasksWebhookRoutes],
    ['internal', messagesRoutes],
  ],
  pageRoutes: MESSAGES_PAGE_ROUTES,
  pages: (s, ctx) => ({ messages: s.messages.forRequest(ctx) }),
  accountData: ({ adapters, knex }) => [messagesAccountData({ tasks: adapters.tasks, store: messagesData(knex) })],
  notifications: (s, { projects }) => [eachProject((userId, ctx) => projects.projectsOf(userId, ctx), s.messages.notifications)],
  events: { 'task.answered': (s, data) => s.messages.taskEvent(data) },
});
