import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import { backTo, escapeHtml, messageOf, sendPage } from '../shared/html.ts';
import { badRequest, controlGuard, controlJson, createStandIn, notFound } from '../shared/stand-in.ts';
import { TASK_STATUSES, type TaskStore } from './store.ts';
import { testerPage } from './tester-page.ts';

const MAX_FILE_BYTES = 10 * 1024 * 1024;
const ProjectIdSchema = z.coerce.number().int().positive();
const AttachmentRef = z.object({ id: z.string().min(1).max(64) });
const Customer = z.object({ name: z.string().min(1).max(200), portalUserId: z.string().min(1).max(255) });
const CreateSchema = z.strictObject({
  projectId: z.number().int().positive(),
  subject: z.string().trim().min(1).max(200),
  text: z.string().trim().min(1).max(5000),
  supportQuestion: z.array(z.string().min(1).max(200)).max(5).default([]),
  author: Customer,
  attachments: z.array(AttachmentRef).max(5).default([]),
});
const CommentSchema = z.strictObject({ text: z.string().trim().min(1).max(5000), author: Customer, attachments: z.array(AttachmentRef).max(5).default([]) });
const AnswerSchema = z.strictObject({
  text: z.string().trim().min(1).max(5000),
  kind: z.enum(['EXTERNAL_RESPONSE', 'COMMENT', 'INTERNAL_INQUIRY']).default('EXTERNAL_RESPONSE'),
  author: z.string().trim().min(1).max(100).default('Kundenservice'),
  status: z.enum(TASK_STATUSES).optional(),
});
const ServiceTaskSchema = z.strictObject({
  projectId: z.number().int().positive(),
  subject: z.string().trim().min(1).max(300),
  text: z.string().trim().min(1).max(10_000),
  source: z.string().trim().min(1).max(100),
});
const CaseSchema = z.strictObject({
  projectId: z.number().int().positive(),
  subject: z.string().trim().min(1).max(200),
  text: z.string().trim().min(1).max(5000),
  supportQuestion: z.array(z.string().min(1).max(200)).max(5).default([]),
  source: z.string().trim().min(1).max(100),
});
const TodoSchema = z.strictObject({ projectId: z.number().int().positive(), subject: z.string().trim().min(1).max(200), text: z.string().trim().min(1).max(5000), author: z.string().trim().min(1).max(100).default('Kundenservice') });

/**
 * The installer's task service (ticketing) as a vendor REST API under `/tasks/api/v1` (bearer TASKS_API_TOKEN), test
 * controls under `/tasks/_control`, and the back office's German page for testers at `/tasks/`.
 */
