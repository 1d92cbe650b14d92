import type { SessionUser } from '../../contracts/auth.ts';
import {
  DOCUMENT_CATEGORY_NAMES,
  categoryOf,
  documentHref,
  isDocumentType,
  photoHref,
  type DocumentCategory,
  type DocumentItem,
  type DocumentSource,
  type DocumentsServices,
  type DocumentsView,
  type GalleryView,
  type Photo,
  type UpcomingCategory,
} from '../../contracts/documents.ts';
import { CommonErrors, hasErrorCode } from '../../contracts/errors.ts';
import type { Instruction } from '../../contracts/help.ts';
import { threadHref } from '../../contracts/messages.ts';
import type { Language } from '../../contracts/auth.ts';
import type { DocumentService, FileStream, StoredDocument } from '../../ports/document-service.ts';
import type { ManagedProject, ManagementFiles, ManagementService } from '../../ports/management-service.ts';
import type { Mailer } from '../../ports/mailer.ts';
import { renderCustomerMail } from '../mail/mail-layout.ts';
import type { MailLogRepository } from '../repositories/mail-log.ts';
import type { MilestoneMailRepository } from '../repositories/signing-envelopes.ts';
import type { MailRecipient, UserAccounts } from '../repositories/users.ts';
import { createHash } from 'node:crypto';
import type { ActivityService } from '../activity/activity.service.ts';
import { notFound } from '../errors.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { ManagementDocumentRepository, MirroredDocument } from '../repositories/files.ts';
import type { RequestContext } from '../request-context.ts';
import type { UpstreamCache } from '../upstream-cache.ts';
import { createThumbnailCache } from './thumbnails.ts';

export interface DocumentsDeps {
  projects: ProjectAccess;
  documents: DocumentService;
  managementFiles: ManagementFiles;
  mirror: ManagementDocumentRepository;
  /** The CMS's instructions (cached); those with a file are the product-line manuals. */
  instructions: (lang: Language) => Promise<Instruction[]>;
  /** A CMS upload by its file name (streamed), or null. */
  cmsFile: (file: string) => Promise<{ contentType: string; body: ReadableStream<Uint8Array> } | null>;
  /** Subjects of the project's tasks, for documents attached to a task (within a request the bell's call, shared). */
  taskSubjects: (projectId: number, ctx?: RequestContext) => Promise<Map<string, string>>;
  /** Where a page's photos and task subjects are kept between renders (docs/files.md "What a page asks"). */
  cache?: UpstreamCache;
  activity: ActivityService;
  /** For the "new document" mail on the installer's event. */
  management: ManagementService;
  users: UserAccounts;
  mailer: Mailer;
  mailLog: MailLogRepository;
  /** One mail per project and document, also when the event comes twice. */
  notices: MilestoneMailRepository;
  publicUrl: string;
  installerName: string;
  warn: (message: string, fields?: Record<string, unknown>) => void;
  /**
   * Told of every download of a document-service document the customer was handed (the money capability: the first
   * download of the refund document sets documentDownloadedAt). A failure here never fails the download.
   */
  downloaded?: (document: StoredDocument) => Promise<void>;
}

/** A download: the stream and what the answer's headers need. */
export interface Download {
  filename: string;
  contentType: string;
  size: number | null;
  body: ReadableStream<Uint8Array>;
}

/** One file of a project for the export's ZIP (docs/exports.md): its facts, and its bytes opened only when written. */
export interface ProjectFile {
  /** The file's name in the archive (unique within its folder); photos are JPEG (the installer's cameras' format). */
  name: string;
  title: string;
  category: DocumentCategory | 'PHOTO';
  modifiedAt: string | null;
  open(): Promise<FileStream>;
}

/** The name `name` would take in a folder that already holds `taken`: "Plan.pdf", "Plan (2).pdf", ... */
function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * The usual order in which a project's documents arrive (the empty states say when a category will fill). Categories
 * missing here (financing, other) arrive whenever they do and have no promise to make.
 */
