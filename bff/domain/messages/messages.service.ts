import type { Language, SessionUser } from '../../contracts/auth.ts';
import {
  MessagesErrors,
  attachmentHref,
  threadHref,
  type CreateComment,
  type CreateRequest,
  type MessageThread,
  type MessagesServices,
  type ThreadEntry,
  type ThreadSummary,
} from '../../contracts/messages.ts';
import { message } from '../../contracts/message-text.ts';
import type { PortalNotification } from '../../contracts/notifications.ts';
import type { SupportQuestion } from '../../contracts/help.ts';
import type { Mailer } from '../../ports/mailer.ts';
import type { ManagedProject, ManagementService } from '../../ports/management-service.ts';
import type { TaskService, UploadedFile, VendorTask } from '../../ports/task-service.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { AppError, notFound } from '../errors.ts';
import { requestHash, type Idempotent } from '../idempotency/idempotency.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { RequestContext } from '../request-context.ts';
import type { MailLogRepository } from '../repositories/mail-log.ts';
import type { MessagesRepository } from '../repositories/messages.ts';
import type { UserAccounts } from '../repositories/users.ts';
import { buildAnswerMail, buildTaskConfirmationMail } from './message-mails.ts';

/** At most one "new answer" mail per thread in this window. */
export const ANSWER_MAIL_WINDOW_MS = 60 * 60 * 1000;
const PREVIEW_LENGTH = 140;

export interface MessagesDeps {
  projects: ProjectAccess;
  management: ManagementService;
  tasks: TaskService;
  repository: MessagesRepository;
  /** The CMS's support questions in a language (German for the path the installer's rules read). */
  supportQuestions: (lang: Language) => Promise<SupportQuestion[]>;
  activity: ActivityService;
  mailer: Mailer;
  mailLog: MailLogRepository;
  users: UserAccounts;
  idempotent: Idempotent;
  publicUrl: string;
  installerName: string;
  warn: (message: string, fields?: Record<string, unknown>) => void;
  now?: () => Date;
  /** What the portal keeps of the project is out of date (the bell's kept feeds; docs/messages.md "The kept feed"). */
  projectChanged?: (projectId: number) => Promise<void>;
}

type VendorEntry = VendorTask['entries'][number];
const visible = (task: VendorTask) => task.entries.filter((e) => e.kind !== 'INTERNAL_INQUIRY');
const fromInstaller = (e: VendorEntry) => e.author.role !== 'CUSTOMER';
const STATUS_LINE = /^STATUS:(OPEN|IN_PROGRESS|DONE)$/;

/**
 * Messages with the installer (docs/messages.md): the task service's threads of the customer's projects, without
 * the installer's internal inquiries, which never leave this module. A thread is unread while the installer (or the
 * system) wrote something after the customer last opened it or wrote themselves.
 */