export function createTasksRouter(store: TaskStore, options: { token: string }): express.Router {
  const json = express.json({ limit: '64kb' });
  const attachmentsOf = async (res: Response, refs: { id: string }[]) => {
    const found = await store.uploaded(refs.map((r) => r.id));
    if (!found) badRequest(res, 'unknown attachment id');
    return found;
  };

  const standIn = createStandIn({
    apiPath: '/api/v1',
    auth: { bearer: options.token, realm: 'tasks' },
    onReset: () => store.reset(),
    api(api) {
      api.get('/tasks', (req, res) => {
        const projectId = ProjectIdSchema.safeParse(req.query.projectId);
        if (!projectId.success) return badRequest(res, 'projectId is required');
        // Internal tasks stay in the back office: the API of the customer's threads never lists them.
        res.json({ items: store.list({ projectId: projectId.data }).filter((t) => t.type !== 'SERVICE') });
      });
      api.get('/tasks/:id', (req, res) => {
        const task = store.get(req.params.id);
        if (!task || task.type === 'SERVICE') return notFound(res);
        res.json(task);
      });
      /** A customer's request: routed to a team by its support question (the rules in store.ts). */
      api.post('/tasks', json, async (req, res) => {
        const body = CreateSchema.safeParse(req.body);
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        const attachments = await attachmentsOf(res, body.data.attachments);
        if (!attachments) return;
        const { author, ...rest } = body.data;
        res.status(201).json(await store.create({ ...rest, type: 'REQUEST', author: { ...author, role: 'CUSTOMER' }, attachments }));
      });
      /**
       * An internal task for customer service (e.g. a survey's detractor to call back): team Kundenservice, never in the
       * customer's threads; the same `source` answers the task created before (200) instead of a second one.
       */
      api.post('/service-tasks', json, async (req, res) => {
        const body = ServiceTaskSchema.safeParse(req.body);
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        const existing = store.bySource(body.data.source);
        if (existing) return void res.status(200).json(existing);
        const { source, ...rest } = body.data;
        res.status(201).json(await store.create({ ...rest, source, type: 'SERVICE', supportQuestion: [], author: { name: 'Kundenportal', role: 'SYSTEM', portalUserId: null }, attachments: [] }));
      });
      /**
       * A service case the portal opens for a customer (e.g. the monitoring's alert): a thread the customer sees, written
       * by the system and routed like a request; the same `source` answers the case opened before (200).
       */
      api.post('/cases', json, async (req, res) => {
        const body = CaseSchema.safeParse(req.body);
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        const existing = store.bySource(body.data.source);
        if (existing) return void res.status(200).json(existing);
        res.status(201).json(await store.create({ ...body.data, type: 'REQUEST', author: { name: 'Anlagenüberwachung', role: 'SYSTEM', portalUserId: null }, attachments: [] }));
      });
      api.post('/tasks/:id/comments', json, async (req, res) => {
        const body = CommentSchema.safeParse(req.body);
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        const target = store.get(req.params.id);
        if (!target || target.type === 'SERVICE') return notFound(res);
        const attachments = await attachmentsOf(res, body.data.attachments);
        if (!attachments) return;
        const entry = await store.addEntry(req.params.id, { kind: 'COMMENT', author: { ...body.data.author, role: 'CUSTOMER' }, text: body.data.text, attachments });
        res.status(201).json(entry);
      });
      /** An attachment, uploaded before the request or comment that names it: raw body, `?filename=`, Content-Type. */
      api.post('/attachments', express.raw({ type: () => true, limit: MAX_FILE_BYTES }), async (req: Request, res) => {
        const filename = typeof req.query.filename === 'string' ? req.query.filename.slice(0, 200) : '';
        const body = req.body as unknown;
        if (!filename || !Buffer.isBuffer(body) || body.length === 0) return badRequest(res, 'filename and a non-empty body are required');
        res.status(201).json(await store.saveAttachment(filename, req.get('content-type') ?? 'application/octet-stream', body));
      });
      api.get('/attachments/:id', async (req, res) => {
        const file = await store.attachment(req.params.id);
        if (!file) return notFound(res);
        res.type(file.meta.contentType).set('X-Content-Type-Options', 'nosniff').send(file.bytes);
      });
    },
    control(control) {
      control.get('/tasks', (_req, res) => {
        res.json({ items: store.list() });
      });
      control.post('/tasks/:id/answer', controlJson, async (req, res) => {
        const body = AnswerSchema.safeParse(req.body);
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        const entry = await store.addEntry(req.params.id, { kind: body.data.kind, author: { name: body.data.author, role: 'INSTALLER', portalUserId: null }, text: body.data.text }, body.data.status);
        if (!entry) return notFound(res);
        res.status(201).json(entry);
      });
      control.post('/tasks/:id/status', controlJson, async (req, res) => {
        const status = z.enum(TASK_STATUSES).safeParse((req.body as { status?: unknown } | undefined)?.status);
        if (!status.success) return badRequest(res);
        if (!(await store.setStatus(req.params.id, status.data))) return notFound(res);
        res.status(204).end();
      });
      control.post('/todos', controlJson, async (req, res) => {
        const body = TodoSchema.safeParse(req.body);
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        const { author, ...rest } = body.data;
        res.status(201).json(await store.create({ ...rest, type: 'TODO', supportQuestion: [], author: { name: author, role: 'INSTALLER', portalUserId: null }, attachments: [] }));
      });
      control.delete('/tasks/:id', async (req, res) => {
        if (!(await store.remove(req.params.id))) return notFound(res);
        res.status(204).end();
      });
    },
  });

  // The back office's page for testers: German, plain forms, same-origin only like every control.
  const tester = express.Router();
  tester.use(controlGuard);
  tester.get('/', (req, res) => {
    sendPage(res, testerPage(store.list(), messageOf(req)));
  });
  const form = express.urlencoded({ extended: false, limit: '64kb' });
  const back = (res: Response, message: string, anchor = '') => backTo(res, '/tasks/', message, { anchor });
  tester.post('/tester/tasks/:id/answer', form, async (req, res) => {
    const fields = (req.body ?? {}) as Record<string, string | undefined>;
    const body = AnswerSchema.safeParse({ text: fields.text, kind: fields.kind, author: fields.author || undefined, status: fields.status || undefined });
    if (!body.success) return back(res, 'Bitte schreib einen Text.', `aufgabe-${escapeHtml(req.params.id)}`);
    const entry = await store.addEntry(req.params.id, { kind: body.data.kind, author: { name: body.data.author, role: 'INSTALLER', portalUserId: null }, text: body.data.text }, body.data.status);
    if (!entry) return notFound(res);
    back(res, `Aufgabe ${req.params.id}: gespeichert.`, `aufgabe-${req.params.id}`);
  });
  tester.post('/tester/tasks/:id/status', form, async (req, res) => {
    const status = z.enum(TASK_STATUSES).safeParse((req.body as { status?: unknown } | undefined)?.status);
    if (!status.success) return back(res, 'Bitte wähle einen Status.');
    if (!(await store.setStatus(req.params.id, status.data))) return notFound(res);
    back(res, `Aufgabe ${req.params.id}: Status geändert.`, `aufgabe-${req.params.id}`);
  });
  tester.post('/tester/todos', form, async (req, res) => {
    const fields = (req.body ?? {}) as Record<string, string | undefined>;
    const body = TodoSchema.safeParse({ projectId: Number(fields.projectId), subject: fields.subject, text: fields.text, author: fields.author || undefined });
    if (!body.success) return back(res, 'Bitte gib Projekt, Betreff und Text an.');
    const { author, ...rest } = body.data;
    const task = await store.create({ ...rest, type: 'TODO', supportQuestion: [], author: { name: author, role: 'INSTALLER', portalUserId: null }, attachments: [] });
    back(res, `Aufgabe ${task.id} für Projekt ${task.projectId} angelegt.`, `aufgabe-${task.id}`);
  });
  tester.get('/tester/attachments/:id', async (req, res) => {
    const file = await store.attachment(req.params.id);
    if (!file) return notFound(res);
    res.type(file.meta.contentType).set('Content-Disposition', 'attachment').set('X-Content-Type-Options', 'nosniff').send(file.bytes);
  });

  const router = express.Router();
  router.use(standIn);
  router.use(tester);
  return router;
}
