/** A stored link code (only its hash). */
export interface StoredLinkCode {
  id: number;
  userId: string;
  projectId: number;
  codeHash: string;
  failedAttempts: number;
  createdAt: Date;
  expiresAt: Date;
  consumedAt: Date | null;
}

/** Persistence of link codes; implemented in bff/db. */
export interface LinkCodeRepository {
  /**
   * When this customer's newest code (and so their newest linking mail) for this project was created. Per requester:
   * one customer's request never locks another customer out of the same project.
   */
  lastIssuedAt(userId: string, projectId: number): Promise<Date | null>;
  /** Stores a new code for user and project and invalidates their earlier ones (a resend replaces the code). */
  issue(code: { userId: string; projectId: number; codeHash: string; expiresAt: Date }): Promise<void>;
  /** Removes codes issued by a request that failed before its mail went out. */
  withdraw(userId: string, projectIds: number[]): Promise<void>;
  /** The newest unconsumed code of this user for this project. */
  findPending(userId: string, projectId: number): Promise<StoredLinkCode | null>;
  /** Counts a wrong attempt; returns the new count. */
  recordFailure(id: number): Promise<number>;
  consume(id: number): Promise<void>;
}
