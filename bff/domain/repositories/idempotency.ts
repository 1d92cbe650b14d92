/** Idempotency keys of record-creating requests (docs/money.md "Idempotency"); in PostgreSQL, shared by instances. */
export interface IdempotencyRepository {
  /** Claims the key for this request: `claimed`, or what is stored for it already. */
  claim(userId: string, key: string, scope: string, requestHash: string): Promise<
    { state: 'claimed' } | { state: 'pending'; requestHash: string } | { state: 'done'; requestHash: string; status: number; body: unknown }
  >;
  finish(userId: string, key: string, status: number, body: unknown): Promise<void>;
  /** A failed first request frees its key, so a retry can run. */
  release(userId: string, key: string): Promise<void>;
}
