import { Router, type Response } from 'express';
import * as z from 'zod/mini';
import { DOCUMENTS_PATHS, parseCategoryFilter } from '../../contracts/documents.ts';
import { notFound } from '../../domain/errors.ts';
import { createRequestContext } from '../../domain/request-context.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';
import { attachment, streamToResponse } from '../stream-response.ts';

const ProjectIdParam = z.pipe(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), z.transform(Number));
const IdParam = z.string().check(z.minLength(1), z.maxLength(220));
const route = (path: string) => `/${path}`;

/** A file answer: the stream piped as it comes (a 50 MB document never sits in memory), safe headers for any content. */
async function sendStream(res: Response, file: { contentType: string; size: number | null; body: ReadableStream<Uint8Array> | Buffer }, disposition: string) {
  res.status(200).type(file.contentType).set({ 'Content-Disposition': disposition, 'X-Content-Type-Options': 'nosniff' });
  if (file.size !== null) res.set('Content-Length', String(file.size));
  if (Buffer.isBuffer(file.body)) {
    res.end(file.body);
    return;
  }
  await streamToResponse(file.body, res);
}

/**
 * Files on the internal base: `GET /documents?categoryFilter=` (repeatable), downloads,
 * `GET /project/{id}/photos` with each photo and its thumbnail, `GET /project/{projectId}/task-document/{taskId}`.
 */
export function documentsRoutes({ services: { documents } }: RouteDeps): Router {
  const router = Router();

  router.get(route(DOCUMENTS_PATHS.list), async (req, res) => {
    const ctx = createRequestContext(signedIn(req), req.session.currentProjectId, req.language, req.session.dataVersion);
    const view = await documents.list(ctx, parseCategoryFilter(req.query.categoryFilter));
    if (!view) throw notFound('Du hast noch kein Projekt verknüpft.');
    res.set('Cache-Control', 'private, no-store').json(view);
  });

  router.get(route(DOCUMENTS_PATHS.download), async (req, res) => {
    const file = await documents.download(signedIn(req), z.parse(IdParam, req.params.documentId), req.language);
    res.set('Cache-Control', 'private, no-store');
    await sendStream(res, file, attachment(file.filename));
  });

  router.get(route(DOCUMENTS_PATHS.photos), async (req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await documents.photos(signedIn(req), z.parse(ProjectIdParam, req.params.id)));
  });

  router.get(route(DOCUMENTS_PATHS.photo), async (req, res) => {
    const size = z.parse(z.enum(['thumbnail', 'full']), req.params.size);
    const file = await documents.photo(signedIn(req), z.parse(ProjectIdParam, req.params.id), z.parse(IdParam, req.params.photoId), size);
    // A photo never changes under its id; the browser may keep it for the session's length.
    res.set('Cache-Control', 'private, max-age=3600');
    await sendStream(res, file, 'inline');
  });

  router.get(route(DOCUMENTS_PATHS.taskDocuments), async (req, res) => {
    const list = await documents.ofTask(signedIn(req), z.parse(ProjectIdParam, req.params.projectId), z.parse(IdParam, req.params.taskId));
    res.set('Cache-Control', 'private, no-store').json({ documents: list });
  });

  return router;
}
