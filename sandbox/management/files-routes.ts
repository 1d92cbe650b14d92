import express from 'express';
import { z } from 'zod';
import { badRequest, controlJson, notFound } from '../shared/stand-in.ts';
import { MeterChangeBodySchema, type ManagementFiles, type VendorDocument } from './files.ts';
import type { ManagementStore } from './store.ts';

const ProjectIdSchema = z.coerce.number().int().positive();
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
const publicDocument = ({ demo: _demo, ...document }: VendorDocument) => document;

/**
 * The management service's files and meter change requests (vendor API, docs: sandbox/management/README.md):
 * `GET /projects/:id/documents` (every document with share flag, hash and deleted; the portal filters),
 * `GET /projects/:id/documents/:docId/content`, `POST /projects/:id/meter-change-requests` (one per project),
 * `GET /projects/:id/meter-change-requests`, `PUT /projects/:id/meter-change-requests/:requestId/photo` (raw body).
 */
export function fileApi(api: express.Router, files: ManagementFiles, store: ManagementStore) {
  const projectOf = (raw: string | undefined) => {
    const id = ProjectIdSchema.safeParse(raw);
    return id.success && store.get(id.data) ? id.data : undefined;
  };
  api.get('/projects/:id/documents', (req, res) => {
    const id = projectOf(req.params.id);
    if (id === undefined) return notFound(res);
    res.json({ items: files.documents(id).map(publicDocument) });
  });
  api.get('/projects/:id/documents/:docId/content', (req, res) => {
    const id = projectOf(req.params.id);
    const document = id === undefined ? undefined : files.document(id, req.params.docId);
    if (!document || document.deleted) return notFound(res);
    res.type('application/pdf').set('Content-Length', String(document.size));
    files.content(document.id).on('error', () => res.destroy()).pipe(res);
  });
  api.get('/projects/:id/meter-change-requests', (req, res) => {
    const id = projectOf(req.params.id);
    if (id === undefined) return notFound(res);
    res.json({ items: files.meterChanges(id) });
  });
  api.post('/projects/:id/meter-change-requests', express.json({ limit: '16kb' }), async (req, res) => {
    const id = projectOf(req.params.id);
    if (id === undefined) return notFound(res);
    const body = MeterChangeBodySchema.safeParse(req.body);
    if (!body.success) return badRequest(res, z.prettifyError(body.error));
    if (files.meterChanges(id).length > 0) return res.status(409).json({ error: 'conflict', detail: 'Für dieses Projekt liegt schon ein Antrag vor.' });
    res.status(201).json(await files.addMeterChange(id, body.data));
  });
  api.put('/projects/:id/meter-change-requests/:requestId/photo', async (req, res) => {
    const id = projectOf(req.params.id);
    if (id === undefined) return notFound(res);
    const filename = typeof req.query.filename === 'string' ? req.query.filename.slice(0, 200) : '';
    if (!filename) return badRequest(res, 'filename is required');
    if (Number(req.get('content-length') ?? 0) > MAX_PHOTO_BYTES) return res.status(413).json({ error: 'too_large' });
    try {
      const saved = await files.savePhoto(id, req.params.requestId, { filename, contentType: req.get('content-type') ?? 'application/octet-stream' }, req, MAX_PHOTO_BYTES);
      if (!saved) return notFound(res);
      res.status(204).end();
    } catch {
      if (!res.headersSent) res.status(413).json({ error: 'too_large' });
    }
  });
}

const NewDocumentSchema = z.strictObject({
  filename: z.string().trim().min(1).max(200),
  type: z.string().regex(/^[A-Z_]{2,40}$/),
  share: z.boolean().default(true),
  text: z.string().max(2000).optional(),
});
const ChangeDocumentSchema = z.strictObject({ share: z.boolean().optional(), deleted: z.boolean().optional(), text: z.string().max(2000).optional() });

/** Test controls: publish a document to a project, change its share flag, delete it, or upload a new version. */
export function fileControl(control: express.Router, files: ManagementFiles, store: ManagementStore) {
  control.post('/projects/:id/documents', controlJson, async (req, res) => {
    const id = ProjectIdSchema.safeParse(req.params.id);
    if (!id.success || !store.get(id.data)) return notFound(res);
    const body = NewDocumentSchema.safeParse(req.body);
    if (!body.success) return badRequest(res, z.prettifyError(body.error));
    res.status(201).json(publicDocument(await files.addDocument({ projectId: id.data, ...body.data })));
  });
  control.patch('/projects/:id/documents/:docId', controlJson, async (req, res) => {
    const id = ProjectIdSchema.safeParse(req.params.id);
    const body = ChangeDocumentSchema.safeParse(req.body);
    if (!body.success) return badRequest(res, z.prettifyError(body.error));
    const changed = id.success ? await files.changeDocument(id.data, req.params.docId, body.data) : undefined;
    if (!changed) return notFound(res);
    res.json(publicDocument(changed));
  });
  control.get('/meter-change-requests', (_req, res) => {
    res.json({ items: files.allMeterChanges() });
  });
}
