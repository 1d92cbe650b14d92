import { Router, type Request } from 'express';
import * as z from 'zod/mini';
import type { SessionUser } from '../../contracts/auth.ts';
import { MESSAGE_LIMITS, MESSAGES_PATHS, MessagesErrors, CreateCommentSchema, CreateRequestSchema } from '../../contracts/messages.ts';
import { refusedCharacter } from '../../contracts/text.ts';
import { AppError } from '../../domain/errors.ts';
import type { OutgoingFile } from '../../ports/document-service.ts';
import { formActions } from '../form-action.ts';
import { uploadParser, uploadedFiles } from '../uploads.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';
import { isValidEventSignature, rawBodyOf } from '../webhook-signature.ts';

const ProjectIdParam = z.pipe(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), z.transform(Number));
const TaskIdParam = z.string().check(z.minLength(1), z.maxLength(64));
const route = (path: string) => `/${path}`;

/** Message attachments (docs/messages.md): up to five images or PDFs of 10 MB each, by content. */
const parseUpload = uploadParser({
  field: 'files',
  maxFiles: MESSAGE_LIMITS.maxFiles,
  maxFileBytes: MESSAGE_LIMITS.maxFileBytes,
  fileTypes: MESSAGE_LIMITS.fileTypes,
  errors: {
    tooLarge: MessagesErrors.FILE_TOO_LARGE,
    tooMany: MessagesErrors.TOO_MANY_FILES,
    type: MessagesErrors.FILE_TYPE,
    incomplete: MessagesErrors.FILE_INCOMPLETE,
    encoding: MessagesErrors.FILE_ENCODING,
  },
});

/** What a refused plain form keeps for the page it goes back to (docs/architecture.md "Forms without JavaScript"). */
const TYPED_FIELDS = ['subject', 'text'] as const;

/** The composer's refusals that belong to one of its fields (the page shows them there). */
const FIELD_OF_ERROR: Record<string, string> = {
  [MessagesErrors.TEXT_REQUIRED.code]: 'text',
  [MessagesErrors.TEXT_TOO_LONG.code]: 'text',
  [MessagesErrors.TEXT_INVALID_CHARACTERS.code]: 'text',
  [MessagesErrors.SUBJECT_TOO_LONG.code]: 'subject',
  [MessagesErrors.SUBJECT_INVALID_CHARACTERS.code]: 'subject',
  [MessagesErrors.FILE_INCOMPLETE.code]: 'files',
  [MessagesErrors.FILE_ENCODING.code]: 'files',
  [MessagesErrors.FILE_TOO_LARGE.code]: 'files',
  [MessagesErrors.TOO_MANY_FILES.code]: 'files',
  [MessagesErrors.FILE_TYPE.code]: 'files',
};

/**
 * The zod message of the text or subject field names which error it is (contracts/messages.ts); each lands at its own
 * field, and a refused character is named (`character`).
 */
function textError(error: z.core.$ZodError, fields: Record<string, unknown>): AppError | null {
  const issue = error.issues.find((i) => i.path[0] === 'text' || i.path[0] === 'subject');
  if (!issue) return null;
  const typed = typeof fields[issue.path[0] as string] === 'string' ? (fields[issue.path[0] as string] as string) : '';
  const character = refusedCharacter(typed, { multiline: issue.path[0] === 'text' }) ?? '';
  if (issue.path[0] === 'subject') {
    if (issue.message === 'tooLong' || issue.code === 'too_big') return new AppError(MessagesErrors.SUBJECT_TOO_LONG, { params: { max: MESSAGE_LIMITS.subjectMaxLength } });
    return new AppError(MessagesErrors.SUBJECT_INVALID_CHARACTERS, { params: { character } });
  }
  if (issue.message === 'tooLong' || issue.code === 'too_big') return new AppError(MessagesErrors.TEXT_TOO_LONG, { params: { max: MESSAGE_LIMITS.textMaxLength } });
  if (issue.message === 'invalidCharacters' || issue.code === 'invalid_format') return new AppError(MessagesErrors.TEXT_INVALID_CHARACTERS, { params: { character } });
  return new AppError(MessagesErrors.TEXT_REQUIRED);
}

/** The form's fields without the Idempotency-Key a plain form sends as a hidden field (read by `idempotencyKey`). */
function parseFields<S extends z.ZodMiniType>(schema: S, body: unknown): z.infer<S> {
  const { idempotencyKey: _key, ...fields } = (body ?? {}) as Record<string, unknown>;
  const parsed = z.safeParse(schema, fields);
  if (parsed.success) return parsed.data;
  throw textError(parsed.error, fields) ?? parsed.error;
}

