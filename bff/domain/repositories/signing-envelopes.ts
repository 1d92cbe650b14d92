import type { EnvelopeStatus, SigningKind } from '../../contracts/signing.ts';

export interface StoredEnvelope {
  envelopeId: string;
  projectId: number;
  type: SigningKind;
  userId: string;
  status: EnvelopeStatus;
  representative: string | null;
  documentSha256: string | null;
  completedAt: Date | null;
  createdAt: Date;
}

/** SigningEnvelopes; implemented in bff/db/repositories. */
export interface SigningEnvelopeRepository {
  create(envelope: Omit<StoredEnvelope, 'status' | 'documentSha256' | 'completedAt' | 'createdAt'>): Promise<StoredEnvelope>;
  find(envelopeId: string): Promise<StoredEnvelope | null>;
  /** The newest envelope of a type for a project. */
  latest(projectId: number, type: SigningKind): Promise<StoredEnvelope | null>;
  /** Completed envelopes of a project, newest first. */
  completedOf(projectId: number): Promise<StoredEnvelope[]>;
  setStatus(envelopeId: string, status: Exclude<EnvelopeStatus, 'COMPLETED'>): Promise<void>;
  /**
   * Stores the signed document and marks the envelope completed, once: false when another request completed it first
   * (the caller then does nothing more).
   */
  complete(envelopeId: string, document: { pdf: Uint8Array; sha256: string; completedAt: Date }): Promise<boolean>;
  document(envelopeId: string): Promise<Uint8Array | null>;
}

/** Milestone mails sent per project (e.g. FINISHED), so a repeated event never mails twice. */
export interface MilestoneMailRepository {
  /** True for the first claim of this project's milestone, false if it was claimed before. */
  claim(projectId: number, milestone: string): Promise<boolean>;
  release(projectId: number, milestone: string): Promise<void>;
  attachActivity(projectId: number, milestone: string, activityLogId: number): Promise<void>;
}
