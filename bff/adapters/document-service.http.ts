import { z } from 'zod';
import type { ServiceEndpoint } from '../config.ts';
import type { DocumentService, FileStream } from '../ports/document-service.ts';
import { createJsonClient } from './json-client.ts';

const DocumentSchema = z.object({
  uuid: z.string().min(1),
  projectId: z.number().int(),
  type: z.string(),
  title: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  createdAt: z.string(),
  taskId: z.string().nullable().default(null),
  externalId: z.string().nullable().default(null),
});
const PhotoSchema = z.object({
  uuid: z.string().min(1),
  projectId: z.number().int(),
  subject: z.enum(['ROOF', 'MODULES', 'INVERTER', 'STORAGE', 'METER_CABINET', 'WALLBOX', 'OTHER']).catch('OTHER'),
  step: z.enum(['DC', 'AC', 'ASSEMBLY_CONCLUSION', 'OTHER']).catch('OTHER'),
  caption: z.string(),
  takenAt: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

/** A streamed answer as the port's FileStream (the body is not read here). */
export function fileStreamOf(response: Response | null): FileStream | null {
  if (!response?.body) return null;
  const length = Number(response.headers.get('content-length'));
  return { contentType: response.headers.get('content-type') ?? 'application/octet-stream', size: Number.isFinite(length) && length >= 0 ? length : null, body: response.body };
}

/** The installer's document service over REST (bearer token); files are streamed both ways. */
export function createHttpDocumentService(endpoint: ServiceEndpoint): DocumentService {
  const client = createJsonClient(endpoint);
  return {
    async documents(projectId, filter = {}) {
      const query = new URLSearchParams({ projectId: String(projectId), ...(filter.taskId ? { taskId: filter.taskId } : {}) });
      return (await client.get(`/documents?${query}`, z.object({ items: z.array(DocumentSchema) }))).items;
    },
    async document(uuid) {
      return client.request(`/documents/${encodeURIComponent(uuid)}`, { schema: DocumentSchema, nullOn404: true });
    },
    async content(uuid) {
      return fileStreamOf(await client.stream(`/documents/${encodeURIComponent(uuid)}/content`));
    },
    async archive({ projectId, type, title, externalId, file }) {
      const query = new URLSearchParams({ projectId: String(projectId), type, title, filename: file.filename, externalId });
      const stored = await client.upload(`/documents?${query}`, file, { schema: DocumentSchema });
      return stored as z.infer<typeof DocumentSchema>;
    },
    async photos(projectId) {
      return (await client.get(`/projects/${encodeURIComponent(String(projectId))}/photos`, z.object({ items: z.array(PhotoSchema) }))).items;
    },
    async photoContent(uuid) {
      return fileStreamOf(await client.stream(`/photos/${encodeURIComponent(uuid)}/content`));
    },
  };
}
