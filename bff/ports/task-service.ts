import type { OutgoingFile } from './document-service.ts';

/** A task of the installer's task service, as its API delivers it (validated by the adapter). */
export interface VendorTask {
  id: string;
  projectId: number;
  type: 'REQUEST' | 'TODO';
  subject: string;
  status: 'OPEN' | 'IN_PROGRESS' | 'DONE';
  team: string;
  supportQuestion: string[];
  createdAt: string;
  updatedAt: string;
  entries: {
    id: string;
    kind: 'EXTERNAL_REQUEST' | 'EXTERNAL_RESPONSE' | 'COMMENT' | 'INTERNAL_INQUIRY' | 'ACTION_COMMENT';
    author: { name: string; role: 'CUSTOMER' | 'INSTALLER' | 'SYSTEM'; portalUserId: string | null };
    text: string;
    createdAt: string;
    attachments: { id: string; filename: string; contentType: string; size: number }[];
  }[];
}

/** A file on its way to the task service (streamed from its Blob; see bff/http/uploads.ts). */
export type UploadedFile = OutgoingFile;

/**
 * The installer's task service (ticketing). Adapter: adapters/task-service.http.ts. Rejects with UpstreamUnavailable
 * when the service fails or does not answer in time.
 */
export interface TaskService {
  tasksOfProject(projectId: number): Promise<VendorTask[]>;
  /** Null for an unknown task. */
  task(taskId: string): Promise<VendorTask | null>;
  /** Uploads the files first; a failed upload creates nothing. */
  createRequest(request: { projectId: number; subject: string; text: string; supportQuestion: string[]; author: { name: string; portalUserId: string }; files: UploadedFile[] }): Promise<VendorTask>;
  /**
   * An internal task for the installer's customer service (a survey's detractor or a request for contact;
   * docs/surveys.md). It never appears among the customer's messages.
   */
  createServiceTask(task: { projectId: number; subject: string; text: string; source: string }): Promise<{ id: string }>;
  /**
   * A service case the portal opens for the customer (the monitoring's alert, docs/monitoring.md "The service case"): a
   * customer-visible thread written by the system, routed by its support question; the same `source` answers the case
   * opened before instead of a second one.
   */
  openCase(request: { projectId: number; subject: string; text: string; supportQuestion: string[]; source: string }): Promise<VendorTask>;
  comment(taskId: string, comment: { text: string; author: { name: string; portalUserId: string }; files: UploadedFile[] }): Promise<void>;
  /** Null for an unknown attachment. */
  attachment(attachmentId: string): Promise<{ contentType: string; bytes: Uint8Array } | null>;
}