const ARRIVAL: { category: DocumentCategory; afterStep: UpcomingCategory['afterStep']; step: string }[] = [
  { category: 'OFFER_DOCUMENT', afterStep: 'PLANNING', step: 'OFFER_CONFIRMATION' },
  { category: 'POWER_OF_ATTORNEY_DOCUMENT', afterStep: 'POWER_OF_ATTORNEY', step: 'POWER_OF_ATTORNEY_MASTR' },
  { category: 'ASSEMBLY_DOCUMENT', afterStep: 'DELIVERY', step: 'DELIVERY' },
  { category: 'CIRCUIT_DIAGRAM', afterStep: 'AC', step: 'AC' },
  { category: 'REGISTRATION', afterStep: 'ASSEMBLY_CONCLUSION', step: 'ASSEMBLY_CONCLUSION' },
  { category: 'BILL', afterStep: 'ASSEMBLY_CONCLUSION', step: 'ASSEMBLY_CONCLUSION' },
  { category: 'WARRANTY_DOCUMENTS', afterStep: 'ASSEMBLY_CONCLUSION', step: 'ASSEMBLY_CONCLUSION' },
];
const STEP_ORDER = ['OFFER_CONFIRMATION', 'POWER_OF_ATTORNEY', 'POWER_OF_ATTORNEY_MASTR', 'PLANNING_CONCLUSION', 'DELIVERY', 'DC', 'AC', 'ASSEMBLY_CONCLUSION', 'IN_OPERATION'];
const PHOTO_STEPS: Photo['step'][] = ['DC', 'AC', 'ASSEMBLY_CONCLUSION', 'OTHER'];

/** Ids of the portal name the source: `ds-<uuid>`, `mg-<mirror id>`, `cms-<file name>`. */
const ID_PATTERN = /^(ds|mg|cms)-([A-Za-z0-9._-]{1,200})$/;
const typeOf = (value: string) => (isDocumentType(value) ? value : 'OTHER');
const cmsFileOf = (instruction: Instruction) => instruction.file?.url.split('/').pop() ?? '';

/** A safe `filename` for Content-Disposition: no path, no control characters or quotes, a PDF keeps its extension. */
export function downloadName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').normalize('NFC').replace(/[\p{Cc}\p{Cf}"<>|:*?]/gu, '').trim().slice(0, 150);
  return base || 'dokument.pdf';
}

/**
 * Files (docs/files.md): one list of the session project's documents from the document service, the
 * management service's shared files (mirrored as ManagementApiDocument) and the CMS's manuals for the project's product
 * lines, grouped by category (`DOCUMENT_CATEGORIES`); downloads with the ownership check and DOCUMENT_DOWNLOADED; the
 * photos.
 */
