import { z } from 'zod';
import type { ServiceEndpoint } from '../config.ts';
import { ManagementConflict, type ManagementFiles } from '../ports/management-service.ts';
import { fileStreamOf } from './document-service.http.ts';
import { createJsonClient } from './json-client.ts';

const DocumentSchema = z.object({
  id: z.string().min(1).max(128),
  projectId: z.number().int(),
  filename: z.string().min(1),
  share: z.boolean(),
  path: z.string(),
  type: z.string(),
  hash: z.string().min(1).max(128),
  deleted: z.boolean(),
  /** Bytes; older vendor versions do not send it. */
  size: z.number().int().min(0).optional(),
  updatedAt: z.string(),
});
const MeterChangeSchema = z.object({
  id: z.string().min(1),
  projectId: z.number().int(),
  createdAt: z.string(),
  photo: z.object({ filename: z.string(), receivedAt: z.string() }).nullable(),
});

/** Files and meter change requests of the installer's management service (same REST API and token as the projects). */
export function createHttpManagementFiles(endpoint: ServiceEndpoint): ManagementFiles {
  const client = createJsonClient(endpoint);
  const base = (projectId: number) => `/projects/${encodeURIComponent(String(projectId))}`;
  return {
    async documents(projectId) {
      const answer = await client.request(`${base(projectId)}/documents`, { schema: z.object({ items: z.array(DocumentSchema) }), nullOn404: true });
      return answer?.items ?? [];
    },
    async content(projectId, documentId) {
      return fileStreamOf(await client.stream(`${base(projectId)}/documents/${encodeURIComponent(documentId)}/content`));
    },
    async meterChanges(projectId) {
      const answer = await client.request(`${base(projectId)}/meter-change-requests`, { schema: z.object({ items: z.array(MeterChangeSchema) }), nullOn404: true });
      return answer?.items ?? [];
    },
    async createMeterChange(projectId, request) {
      return client.request(`${base(projectId)}/meter-change-requests`, {
        method: 'POST',
        json: request,
        schema: MeterChangeSchema,
        errorOn: { 409: (detail) => new ManagementConflict(detail ?? 'conflict') },
      });
    },
    async uploadMeterPhoto(projectId, requestId, file) {
      const path = `${base(projectId)}/meter-change-requests/${encodeURIComponent(requestId)}/photo?${new URLSearchParams({ filename: file.filename })}`;
      const answer = await client.upload(path, file, { method: 'PUT', nullOn404: true });
      return answer === null ? null : true;
    },
  };
}
