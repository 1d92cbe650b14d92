import { Router, type Request, type RequestHandler, type Response } from 'express';
import * as z from 'zod/mini';
import { CommonErrors } from '../../contracts/errors.ts';
import { MESSAGE_LIMITS, MESSAGES_PATHS, MessagesErrors, CreateCommentSchema, CreateRequestSchema } from '../../contracts/messages.ts';
import { refusedCharacter } from '../../contracts/text.ts';
import { AppError } from '../../domain/errors.ts';
import { IDEMPOTENCY_KEY_PATTERN } from '../../domain/idempotency/idempotency.ts';
import { dropFormFlash, keepFormFlash } from '../form-flash.ts';
import { isPlainHtmlForm } from '../middlewares/csrf.ts';
import { redirectWithin } from '../redirect.ts';
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

/** The composer's address with the refusal's code (the page shows it at the field); `back` may carry a query already. */
const withError = (back: string, code: string) => `${back}${back.includes('?') ? '&' : '?'}error=${encodeURIComponent(code)}#composer`;

/** What a refused plain form keeps for the page it goes back to (docs/architecture.md "Forms without JavaScript"). */
const TYPED_FIELDS = ['subject', 'text'] as const;

/** Back to the composer with the refusal's code; what was typed waits in the session for that page (the form flash). */
async function refuse(req: Request, res: Response, back: string, code: string) {
  await keepFormFlash(req, back.split('?')[0] as string, TYPED_FIELDS);
  redirectWithin(res, withError(back, code), { status: 303, fallback: '/home/app/messages' });
}

/**
 * A refused upload of a plain form goes back to the form with the error's code, like every other refusal there. The
 * composer sends its text before its files, so multer has read the text by the time a file is refused.
 */
function parseUploadFor(back: (req: Request) => string): RequestHandler {
  return (req, res, next) => {
    parseUpload(req, res, (error?: unknown) => {
      if (error instanceof AppError && error.status < 500 && isPlainHtmlForm(req)) {
        refuse(req, res, back(req), error.code).catch(next);
        return;
      }
      next(error);
    });
  };
}

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
    if (issue.message === 'tooLong') return new AppError(MessagesErrors.SUBJECT_TOO_LONG, { params: { max: MESSAGE_LIMITS.subjectMaxLength } });
    return new AppError(MessagesErrors.SUBJECT_INVALID_CHARACTERS, { params: { character } });
  }
  if (issue.message === 'tooLong') return new AppError(MessagesErrors.TEXT_TOO_LONG, { params: { max: MESSAGE_LIMITS.textMaxLength } });
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

function idempotencyKey(req: Request): string | undefined {
  const key = req.get('idempotency-key') ?? (typeof req.body?.idempotencyKey === 'string' ? (req.body.idempotencyKey as string) : undefined);
  if (key === undefined || key === '') return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new AppError(CommonErrors.VALIDATION);
  return key;
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

/** A plain form's answer: 303 to the thread, or back to the form with the error's code. */
async function answer(req: Request, res: Response, back: string, work: () => Promise<{ status: number; body: { href: string } }>) {
  if (!isPlainHtmlForm(req)) {
    const result = await work();
    res.status(result.status).json(result.body);
    return;
  }
  try {
    const result = await work();
    await dropFormFlash(req);
    redirectWithin(res, result.body.href, { status: 303, fallback: '/home/app/messages' });
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500 || error.status === 404) throw error;
    await refuse(req, res, back, error.code);
  }
}

/**
 * Messages on the internal base (spec section 7: `GET /tasks/allProjectTasks/{projectId}`, `GET /tasks/comments/{taskId}`,
 * `POST tasks/create-using-rules`, `POST tasks/create-comment`) plus attachment downloads. Writing takes multipart
 * (fields and `files`) from the composer island or, without JavaScript, the same form posted plainly.
 */
export function messagesRoutes({ services: { messages } }: RouteDeps): Router {
  const router = Router();

  router.get(route(MESSAGES_PATHS.projectTasks), async (req, res) => {
    res.json({ threads: await messages.listForProject(signedIn(req), z.parse(ProjectIdParam, req.params.projectId)) });
  });

  router.get(route(MESSAGES_PATHS.comments), async (req, res) => {
    res.json(await messages.thread(signedIn(req), z.parse(TaskIdParam, req.params.taskId)));
  });

  router.post(route(MESSAGES_PATHS.createUsingRules), parseUploadFor(requestBack), async (req, res) => {
    await answer(req, res, requestBack(req), async () => {
      const input = parseFields(CreateRequestSchema, req.body);
      const files = await uploadedFiles(req);
      return messages.createRequest(signedIn(req), input, files, idempotencyKey(req));
    });
  });

  router.post(route(MESSAGES_PATHS.createComment), parseUploadFor((req) => threadBack(req)), async (req, res) => {
    const back = threadBack(req);
    await answer(req, res, back, async () => {
      const input = parseFields(CreateCommentSchema, req.body);
      const files = await uploadedFiles(req);
      return messages.reply(signedIn(req), input, files, idempotencyKey(req));
    });
  });

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
