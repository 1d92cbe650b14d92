import type { Photo } from '../contracts/documents.ts';

/** A file answer, streamed: the body is read only by whoever sends it on (never buffered whole). */
export interface FileStream {
  contentType: string;
  /** Bytes, when the service says (Content-Length). */
  size: number | null;
  body: ReadableStream<Uint8Array>;
}

/** A file to send on: the bytes stay on disk or in the Blob until the request streams them. */
export interface OutgoingFile {
  filename: string;
  contentType: string;
  size: number;
  body: Blob;
  /** SHA-256 of the content (hex), where the receiver computed it (uploads do), e.g. for idempotency. */
  sha256?: string;
}

/** A document of the installer's document service (vendor shape, validated by the adapter). */
export interface StoredDocument {
  uuid: string;
  projectId: number;
  type: string;
  title: string;
  filename: string;
  contentType: string;
  size: number;
  createdAt: string;
  /** A document the installer attached to a task. */
  taskId: string | null;
  /** The portal's own id of an archived document (the e-signature envelope). */
  externalId: string | null;
}

/** A photo as the document service keeps it: the page's facts of a photo (the contract's), by the service's id. */
export type StoredPhoto = Pick<Photo, 'subject' | 'step' | 'caption' | 'takenAt' | 'width' | 'height'> & {
  uuid: string;
  projectId: number;
};

/**
 * The installer's document service: documents and installation photos per project, and the archive for documents
 * signed in the portal. Adapter: adapters/document-service.http.ts; failures reject with UPSTREAM.UNAVAILABLE.
 */
export interface DocumentService {
  documents(projectId: number, filter?: { taskId?: string }): Promise<StoredDocument[]>;
  document(uuid: string): Promise<StoredDocument | null>;
  /** Null for an unknown document. */
  content(uuid: string): Promise<FileStream | null>;
  /** Files a document; the same `externalId` again answers the document filed before. */
  archive(document: { projectId: number; type: string; title: string; externalId: string; file: OutgoingFile }): Promise<StoredDocument>;
  photos(projectId: number): Promise<StoredPhoto[]>;
  photoContent(uuid: string): Promise<FileStream | null>;
}
