import type { ManagedDocument } from '../../ports/management-service.ts';

/** A file as the management service lists it (`ManagedDocument`), under its id there. */
export type VendorFile = Pick<ManagedDocument, 'filename' | 'share' | 'path' | 'type' | 'hash' | 'deleted'> & { managementId: string };

/** A mirrored file of the management service (ManagementApiDocument; docs/files.md). */
export interface MirroredDocument extends VendorFile {
  id: number;
  projectId: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Persistence of the mirror; implemented in bff/db/repositories/files.repository.ts. */
export interface ManagementDocumentRepository {
  /**
   * Brings the project's mirror in line with the service's list: a new file or a changed hash is a new row (the old
   * version is marked deleted), share flag, name and type follow, and whatever the service no longer lists or marks
   * deleted is marked deleted. Read-mostly: when the rows already match, nothing is written; changes are written in one
   * transaction, one writer per project. Returns the current rows (deleted ones left out).
   */
  sync(projectId: number, files: VendorFile[]): Promise<MirroredDocument[]>;
  get(id: number): Promise<MirroredDocument | null>;
}

export interface StoredMeterChange {
  id: number;
  projectId: number;
  userId: string;
  managementRequestId: string;
  photoReceivedAt: Date | null;
  createdAt: Date;
}

export interface StoredCapability {
  id: number;
  meterChangeRequestId: number;
  codeHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  failedAttempts: number;
}

export interface MeterChangeRepository {
  ofProject(projectId: number): Promise<StoredMeterChange | null>;
  byId(id: number): Promise<StoredMeterChange | null>;
  /** Null when the project has one already (unique per project). */
  create(entry: { projectId: number; userId: string; managementRequestId: string }): Promise<StoredMeterChange | null>;
  markPhotoReceived(id: number): Promise<void>;
  addCapability(entry: { meterChangeRequestId: number; tokenHash: string; codeHash: string; expiresAt: Date }): Promise<void>;
  capability(tokenHash: string): Promise<StoredCapability | null>;
  /** The number of failed attempts after this one. */
  recordFailure(id: number): Promise<number>;
  /** Marks the capability used; false when it was used (or expired) meanwhile, so only one upload wins. */
  use(id: number): Promise<boolean>;
  /** Gives an unused capability back after a failed upload (the customer may try again). */
  release(id: number): Promise<void>;
}