export function createDocumentsService(deps: DocumentsDeps) {
  const thumbnails = createThumbnailCache();

  /**
   * Mirrors the management service's list and answers the shared, current versions, each with the size and date the
   * service gives for the file (the mirror row's own date is when the portal first saw it).
   */
  async function managementDocuments(projectId: number): Promise<(MirroredDocument & { size: number; changedAt: string | null })[]> {
    const files = await deps.managementFiles.documents(projectId);
    const rows = await deps.mirror.sync(
      projectId,
      files.map((f) => ({ managementId: f.id, filename: f.filename, share: f.share, path: f.path, type: f.type, hash: f.hash, deleted: f.deleted })),
    );
    const live = new Map(files.map((f) => [`${f.id}:${f.hash}`, f]));
    return rows
      .filter((row) => row.share)
      .map((row) => {
        const file = live.get(`${row.managementId}:${row.hash}`);
        return { ...row, size: file?.size ?? 0, changedAt: file && !Number.isNaN(Date.parse(file.updatedAt)) ? new Date(file.updatedAt).toISOString() : null };
      });
  }

  function fromDocumentService(doc: StoredDocument, subjects: Map<string, string>): DocumentItem {
    const type = typeOf(doc.type);
    const subject = doc.taskId ? subjects.get(doc.taskId) : undefined;
    return {
      id: `ds-${doc.uuid}`,
      title: doc.title,
      filename: doc.filename,
      type,
      category: categoryOf(type),
      source: 'DOCUMENT_SERVICE',
      contentType: doc.contentType,
      size: doc.size,
      createdAt: doc.createdAt,
      href: documentHref(`ds-${doc.uuid}`),
      task: doc.taskId && subject !== undefined ? { id: doc.taskId, subject, href: threadHref(doc.taskId) } : null,
      // The portal files signed envelopes as `envelope:<id>`; its other documents (the refund's) are not signatures.
      signedInPortal: doc.externalId?.startsWith('envelope:') ?? false,
    };
  }

  function fromMirror(row: MirroredDocument & { size: number; changedAt: string | null }): DocumentItem {
    const type = typeOf(row.type);
    return {
      id: `mg-${row.id}`,
      title: row.filename.replace(/\.[a-z0-9]{2,4}$/i, '').replace(/[-_]+/g, ' '),
      filename: row.filename,
      type,
      category: categoryOf(type),
      source: 'MANAGEMENT',
      contentType: row.filename.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream',
      size: row.size,
      createdAt: row.changedAt ?? row.createdAt.toISOString(),
      href: documentHref(`mg-${row.id}`),
      task: null,
      signedInPortal: false,
    };
  }

  function fromCms(instruction: Instruction & { file: NonNullable<Instruction['file']> }): DocumentItem {
    const file = instruction.file;
    const id = `cms-${cmsFileOf(instruction)}`;
    return {
      id,
      title: instruction.title,
      filename: file.name,
      type: 'USER_MANUAL',
      category: categoryOf('USER_MANUAL'),
      source: 'CMS',
      contentType: file.mime,
      size: Math.round(file.sizeKb * 1024),
      createdAt: null,
      href: documentHref(id),
      task: null,
      signedInPortal: false,
    };
  }

  /** Reads one source; an outage of it is reported, not thrown, so the other sources still show. */
  async function source<T>(name: DocumentSource, unavailable: DocumentSource[], load: () => Promise<T[]>): Promise<T[]> {
    try {
      return await load();
    } catch (error) {
      if (!hasErrorCode(error, CommonErrors.UPSTREAM_UNAVAILABLE)) throw error;
      deps.warn('documents source unavailable', { source: name, error });
      unavailable.push(name);
      return [];
    }
  }

  async function documentsOf(project: ManagedProject, ctx: RequestContext): Promise<{ items: DocumentItem[]; unavailable: DocumentSource[] }> {
    const unavailable: DocumentSource[] = [];
    const [stored, mirrored, instructions] = await Promise.all([
      source('DOCUMENT_SERVICE', unavailable, () => deps.documents.documents(project.id)),
      source('MANAGEMENT', unavailable, () => managementDocuments(project.id)),
      source('CMS', unavailable, () => deps.instructions(ctx.lang)),
    ]);
    const subjects = await subjectsOf(project.id, stored, ctx);
    const manuals = instructions.filter((i): i is Instruction & { file: NonNullable<Instruction['file']> } => i.file !== null && cmsFileOf(i) !== '' && project.productLines.includes(i.productLine));
    const items = [...stored.map((d) => fromDocumentService(d, subjects)), ...mirrored.map(fromMirror), ...manuals.map(fromCms)];
    return { items, unavailable };
  }

  const newestFirst = (a: DocumentItem, b: DocumentItem) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || a.title.localeCompare(b.title, 'de');

  function view(project: ManagedProject, items: DocumentItem[], filter: DocumentCategory[], unavailable: DocumentSource[]): DocumentsView {
    const counts: Partial<Record<DocumentCategory, number>> = {};
    for (const item of items) counts[item.category] = (counts[item.category] ?? 0) + 1;
    const shown = filter.length > 0 ? items.filter((i) => filter.includes(i.category)) : items;
    const groups = DOCUMENT_CATEGORY_NAMES.map((category) => ({ category, documents: shown.filter((i) => i.category === category).sort(newestFirst) })).filter(
      (g) => g.documents.length > 0,
    );
    const position = STEP_ORDER.indexOf(project.step);
    const upcoming = ARRIVAL.filter((a) => !counts[a.category] && STEP_ORDER.indexOf(a.step) >= position && (filter.length === 0 || filter.includes(a.category))).map(
      ({ category, afterStep }) => ({ category, afterStep }),
    );
    return { projectId: project.id, filter, groups, counts, total: items.length, upcoming, unavailable };
  }

  async function stream(file: FileStream | null): Promise<FileStream> {
    if (!file) throw notFound('Dieses Dokument haben wir nicht gefunden.');
    return file;
  }

  /**
   * The subjects of the tasks the documents are attached to. A task's subject never changes, so on a page the kept ones
   * serve until a document names a task they do not know; without such a document nothing is asked.
   */
  async function subjectsOf(projectId: number, docs: readonly StoredDocument[], ctx?: RequestContext): Promise<Map<string, string>> {
    const taskIds = docs.flatMap((d) => (d.taskId ? [d.taskId] : []));
    if (taskIds.length === 0) return new Map();
    const ask = () => deps.taskSubjects(projectId, ctx);
    const key = `task-subjects:${projectId}`;
    const about = () => [projectId];
    try {
      if (!ctx || !deps.cache) return await ask();
      const kept = await deps.cache.through(ctx, key, ask, about, 'tasks');
      return taskIds.every((id) => kept.has(id)) ? kept : await deps.cache.refresh(ctx, key, ask, about, 'tasks');
    } catch {
      return new Map();
    }
  }

  /**
   * The project's photos; a page keeps them like the projects (docs/files.md "What a page asks"): the vendor sends no
   * event for a new photo, so one shows within the kept time, or at once after a step event of the project.
   */
  const photosOf = (projectId: number, ctx?: RequestContext) =>
    ctx && deps.cache ? deps.cache.through(ctx, `photos:${projectId}`, () => deps.documents.photos(projectId), () => [projectId], 'documents') : deps.documents.photos(projectId);

  async function gallery(project: ManagedProject, ctx?: RequestContext): Promise<GalleryView> {
    const photos = await photosOf(project.id, ctx);
    const mapped: Photo[] = photos
      .map((p) => ({
        id: p.uuid,
        caption: p.caption,
        subject: p.subject,
        step: p.step,
        takenAt: p.takenAt,
        width: p.width,
        height: p.height,
        thumbnailHref: photoHref(project.id, p.uuid, 'thumbnail'),
        fullHref: photoHref(project.id, p.uuid, 'full'),
      }))
      .sort((a, b) => a.takenAt.localeCompare(b.takenAt));
    const groups = PHOTO_STEPS.map((step) => ({ step, photos: mapped.filter((p) => p.step === step) })).filter((g) => g.photos.length > 0);
    return { projectId: project.id, groups, total: mapped.length, assemblyDone: ['ASSEMBLY_CONCLUSION', 'IN_OPERATION'].includes(project.step) };
  }

  /** `GET /documents?categoryFilter=`: the session project's documents (null without a project). */
  async function list(ctx: RequestContext, filter: DocumentCategory[]): Promise<DocumentsView | null> {
    const project = await deps.projects.current(ctx);
    if (!project) return null;
    const { items, unavailable } = await documentsOf(project, ctx);
    return view(project, items, filter, unavailable);
  }

  /** `GET /project/{projectId}/task-document/{taskId}`: what the installer attached to this task of the project. */
  async function ofTask(user: SessionUser, projectId: number, taskId: string, ctx?: RequestContext): Promise<DocumentItem[]> {
    await deps.projects.ownedProject(user.id, projectId, undefined, ctx);
    const docs = (await deps.documents.documents(projectId, { taskId })).filter((d) => d.taskId === taskId);
    const subjects = await subjectsOf(projectId, docs, ctx);
    return docs.map((d) => fromDocumentService(d, subjects)).sort(newestFirst);
  }

  /**
   * The installer published a document (external event, docs/machine-api.md): the project's portal customers get one
   * mail per document with a link to their documents; a repeated event mails nobody again.
   */
  function documentPublishedMail(to: MailRecipient, event: { projectId: number; title: string }) {
    const texts = {
      de: {
        subject: `Neues Dokument zu Deinem Projekt: ${event.title}`,
        heading: 'Ein neues Dokument für Dich',
        text: `wir haben Dir zu Projekt ${event.projectId} ein Dokument bereitgestellt: „${event.title}“. Du findest es im Kundenportal unter „Dateien“.`,
        button: 'Dokumente ansehen',
        footer: 'Du bekommst diese E-Mail, weil Du im Kundenportal mit diesem Projekt verbunden bist.',
      },
      en: {
        subject: `New document for your project: ${event.title}`,
        heading: 'A new document for you',
        text: `We have provided a document for project ${event.projectId}: “${event.title}”. You will find it in the customer portal under “Files”.`,
        button: 'See documents',
        footer: 'You are receiving this e-mail because you are connected to this project in the customer portal.',
      },
    }[to.lang];
    return renderCustomerMail({ lang: to.lang, texts, name: to.firstName, blocks: [texts.text], href: new URL('/home/app/files/documents', deps.publicUrl).href, installerName: deps.installerName });
  }

  async function documentPublished(event: { projectId: number; documentId: string; title: string }): Promise<'mailed' | 'already' | 'no-recipient' | 'failed'> {
    const project = await deps.management.getProject(event.projectId);
    const recipients = project ? await deps.users.recipientsOf(project.portalUserIds) : [];
    if (recipients.length === 0) return 'no-recipient';
    const key = `DOC:${createHash('sha256').update(event.documentId).digest('hex').slice(0, 28)}`;
    if (!(await deps.notices.claim(event.projectId, key))) return 'already';
    // One mail per customer of the project, each in their language; the document's title is the installer's (German).
    const mails = recipients.map((r) => ({ to: r.email, mail: documentPublishedMail(r, event) }));
    try {
      for (const { to, mail } of mails) await deps.mailer.send({ to: [to], ...mail });
    } catch (error) {
      await deps.notices.release(event.projectId, key);
      deps.warn('document mail failed', { projectId: event.projectId, error });
      return 'failed';
    }
    for (const { to, mail } of mails) await deps.mailLog.record({ activityLogId: null, sender: deps.mailer.from, receiver: to, subject: mail.subject, html: mail.html, text: mail.text });
    return 'mailed';
  }

  return {
    list,
    ofTask,
    documentPublished,

    /**
     * One document of the customer's projects, streamed, with DOCUMENT_DOWNLOADED and its sub-logs. Another
     * customer's, an unshared, a deleted or a replaced version answers NOT_FOUND, exactly like an unknown id.
     */
    async download(user: SessionUser, id: string, lang: Language): Promise<Download> {
      const match = ID_PATTERN.exec(id);
      if (!match) throw notFound('Dieses Dokument haben wir nicht gefunden.');
      const [, kind, ref] = match as unknown as [string, 'ds' | 'mg' | 'cms', string];
      if (kind === 'ds') {
        const doc = await deps.documents.document(ref);
        if (!doc) throw notFound('Dieses Dokument haben wir nicht gefunden.');
        await deps.projects.ownedProject(user.id, doc.projectId, 'Dieses Dokument');
        const file = await stream(await deps.documents.content(doc.uuid));
        const type = typeOf(doc.type);
        await deps.activity.record(user, 'DOCUMENT_DOWNLOADED', { projectId: doc.projectId, document: { category: categoryOf(type) }, documentServiceDocument: { documentUuid: doc.uuid } });
        await deps.downloaded?.(doc).catch((error: unknown) => deps.warn('download listener failed', { documentUuid: doc.uuid, error }));
        return { filename: downloadName(doc.filename), contentType: file.contentType, size: file.size, body: file.body };
      }
      if (kind === 'mg') {
        const row = /^\d{1,15}$/.test(ref) ? await deps.mirror.get(Number(ref)) : null;
        if (!row || row.deleted || !row.share) throw notFound('Dieses Dokument haben wir nicht gefunden.');
        await deps.projects.ownedProject(user.id, row.projectId, 'Dieses Dokument');
        // The service's list decides: a version replaced or withdrawn since the page was shown is not handed out.
        const current = await managementDocuments(row.projectId);
        if (!current.some((c) => c.id === row.id)) throw notFound('Dieses Dokument haben wir nicht gefunden.');
        const file = await stream(await deps.managementFiles.content(row.projectId, row.managementId));
        await deps.activity.record(user, 'DOCUMENT_DOWNLOADED', {
          projectId: row.projectId,
          document: { category: categoryOf(typeOf(row.type)) },
          managementDocument: { hash: row.hash, projectId: row.projectId },
        });
        return { filename: downloadName(row.filename), contentType: file.contentType, size: file.size, body: file.body };
      }
      // A CMS manual: offered to customers whose projects have its product line.
      const projects = await deps.projects.projectsOf(user.id);
      const lines = new Set(projects.flatMap((p) => p.productLines));
      const manual = (await deps.instructions(lang)).find((i) => i.file && cmsFileOf(i) === ref && lines.has(i.productLine));
      if (!manual?.file) throw notFound('Dieses Dokument haben wir nicht gefunden.');
      const media = await deps.cmsFile(ref);
      if (!media) throw notFound('Dieses Dokument haben wir nicht gefunden.');
      const file = { contentType: media.contentType, size: null, body: media.body };
      await deps.activity.record(user, 'DOCUMENT_DOWNLOADED', { document: { category: categoryOf('USER_MANUAL') }, cmsFileDocument: { fileId: ref } });
      return { filename: downloadName(manual.file.name), contentType: file.contentType, size: file.size, body: file.body };
    },

    /**
     * Every shared document (document service and management service) and every photo of the customer's project, for
     * the export's ZIP (docs/exports.md): facts now, bytes when the archive writes each file. A source that is down
     * is named in `unavailable` and left out; the CMS's product manuals are not the project's and stay out.
     */
    async projectFiles(user: SessionUser, projectId: number): Promise<{ documents: ProjectFile[]; photos: ProjectFile[]; unavailable: DocumentSource[] }> {
      const project = await deps.projects.ownedProject(user.id, projectId);
      const unavailable: DocumentSource[] = [];
      const [stored, mirrored, photos] = await Promise.all([
        source('DOCUMENT_SERVICE', unavailable, () => deps.documents.documents(project.id)),
        source('MANAGEMENT', unavailable, () => managementDocuments(project.id)),
        source('DOCUMENT_SERVICE', unavailable, () => deps.documents.photos(project.id)),
      ]);
      const documentNames = new Set<string>();
      const photoNames = new Set<string>();
      const documents: ProjectFile[] = [
        ...stored.map((doc) => ({
          name: uniqueName(downloadName(doc.filename), documentNames),
          title: doc.title,
          category: categoryOf(typeOf(doc.type)),
          modifiedAt: doc.createdAt,
          open: async () => {
            const file = await stream(await deps.documents.content(doc.uuid));
            await deps.downloaded?.(doc).catch((error: unknown) => deps.warn('download listener failed', { documentUuid: doc.uuid, error }));
            return file;
          },
        })),
        ...mirrored.map((row) => ({
          name: uniqueName(downloadName(row.filename), documentNames),
          title: row.filename,
          category: categoryOf(typeOf(row.type)),
          modifiedAt: row.changedAt,
          open: async () => stream(await deps.managementFiles.content(row.projectId, row.managementId)),
        })),
      ];
      const pictures: ProjectFile[] = [...photos]
        .sort((a, b) => a.takenAt.localeCompare(b.takenAt))
        .map((photo) => ({
          name: uniqueName(`${photo.takenAt.slice(0, 10)} ${downloadName(photo.caption || photo.subject || photo.uuid).replace(/\./g, ' ')}.jpg`, photoNames),
          title: photo.caption,
          category: 'PHOTO' as const,
          modifiedAt: photo.takenAt,
          open: async () => stream(await deps.documents.photoContent(photo.uuid)),
        }));
      return { documents, photos: pictures, unavailable: [...new Set(unavailable)] };
    },

    /** `GET /project/{id}/photos`. */
    async photos(user: SessionUser, projectId: number): Promise<GalleryView> {
      const project = await deps.projects.ownedProject(user.id, projectId);
      return gallery(project);
    },

    /** A photo of the customer's project: the original (streamed) or its thumbnail (WebP). */
    async photo(user: SessionUser, projectId: number, photoId: string, size: 'thumbnail' | 'full'): Promise<{ contentType: string; body: ReadableStream<Uint8Array> | Buffer; size: number | null }> {
      await deps.projects.ownedProject(user.id, projectId);
      const photos = await deps.documents.photos(projectId);
      if (!photos.some((p) => p.uuid === photoId)) throw notFound('Dieses Foto haben wir nicht gefunden.');
      const original = async () => {
        const file = await stream(await deps.documents.photoContent(photoId));
        return new Uint8Array(await new Response(file.body).arrayBuffer());
      };
      if (size === 'thumbnail') {
        const bytes = await thumbnails.get(photoId, original);
        return { contentType: 'image/webp', body: bytes, size: bytes.length };
      }
      const file = await stream(await deps.documents.photoContent(photoId));
      return { contentType: file.contentType, body: file.body, size: file.size };
    },

    forRequest: (ctx: RequestContext): DocumentsServices => ({
      list: (filter) => list(ctx, filter),
      gallery: async () => {
        const project = await deps.projects.current(ctx);
        return project ? gallery(project, ctx) : null;
      },
      ofTask: async (projectId, taskId) => {
        if (!ctx.user) return [];
        return ofTask(ctx.user, projectId, taskId, ctx);
      },
    }),
  };
}

export type DocumentsDomainService = ReturnType<typeof createDocumentsService>;
