import { z } from 'zod';
import type { ServiceEndpoint } from '../config.ts';
import { upstreamUnavailable } from '../domain/errors.ts';
import type { TaskService, UploadedFile } from '../ports/task-service.ts';
import { createJsonClient } from './json-client.ts';

const AttachmentSchema = z.object({ id: z.string(), filename: z.string(), contentType: z.string(), size: z.number() });
const TaskSchema = z.object({
  id: z.string(),
  projectId: z.number(),
  type: z.enum(['REQUEST', 'TODO']),
  subject: z.string(),
  status: z.enum(['OPEN', 'IN_PROGRESS', 'DONE']),
  team: z.string(),
  supportQuestion: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  entries: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['EXTERNAL_REQUEST', 'EXTERNAL_RESPONSE', 'COMMENT', 'INTERNAL_INQUIRY', 'ACTION_COMMENT']),
      author: z.object({ name: z.string(), role: z.enum(['CUSTOMER', 'INSTALLER', 'SYSTEM']), portalUserId: z.string().nullable().default(null) }),
      text: z.string(),
      createdAt: z.string(),
      attachments: z.array(AttachmentSchema).default([]),
    }),
  ),
});
const ListSchema = z.object({ items: z.array(TaskSchema) });

/** The task service's REST API (bearer token); files are uploaded one by one before the request that names them. */
export function createHttpTaskService(endpoint: ServiceEndpoint): TaskService {
  const client = createJsonClient(endpoint);

  async function upload(file: UploadedFile): Promise<{ id: string }> {
    const attachment = await client.upload(`/attachments?${new URLSearchParams({ filename: file.filename })}`, file, { schema: AttachmentSchema });
    if (!attachment) throw upstreamUnavailable(endpoint, new Error('upload answered without an attachment'));
    return { id: attachment.id };
  }
  const uploadAll = (files: UploadedFile[]) => Promise.all(files.map(upload));

  return {
    async tasksOfProject(projectId) {
      return (await client.get(`/tasks?projectId=${encodeURIComponent(String(projectId))}`, ListSchema)).items;
    },
    async task(taskId) {
      return client.request(`/tasks/${encodeURIComponent(taskId)}`, { schema: TaskSchema, nullOn404: true });
    },
    async createRequest({ files, ...request }) {
      const attachments = await uploadAll(files);
      return client.request('/tasks', { method: 'POST', json: { ...request, attachments }, schema: TaskSchema });
    },
    async createServiceTask(task) {
      return client.request('/service-tasks', { method: 'POST', json: task, schema: z.object({ id: z.string() }) });
    },
    async openCase(request) {
      return client.request('/cases', { method: 'POST', json: request, schema: TaskSchema });
    },
    async comment(taskId, { files, ...comment }) {
      const attachments = await uploadAll(files);
      await client.request(`/tasks/${encodeURIComponent(taskId)}/comments`, { method: 'POST', json: { ...comment, attachments } });
    },
    async attachment(attachmentId) {
      const response = await client.stream(`/attachments/${encodeURIComponent(attachmentId)}`);
      if (!response) return null;
      try {
        return { contentType: response.headers.get('content-type') ?? 'application/octet-stream', bytes: new Uint8Array(await response.arrayBuffer()) };
      } catch (cause) {
        throw upstreamUnavailable(endpoint, cause);
      }
    },
  };
}
