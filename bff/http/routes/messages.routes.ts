import { Router, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import * as z from 'zod/mini';
import { CommonErrors } from '../../contracts/errors.ts';
import { MESSAGE_LIMITS, MESSAGES_PATHS, MessagesErrors, CreateCommentSchema, CreateRequestSchema } from '../../contracts/messages.ts';
import { AppError } from '../../domain/errors.ts';
import { IDEMPOTENCY_KEY_PATTERN } from '../../domain/idempotency/idempotency.ts';
import { checkFiles, type IncomingFile } from '../../domain/messages/attachments.ts';
import { isPlainHtmlForm } from '../middlewares/csrf.ts';
import { redirectWithin } from '../redirect.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';
import { isValidEventSignature, rawBodyOf } from '../webhook-signature.ts';

const ProjectIdParam = z.pipe(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), z.transform(Number));
const TaskIdParam = z.string().check(z.minLength(1), z.maxLength(64));
const route = (path: string) => `/${path}`;

/**
 * Multipart parsing with every limit set (multer 2.5; docs/messages.md): at most five files of 10 MB in memory, a few
 * short fields, no nested field names. A limit answers the German message of the matching error code.
 */
const upload = multer({
  storage: multer.memoryStorage(),
  limits: {
    fileSize: MESSAGE_LIMITS.maxFileBytes,
    files: MESSAGE_LIMITS.maxFiles,
    fields: 8,
    fieldSize: 64 * 1024,
    fieldNameSize: 64,
    parts: MESSAGE_LIMITS.maxFiles + 8,
    headerPairs: 200,
    fieldNestingDepth: 0,
    fieldArrayIndexLimit: 0,
  },
}).array('files', MESSAGE_LIMITS.maxFiles);

const parseUpload: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) {
    next();
    return;
  }
  upload(req, res, (error: unknown) => {
    if (!error) return next();
    if (error instanceof multer.MulterError) {
      if (error.code === 'LIMIT_FILE_SIZE') return next(new AppError(MessagesErrors.FILE_TOO_LARGE));
      if (error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE') return next(new AppError(MessagesErrors.TOO_MANY_FILES));
      return next(new AppError(CommonErrors.BAD_REQUEST, { cause: error }));
    }
    next(error);
  });
};

/** The zod message of the text field names which of the three text errors it is (contracts/messages.ts). */
function textError(error: z.core.$ZodError): AppError | null {
  const issue = error.issues.find((i) => i.path[0] === 'text' || i.path[0] === 'subject');
  if (!issue) return null;
  if (issue.message === 'tooLong') return new AppError(MessagesErrors.TEXT_TOO_LONG, { params: { max: MESSAGE_LIMITS.textMaxLength } });
  if (issue.message === 'invalidCharacters' || issue.code === 'invalid_format') return new AppError(MessagesErrors.TEXT_INVALID_CHARACTERS);
  return new AppError(MessagesErrors.TEXT_REQUIRED);
}

function parseFields<S extends z.ZodMiniType>(schema: S, body: unknown): z.infer<S> {
  const parsed = z.safeParse(schema, body ?? {});
  if (parsed.success) return parsed.data;
  throw textError(parsed.error) ?? parsed.error;
}

const filesOf = (req: Request): IncomingFile[] => ((req.files as Express.Multer.File[] | undefined) ?? []).map((f) => ({ originalname: f.originalname, buffer: f.buffer, size: f.size }));

function idempotencyKey(req: Request): string | undefined {
  const key = req.get('idempotency-key') ?? (typeof req.body?.idempotencyKey === 'string' ? (req.body.idempotencyKey as string) : undefined);
  if (key === undefined || key === '') return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new AppError(CommonErrors.VALIDATION);
  return key;
}

/** A plain form's answer: 303 to the thread, or back to the form with the error's code. */
async function answer(req: Request, res: Response, back: string, work: () => Promise<{ status: number; body: { href: string } }>) {
  if (!isPlainHtmlForm(req)) {
    const result = await work();
    res.status(result.status).json(result.body);
    return;
  }
  try {
    const result = await work();
    redirectWithin(res, result.body.href, { status: 303, fallback: '/home/app/messages' });
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500 || error.status === 404) throw error;
    redirectWithin(res, `${back}?error=${encodeURIComponent(error.code)}#composer`, { status: 303, fallback: '/home/app/messages' });
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

  router.post(route(MESSAGES_PATHS.createUsingRules), parseUpload, async (req, res) => {
    await answer(req, res, '/home/app/messages/new', async () => {
      const input = parseFields(CreateRequestSchema, req.body);
      const files = await checkFiles(filesOf(req));
      return messages.createRequest(signedIn(req), input, files, idempotencyKey(req));
    });
  });

  router.post(route(MESSAGES_PATHS.createComment), parseUpload, async (req, res) => {
    const back = typeof req.body?.taskId === 'string' ? `/home/app/messages/${encodeURIComponent(req.body.taskId as string)}` : '/home/app/messages';
    await answer(req, res, back, async () => {
      const input = parseFields(CreateCommentSchema, req.body);
      const files = await checkFiles(filesOf(req));
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
