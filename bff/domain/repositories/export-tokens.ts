/** A customer's personal API token as stored (docs/exports.md "API tokens"): the hash of its secret, never the secret. */
export interface StoredExportToken {
  id: string;
  userId: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** The customers' API tokens. Implemented in bff/db. */
export interface ExportTokenRepository {
  /** Adds a token unless the customer has `max` already; null then (checked and inserted in one transaction). */
  create(token: { id: string; userId: string; name: string; tokenHash: string }, max: number): Promise<StoredExportToken | null>;
  listForUser(userId: string): Promise<StoredExportToken[]>;
  /** The token with this hash, its use recorded (`lastUsedAt`); null for an unknown or revoked one. */
  use(tokenHash: string, at: Date): Promise<StoredExportToken | null>;
  /** Deletes the customer's token; false when it is not theirs or gone. */
  revoke(userId: string, id: string): Promise<boolean>;
  deleteForUser(userId: string): Promise<number>;
}
