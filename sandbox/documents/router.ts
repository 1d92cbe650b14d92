import type express from 'express';
import type { Response } from 'express';
import { z } from 'zod';
import { badRequest, controlJson, createStandIn, notFound } from '../shared/stand-in.ts';
import type { DocumentStore, StoredDocument, StoredPhoto } from './store.ts';

/** Uploads the portal archives (signed powers of attorney, later mandates and refunds): up to 60 MB each. */
const MAX_UPLOAD_BYTES = 60 * 1024 * 1024;
const ProjectId = z.coerce.number().int().positive();
const Text = (max: number) => z.string().trim().min(1).max(max);
const UploadQuery = z.object({
  projectId: ProjectId,
  type: z.string().regex(/^[A-Z_]{2,40}$/),
  filename: Text(200),
  title: Text(200).optional(),
  taskId: Text(64).optional(),
  externalId: Text(128).optional(),
});
const CreateSchema = z.strictObject({
  projectId: z.number().int().positive(),
  type: z.string().regex(/^[A-Z_]{2,40}$/),
  title: Text(200),
  filename: Text(200),
  taskId: Text(64).optional(),
  /** A large file for streaming tests (a valid PDF of about this size). */
  sizeBytes: z.number().int().min(1).max(200 * 1024 * 1024).optional(),
});
const PhotoSchema = z.strictObject({
  projectId: z.number().int().positive(),
  subject: z.enum(['ROOF', 'MODULES', 'INVERTER', 'STORAGE', 'METER_CABINET', 'WALLBOX', 'OTHER']),
  step: z.enum(['DC', 'AC', 'ASSEMBLY_CONCLUSION', 'OTHER']),
  caption: Text(300),
});

const publicDocument = ({ demo: _demo, ...document }: StoredDocument) => document;
const publicPhoto = ({ demo: _demo, ...photo }: StoredPhoto) => photo;

function sendFile(res: Response, store: DocumentStore, item: { uuid: string; contentType: string; size: number }) {
  res.type(item.contentType).set('Content-Length', String(item.size));
  store.content(item.uuid).on('error', () => res.destroy()).pipe(res);
}

/**
 * The installer's document service under `/documents/api/v1` (bearer DOCUMENTS_API_TOKEN): documents per project with
 * type, title, size and SHA-256, their bytes, uploads (idempotent by `externalId`), and the installation photos.
 */
export function createDocumentsRouter(store: DocumentStore, options: { token: string }): express.Router {
  return createStandIn({
    apiPath: '/api/v1',
    auth: { bearer: options.token, realm: 'documents' },
    onReset: () => store.reset(),
    api(api) {
      api.get('/documents', (req, res) => {
        const projectId = ProjectId.safeParse(req.query.projectId);
        if (!projectId.success) return badRequest(res, 'projectId is required');
        const taskId = typeof req.query.taskId === 'string' ? req.query.taskId : undefined;
        res.json({ items: store.list({ projectId: projectId.data, taskId }).map(publicDocument) });
      });
      api.get('/documents/:uuid', (req, res) => {
        const document = store.get(req.params.uuid);
        if (!document) return notFound(res);
        res.json(publicDocument(document));
      });
      api.get('/documents/:uuid/content', (req, res) => {
        const document = store.get(req.params.uuid);
        if (!document) return notFound(res);
        sendFile(res, store, document);
      });
      api.post('/documents', async (req, res) => {
        const query = UploadQuery.safeParse(req.query);
        if (!query.success) return badRequest(res, z.prettifyError(query.error));
        const declared = Number(req.get('content-length') ?? 0);
        if (declared > MAX_UPLOAD_BYTES) return res.status(413).json({ error: 'too_large' });
        try {
          const { document, created } = await store.upload(
            {
              projectId: query.data.projectId,
              type: query.data.type,
              title: query.data.title ?? query.data.filename,
              filename: query.data.filename,
              contentType: req.get('content-type') ?? 'application/octet-stream',
              taskId: query.data.taskId ?? null,
              externalId: query.data.externalId ?? null,
            },
            req,
            MAX_UPLOAD_BYTES,
          );
          res.status(created ? 201 : 200).json(publicDocument(document));
        } catch {
          if (!res.headersSent) res.status(413).json({ error: 'too_large' });
        }
      });
      api.get('/projects/:id/photos', (req, res) => {
        const projectId = ProjectId.safeParse(req.params.id);
        if (!projectId.success) return notFound(res);
        res.json({ items: store.photos(projectId.data).map(publicPhoto) });
      });
      api.get('/photos/:uuid/content', (req, res) => {
        const photo = store.photo(req.params.uuid);
        if (!photo) return notFound(res);
        sendFile(res, store, photo);
      });
    },
    control(control) {
      control.post('/documents', controlJson, async (req, res) => {
        const body = CreateSchema.safeParse(req.body);
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        res.status(201).json(publicDocument(await store.create(body.data)));
      });
      control.delete('/documents/:uuid', async (req, res) => {
        res.status((await store.remove(req.params.uuid)) ? 204 : 404).end();
      });
      control.post('/photos', controlJson, async (req, res) => {
        const body = PhotoSchema.safeParse(req.body);
        if (!body.success) return badRequest(res, z.prettifyError(body.error));
        res.status(201).json(publicPhoto(await store.addPhoto({ ...body.data, takenAt: new Date().toISOString() })));
      });
    },
  });
}
