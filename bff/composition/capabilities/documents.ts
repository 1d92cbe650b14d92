import { FILES_PAGE_ROUTES } from '../../contracts/documents.ts';
import { createManagementDocumentRepository } from '../../db/repositories/files.repository.ts';
import { createMilestoneMailRepository } from '../../db/repositories/signing-envelopes.repository.ts';
import { createDocumentsService } from '../../domain/documents/documents.service.ts';
import { documentsRoutes } from '../../http/routes/documents.routes.ts';
import { defineCapability } from '../capability.ts';

declare module '../capability-services.ts' {
  interface CapabilityServices {
    documents: ReturnType<typeof createDocumentsService>;
  }
}

/** The project's documents from the documents and management services (docs/files.md). */
export const documentsCapability = defineCapability({
  name: 'documents',
  needs: ['help', 'messages', 'money'],
  build: ({ adapters, knex, logger, projects, upstreamCache, activity, users, mailLog, config, warn }, { help, messages, money }) => ({
    documents: createDocumentsService({
      projects,
      documents: adapters.documents,
      managementFiles: adapters.managementFiles,
      mirror: createManagementDocumentRepository(knex, ({ projectId, error }) => logger.warn('documents mirror: deadlock, retried once', { projectId, error })),
      instructions: (lang) => help.instructions(lang),
      cmsFile: (file) => help.media(file),
      taskSubjects: async (projectId, ctx) => new Map((await messages.projectTasks(projectId, ctx)).map((t) => [t.id, t.subject])),
      cache: upstreamCache,
      activity,
      management: adapters.management,
      users,
      mailer: adapters.mailer,
      mailLog,
      notices: createMilestoneMailRepository(knex),
      publicUrl: config.publicUrl,
      installerName: config.INSTALLER_NAME,
      warn,
      downloaded: (document) => money.refunds.documentDownloaded(document),
    }),
  }),
  routers: [['internal', documentsRoutes]],
  pageRoutes: FILES_PAGE_ROUTES,
  pages: (s, ctx) => ({ documents: s.documents.forRequest(ctx) }),
  events: { 'document.published': (s, data) => s.documents.documentPublished(data) },
});