export function createMessagesService(deps: MessagesDeps) {
  const now = deps.now ?? (() => new Date());

  /** The newest installer entry the customer has not seen, or undefined. */
  function unreadEntry(task: VendorTask, readAt: Date | undefined, userId: string): VendorEntry | undefined {
    const entries = visible(task);
    const ownLast = entries.filter((e) => e.author.portalUserId === userId).at(-1)?.createdAt;
    const since = Math.max(readAt?.getTime() ?? 0, ownLast ? Date.parse(ownLast) : 0);
    return entries.filter((e) => fromInstaller(e) && Date.parse(e.createdAt) > since).at(-1);
  }

  function summary(task: VendorTask, readAt: Date | undefined, userId: string): ThreadSummary {
    const entries = visible(task);
    const last = entries.at(-1);
    const lastText = entries.filter((e) => e.kind !== 'ACTION_COMMENT').at(-1)?.text ?? '';
    return {
      id: task.id,
      projectId: task.projectId,
      type: task.type,
      subject: task.subject,
      status: task.status,
      lastActivityAt: last?.createdAt ?? task.updatedAt,
      unread: unreadEntry(task, readAt, userId) !== undefined,
      preview: lastText.length > PREVIEW_LENGTH ? `${lastText.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…` : lastText,
      entryCount: entries.length,
    };
  }

  function entryView(task: VendorTask, e: VendorEntry): ThreadEntry {
    const status = e.kind === 'ACTION_COMMENT' ? STATUS_LINE.exec(e.text)?.[1] : undefined;
    return {
      id: e.id,
      kind: e.kind as ThreadEntry['kind'],
      from: e.author.role,
      authorName: e.author.name,
      text: status ? '' : e.text,
      statusChange: (status as ThreadEntry['statusChange']) ?? null,
      createdAt: e.createdAt,
      attachments: e.attachments.map((a) => ({ ...a, href: attachmentHref(task.id, a.id) })),
    };
  }

  /** The task if it belongs to one of the customer's projects; NOT_FOUND otherwise, exactly like an unknown one. */
  async function ownedTask(user: SessionUser, taskId: string, what = 'Diese Nachricht', ctx?: RequestContext): Promise<VendorTask> {
    const task = await deps.tasks.task(taskId);
    if (!task) throw notFound(`${what} haben wir nicht gefunden.`);
    await deps.projects.ownedProject(user.id, task.projectId, what, ctx);
    return task;
  }

  /** The project's tasks; within a request asked once, shared by the page, the bell and the documents' task names. */
  const projectTasks = (projectId: number, ctx?: RequestContext) =>
    ctx ? ctx.once(`tasks:${projectId}`, () => deps.tasks.tasksOfProject(projectId), 'tasks') : deps.tasks.tasksOfProject(projectId);

  async function threadsOf(user: SessionUser, projectId: number, ctx?: RequestContext): Promise<ThreadSummary[]> {
    const tasks = await projectTasks(projectId, ctx);
    const readAt = await deps.repository.readAt(user.id, tasks.map((t) => t.id));
    return tasks
      .filter((t) => t.projectId === projectId)
      .map((t) => summary(t, readAt.get(t.id), user.id))
      .sort((a, b) => b.lastActivityAt.localeCompare(a.lastActivityAt));
  }

  /** The session's project: the chosen one, else the customer's first; null without any. */
  async function currentProjectId(ctx: RequestContext): Promise<number | null> {
    return (await deps.projects.current(ctx))?.id ?? null;
  }

  /**
   * The chosen topic's path of German titles, top level first (TaskPath). Only a topic without sub-topics can be
   * chosen: the customer goes step by step down to one.
   */
  async function supportPath(questionId: string): Promise<string[]> {
    const questions = await deps.supportQuestions('de');
    const byId = new Map(questions.map((q) => [q.id, q]));
    const question = byId.get(questionId);
    if (!question || questions.some((q) => q.parentId === questionId)) throw new AppError(MessagesErrors.SUPPORT_QUESTION_UNKNOWN);
    const path: string[] = [];
    for (let q: SupportQuestion | undefined = question; q && path.length < 5; q = q.parentId ? byId.get(q.parentId) : undefined) path.unshift(q.title);
    return path;
  }

  async function recordSent(user: SessionUser, projectId: number, path: string[], attachmentCount: number) {
    await deps.activity.record(user, 'MESSAGE_SENT', { projectId, taskPath: path.join(' › '), attachmentCount });
  }

  async function confirmationMail(user: SessionUser, task: VendorTask) {
    const name = user.firstName.trim() || user.email;
    const mail = buildTaskConfirmationMail({ publicUrl: deps.publicUrl, installerName: deps.installerName, name, subject: task.subject, taskId: task.id, threadPath: threadHref(task.id), lang: await deps.users.languageOf(user.id) });
    try {
      await deps.mailer.send({ to: [user.email], ...mail });
    } catch (error) {
      deps.warn('task confirmation mail failed', { taskId: task.id, error });
      await deps.activity.record(user, 'FAILED_TASK_CONFIRMATION_EMAIL', { projectId: task.projectId });
      return;
    }
    const activity = await deps.activity.record(user, 'SUCCESS_TASK_CONFIRMATION_EMAIL', { projectId: task.projectId });
    await deps.mailLog.record({ activityLogId: activity.id, sender: deps.mailer.from, receiver: user.email, subject: mail.subject, html: mail.html, text: mail.text });
  }

  /** How long the installer took to answer a request or case first (docs/messages.md "Time to first answer"). */
  function responseOf(task: VendorTask): MessageThread['response'] {
    if (task.type !== 'REQUEST') return null;
    const opened = visible(task)[0];
    if (!opened) return null;
    const answer = visible(task).find((e) => e.author.role === 'INSTALLER' && e.kind !== 'ACTION_COMMENT' && Date.parse(e.createdAt) >= Date.parse(opened.createdAt));
    return {
      openedAt: opened.createdAt,
      answer: answer ? { at: answer.createdAt, afterMs: Math.max(0, Date.parse(answer.createdAt) - Date.parse(opened.createdAt)) } : null,
    };
  }

  /** Opens a thread: the customer's only, without internal inquiries; opening marks it read. */
  async function openThread(user: SessionUser, taskId: string, ctx?: RequestContext): Promise<MessageThread> {
    const task = await ownedTask(user, taskId, undefined, ctx);
    const readAt = (await deps.repository.readAt(user.id, [task.id])).get(task.id);
    // Only an unread thread is marked: opening a read one again writes nothing and leaves the bell's feeds as kept.
    if (unreadEntry(task, readAt, user.id) !== undefined) {
      await deps.repository.markRead(user.id, task.id, now());
      // Read now: the bell's kept feeds of the project gather afresh (docs/messages.md "The kept feed").
      await deps.projectChanged?.(task.projectId);
    }
    const { preview: _p, entryCount: _c, ...rest } = summary(task, now(), user.id);
    return { ...rest, unread: false, supportQuestion: task.supportQuestion, entries: visible(task).map((e) => entryView(task, e)), response: responseOf(task) };
  }

  const fileParts = (files: readonly UploadedFile[]) => files.flatMap((f) => [f.filename, f.sha256 ?? `${f.contentType}:${f.size}`]);

  return {
    projectTasks,

    /** `GET tasks/allProjectTasks/{projectId}`: the project's threads, newest activity first. */
    async listForProject(user: SessionUser, projectId: number): Promise<ThreadSummary[]> {
      await deps.projects.ownedProject(user.id, projectId);
      return threadsOf(user, projectId);
    },

    /** `GET tasks/comments/{taskId}`: the thread without internal inquiries; opening it marks it read. */
    thread: openThread,

    /**
     * `POST tasks/create-using-rules`: a new request on the chosen support question (its path stored as TaskPath),
     * files already checked; once per Idempotency-Key; MESSAGE_SENT and the confirmation mail.
     */
    async createRequest(user: SessionUser, input: CreateRequest, files: UploadedFile[], key: string | undefined) {
      await deps.projects.ownedProject(user.id, input.projectId);
      const path = await supportPath(input.supportQuestionId);
      const subject = input.subject?.trim() || path.at(-1) || 'Nachricht';
      const hash = requestHash(['create', String(input.projectId), input.supportQuestionId, subject, input.text, ...fileParts(files)]);
      return deps.idempotent({ userId: user.id, key, scope: 'tasks.create', hash }, async () => {
        const task = await deps.tasks.createRequest({
          projectId: input.projectId,
          subject,
          text: input.text,
          supportQuestion: path,
          author: { name: `${user.firstName} ${user.lastName}`.trim() || user.email, portalUserId: user.id },
          files,
        });
        await deps.repository.saveTaskPath(task.id, path);
        await deps.repository.markRead(user.id, task.id, now());
        await recordSent(user, input.projectId, path, files.length);
        await confirmationMail(user, task);
        return { status: 201, body: { taskId: task.id, href: threadHref(task.id) } };
      });
    },

    /** `POST tasks/create-comment`: a reply in one of the customer's threads, once per Idempotency-Key. */
    async reply(user: SessionUser, input: CreateComment, files: UploadedFile[], key: string | undefined) {
      const task = await ownedTask(user, input.taskId);
      const hash = requestHash(['comment', input.taskId, input.text, ...fileParts(files)]);
      return deps.idempotent({ userId: user.id, key, scope: 'tasks.comment', hash }, async () => {
        await deps.tasks.comment(task.id, { text: input.text, author: { name: `${user.firstName} ${user.lastName}`.trim() || user.email, portalUserId: user.id }, files });
        await deps.repository.markRead(user.id, task.id, now());
        await recordSent(user, task.projectId, task.supportQuestion, files.length);
        return { status: 201, body: { taskId: task.id, href: threadHref(task.id) } };
      });
    },

    /** An attachment of a visible entry of the customer's thread; an internal inquiry's file is NOT_FOUND. */
    async attachment(user: SessionUser, taskId: string, attachmentId: string) {
      // A foreign or unknown thread answers exactly like an unknown file of one's own.
      const task = await ownedTask(user, taskId, 'Diese Datei');
      const meta = visible(task).flatMap((e) => e.attachments).find((a) => a.id === attachmentId);
      const file = meta ? await deps.tasks.attachment(attachmentId) : null;
      if (!meta || !file) throw notFound('Diese Datei haben wir nicht gefunden.');
      return { filename: meta.filename, contentType: meta.contentType, bytes: file.bytes };
    },

    /** The task service's event: the installer wrote; the project's portal users get at most one mail an hour per thread. */
    async taskEvent(event: { taskId: string; projectId: number; kind: string }): Promise<'mailed' | 'throttled' | 'ignored' | 'no-recipient'> {
      if (event.kind === 'INTERNAL_INQUIRY' || event.kind === 'EXTERNAL_REQUEST') return 'ignored';
      const [task, project] = await Promise.all([deps.tasks.task(event.taskId), deps.management.getProject(event.projectId)]);
      if (!task || !project || task.projectId !== project.id) return 'ignored';
      const recipients = await deps.users.recipientsOf(project.portalUserIds);
      if (recipients.length === 0) return 'no-recipient';
      if (!(await deps.repository.claimThreadMail(task.id, now(), ANSWER_MAIL_WINDOW_MS))) return 'throttled';
      // One mail per customer of the project, each in their language and greeting them by name.
      for (const recipient of recipients) {
        const mail = buildAnswerMail({ publicUrl: deps.publicUrl, installerName: deps.installerName, subject: task.subject, threadPath: threadHref(task.id), lang: recipient.lang, firstName: recipient.firstName });
        await deps.mailer.send({ to: [recipient.email], ...mail });
        await deps.mailLog.record({ activityLogId: null, sender: deps.mailer.from, receiver: recipient.email, subject: mail.subject, html: mail.html, text: mail.text });
      }
      return 'mailed';
    },

    /** UNREAD_MESSAGE notifications of one of the customer's projects: one per thread with an unread answer. */
    async notifications(ctx: RequestContext, project: ManagedProject): Promise<Omit<PortalNotification, 'seen'>[]> {
      if (!ctx.user) return [];
      const projectId = project.id;
      const user = ctx.user;
      const tasks = await projectTasks(projectId, ctx);
      const readAt = await deps.repository.readAt(user.id, tasks.map((t) => t.id));
      return tasks.flatMap((task) => {
        const entry = unreadEntry(task, readAt.get(task.id), user.id);
        if (!entry) return [];
        return [
          {
            id: `UNREAD_MESSAGE:${task.id}:${entry.id}`,
            type: 'UNREAD_MESSAGE' as const,
            projectId,
            title: message('messages.noticeUnreadTitle'),
            text: message('messages.noticeUnreadText', { subject: task.subject }),
            href: threadHref(task.id),
            createdAt: entry.createdAt,
          },
        ];
      });
    },

    forRequest: (ctx: RequestContext): MessagesServices => ({
      topics: () => deps.supportQuestions(ctx.lang),
      async list() {
        const projectId = await currentProjectId(ctx);
        if (!ctx.user || projectId === null) return null;
        return { projectId, threads: await threadsOf(ctx.user, projectId, ctx) };
      },
      async thread(taskId) {
        if (!ctx.user) throw notFound();
        const user = ctx.user;
        return ctx.once(`thread:${taskId}`, () => openThread(user, taskId, ctx), 'tasks');
      },
    }),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
