import * as z from 'zod/mini';
import { defineErrors } from './errors.ts';
import { FREE_TEXT_PATTERN, SINGLE_LINE_TEXT_PATTERN } from './text.ts';
import type { SupportQuestion } from './help.ts';
import { definePages } from './routes.ts';

/**
 * Messages with the installer (docs/messages.md): the customer's requests and the installer's to-dos as threads
 * of the task service. Entry kinds without INTERNAL_INQUIRY, which never leaves the BFF.
 */
export const TASK_STATUSES = ['OPEN', 'IN_PROGRESS', 'DONE'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const VISIBLE_ENTRY_KINDS = ['EXTERNAL_REQUEST', 'EXTERNAL_RESPONSE', 'COMMENT', 'ACTION_COMMENT'] as const;
export type VisibleEntryKind = (typeof VISIBLE_ENTRY_KINDS)[number];

export interface MessageAttachment {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  /** Download through the portal (never the task service's own URL). */
  href: string;
}

export interface ThreadEntry {
  id: string;
  kind: VisibleEntryKind;
  from: 'CUSTOMER' | 'INSTALLER' | 'SYSTEM';
  authorName: string;
  text: string;
  /** For an ACTION_COMMENT that changed the status: the new status (the site words it). */
  statusChange: TaskStatus | null;
  createdAt: string;
  attachments: MessageAttachment[];
}

export interface ThreadSummary {
  id: string;
  projectId: number;
  /** REQUEST: the customer wrote first; TODO: the installer asks the customer for something. */
  type: 'REQUEST' | 'TODO';
  subject: string;
  status: TaskStatus;
  lastActivityAt: string;
  /** The installer wrote something the customer has not opened yet. */
  unread: boolean;
  /** The newest visible entry, shortened. */
  preview: string;
  entryCount: number;
}

export interface MessageThread extends Omit<ThreadSummary, 'preview' | 'entryCount'> {
  supportQuestion: string[];
  entries: ThreadEntry[];
  /**
   * A request's (or a service case's) time to first answer: when it was opened, and the installer's first visible
   * answer with how long it took; `answer` null while none came (docs/messages.md "Time to first answer"). Null for
   * a to-do, which the installer opened.
   */
  response: { openedAt: string; answer: { at: string; afterMs: number } | null } | null;
}

/** Limits of a message (docs/messages.md): text length, and up to five images or PDFs of 10 MB each. */
export const MESSAGE_LIMITS = {
  textMaxLength: 5000,
  subjectMaxLength: 120,
  maxFiles: 5,
  maxFileBytes: 10 * 1024 * 1024,
  /** Checked by content (magic bytes), not by name or the browser's type. */
  fileTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'] as const,
} as const;

/**
 * Ordinary Unicode text, emoji and symbols ("→", "✓", "×") included; only characters that are never meant as text
 * (control characters, bidirectional overrides, ...) make it invalid, and the site names the character at the field
 * (./text.ts, docs/security.md "Free text"). The subject is one line.
 */
export const MESSAGE_TEXT_PATTERN = FREE_TEXT_PATTERN;
export const MESSAGE_SUBJECT_PATTERN = SINGLE_LINE_TEXT_PATTERN;
export const normalizeMessageText = (text: string) => text.replace(/\r\n?/g, '\n').trim();

const text = z.pipe(
  z.string(),
  z.pipe(
    z.transform(normalizeMessageText),
    z.string().check(z.minLength(1, 'required'), z.maxLength(MESSAGE_LIMITS.textMaxLength, 'tooLong'), z.regex(MESSAGE_TEXT_PATTERN, 'invalidCharacters')),
  ),
);

/** `POST tasks/create-using-rules` (multipart: these fields plus `files`). */
export const CreateRequestSchema = z.strictObject({
  projectId: z.coerce.number().check(z.int(), z.positive()),
  /** The chosen support question (CMS document id); its path of titles is stored as TaskPath rows. */
  supportQuestionId: z.string().check(z.minLength(1), z.maxLength(64)),
  subject: z.optional(
    z.pipe(z.string(), z.pipe(z.transform(normalizeMessageText), z.string().check(z.maxLength(MESSAGE_LIMITS.subjectMaxLength, 'tooLong'), z.regex(MESSAGE_SUBJECT_PATTERN, 'invalidCharacters')))),
  ),
  text,
});
export type CreateRequest = z.infer<typeof CreateRequestSchema>;

/** `POST tasks/create-comment` (multipart: these fields plus `files`). */
export const CreateCommentSchema = z.strictObject({
  taskId: z.string().check(z.minLength(1), z.maxLength(64)),
  text,
});
export type CreateComment = z.infer<typeof CreateCommentSchema>;

export const MESSAGES_PATHS = {
  /** Internal base. */
  projectTasks: 'tasks/allProjectTasks/:projectId',
  comments: 'tasks/comments/:taskId',
  createUsingRules: 'tasks/create-using-rules',
  createComment: 'tasks/create-comment',
  attachment: 'tasks/:taskId/attachments/:attachmentId',
  /** Machine caller: the task service's events (HMAC). */
  webhook: '/api/tasks/webhook',
} as const;

export const attachmentHref = (taskId: string, attachmentId: string) =>
  `/api/v1/internal/tasks/${encodeURIComponent(taskId)}/attachments/${encodeURIComponent(attachmentId)}`;
export const threadHref = (taskId: string) => `/home/app/messages/${encodeURIComponent(taskId)}`;
/** Where a new message is written (the messages page's composer). */
export const MESSAGES_PAGE = '/home/app/messages';
export const MESSAGES_PAGE_ROUTES = definePages([
  { path: MESSAGES_PAGE, access: 'customer', logVisit: true, needsProject: true, nav: { labelKey: 'nav.messages', order: 17 } },
  { path: `${MESSAGES_PAGE}/[id]`, access: 'customer', needsProject: true, sample: `${MESSAGES_PAGE}/T-1001` },
]);
export const MESSAGES_NEW_PATH = `${MESSAGES_PAGE}#new`;
/** One thread's page. */
export const messageThreadPath = (taskId: string) => `${MESSAGES_PAGE}/${encodeURIComponent(taskId)}`;

export const MessagesErrors = defineErrors({
  TEXT_REQUIRED: { code: 'MESSAGES.TEXT_REQUIRED', status: 400, message: 'Bitte schreib eine Nachricht.' },
  TEXT_TOO_LONG: { code: 'MESSAGES.TEXT_TOO_LONG', status: 400, message: 'Die Nachricht ist zu lang.' },
  /** `character`: the first refused character (./text.ts `refusedCharacter`). */
  TEXT_INVALID_CHARACTERS: {
    code: 'MESSAGES.TEXT_INVALID_CHARACTERS',
    status: 400,
    message: 'Die Nachricht enthält ein Zeichen, das wir nicht annehmen können (zum Beispiel ein Steuerzeichen).',
  },
  SUBJECT_TOO_LONG: { code: 'MESSAGES.SUBJECT_TOO_LONG', status: 400, message: 'Der Betreff ist zu lang.' },
  /** `character`: the first refused character. */
  SUBJECT_INVALID_CHARACTERS: {
    code: 'MESSAGES.SUBJECT_INVALID_CHARACTERS',
    status: 400,
    message: 'Der Betreff enthält ein Zeichen, das wir nicht annehmen können (zum Beispiel einen Zeilenumbruch oder ein Steuerzeichen).',
  },
  TOO_MANY_FILES: { code: 'MESSAGES.TOO_MANY_FILES', status: 400, message: 'Bitte hänge höchstens 5 Dateien an.' },
  FILE_TOO_LARGE: { code: 'MESSAGES.FILE_TOO_LARGE', status: 413, message: 'Eine Datei ist größer als 10 MB.' },
  FILE_TYPE: { code: 'MESSAGES.FILE_TYPE', status: 415, message: 'Bitte hänge nur Fotos (JPEG, PNG, WebP, HEIC) oder PDF-Dateien an.' },
  FILE_INCOMPLETE: { code: 'MESSAGES.FILE_INCOMPLETE', status: 400, message: 'Die Nachricht ist nicht vollständig angekommen. Bitte schick sie noch einmal.' },
  FILE_ENCODING: { code: 'MESSAGES.FILE_ENCODING', status: 415, message: 'Bitte schick die Dateien unkomprimiert.' },
  SUPPORT_QUESTION_UNKNOWN: { code: 'MESSAGES.SUPPORT_QUESTION_UNKNOWN', status: 400, message: 'Bitte wähle ein Thema aus.' },
  WEBHOOK_UNAUTHORIZED: { code: 'MESSAGES.WEBHOOK_UNAUTHORIZED', status: 401, message: 'Nicht berechtigt.' },
});

declare module './errors.ts' {
  interface ErrorTables {
    messages: typeof MessagesErrors;
  }
}

/** What the messages pages call in-process (site/features/messages). */
export interface MessagesServices {
  /** The support questions to choose from, in the page's language (CMS, at most 100). */
  topics(): Promise<SupportQuestion[]>;
  /** The session project's threads, newest activity first; null without a project. */
  list(): Promise<{ projectId: number; threads: ThreadSummary[] } | null>;
  /** One thread of the customer's projects (marks it read); NOT_FOUND for another customer's. */
  thread(taskId: string): Promise<MessageThread>;
}