/** The thread a comment form came from (the task id is the form's first field), or the list. */
const threadBack = (req: Request) => {
  const taskId = typeof req.body?.taskId === 'string' ? (req.body.taskId as string) : /[?&]taskId=([^&]+)/.exec(req.get('referer') ?? '')?.[1];
  const fromReferer = /\/home\/app\/messages\/([A-Za-z0-9-]{1,64})(?:[?#]|$)/.exec(req.get('referer') ?? '')?.[1];
  const id = taskId ?? fromReferer;
  return id ? `/home/app/messages/${encodeURIComponent(id)}` : '/home/app/messages';
};

/**
 * The new-request composer lives on the list page and opens for the chosen topic (`?topic=`), so a refused plain form
 * goes back there with its topic; without one the customer chooses again.
 */
const requestBack = (req: Request) => {
  const topic = typeof req.body?.supportQuestionId === 'string' ? (req.body.supportQuestionId as string) : '';
  return /^[A-Za-z0-9_-]{1,64}$/.test(topic) ? `/home/app/messages?topic=${encodeURIComponent(topic)}` : '/home/app/messages';
};

/**
 * Messages on the internal base (`GET /tasks/allProjectTasks/{projectId}`, `GET /tasks/comments/{taskId}`,
 * `POST tasks/create-using-rules`, `POST tasks/create-comment`) plus attachment downloads. Writing takes multipart
 * (fields and `files`) from the composer island or, without JavaScript, the same form posted plainly.
 */
export function messagesRoutes(deps: RouteDeps): Router {
  const { messages } = deps.services;
  const action = formActions(deps);
  const router = Router();
  /** The composer's one shape of action: a new request or a reply, multipart, answered with the thread's address. */
  const composer = <I>(page: (req: Request) => string, input: (req: Request) => I, send: (user: SessionUser, input: I, files: OutgoingFile[], key: string | undefined) => Promise<{ status: number; body: { href: string } }>) =>
    action({
      form: 'composer',
      page,
      body: parseUpload,
      keep: TYPED_FIELDS,
      fieldOf: FIELD_OF_ERROR,
      input,
      run: async (fields, { req, idempotencyKey }) => send(signedIn(req), fields, await uploadedFiles(req), idempotencyKey()),
      json: (res, result) => res.status(result.status).json(result.body),
      done: (result) => result.body.href,
    });

  router.get(route(MESSAGES_PATHS.projectTasks), async (req, res) => {
    res.json({ threads: await messages.listForProject(signedIn(req), z.parse(ProjectIdParam, req.params.projectId)) });
  });

  router.get(route(MESSAGES_PATHS.comments), async (req, res) => {
    res.json(await messages.thread(signedIn(req), z.parse(TaskIdParam, req.params.taskId)));
  });

  router.post(
    route(MESSAGES_PATHS.createUsingRules),
    composer(requestBack, (req) => parseFields(CreateRequestSchema, req.body), (user, input, files, key) => messages.createRequest(user, input, files, key)),
  );

  router.post(
    route(MESSAGES_PATHS.createComment),
    composer(threadBack, (req) => parseFields(CreateCommentSchema, req.body), (user, input, files, key) => messages.reply(user, input, files, key)),
  );

  router.get(route(MESSAGES_PATHS.attachment), async (req, res) => {
    const file = await messages.attachment(signedIn(req), z.parse(TaskIdParam, req.params.taskId), z.parse(TaskIdParam, req.params.attachmentId));
    res
      .type(file.contentType)
      .set('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .set('X-Content-Type-Options', 'nosniff')
      .send(Buffer.from(file.bytes));
  });

  return router;
}

const EventSchema = z.looseObject({
  event: z.string(),
  data: z.looseObject({ taskId: z.string().check(z.minLength(1), z.maxLength(64)), projectId: z.number().check(z.int(), z.positive()), kind: z.string() }),
});

/** The task service's events (a machine caller, HMAC-signed): an answer of the installer mails the customer. */
export function tasksWebhookRoutes({ services: { messages }, config, logger }: RouteDeps): Router {
  const router = Router();
  router.post(MESSAGES_PATHS.webhook.replace(/^\/api/, ''), async (req, res) => {
    if (!isValidEventSignature(config.TASKS_WEBHOOK_SECRET, rawBodyOf(req), req.get('x-tasks-signature'))) {
      logger.warn('tasks webhook with a wrong signature refused');
      const { code, message, status } = MessagesErrors.WEBHOOK_UNAUTHORIZED;
      res.status(status).json({ code, message });
      return;
    }
    const payload = z.parse(EventSchema, req.body);
    const outcome = await messages.taskEvent(payload.data);
    logger.info('tasks event', { event: payload.event, taskId: payload.data.taskId, outcome });
    res.status(204).end();
  });
  return router;
}
