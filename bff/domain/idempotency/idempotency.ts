import { createHash } from 'node:crypto';
import { CommonErrors } from '../../contracts/errors.ts';
import { AppError } from '../errors.ts';
import type { IdempotencyRepository } from '../repositories/idempotency.ts';

/** A hash of what the request asks for (fields and file contents), to tell a retry from another request. */
export function requestHash(parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(typeof part === 'string' ? `s${part.length}:${part}` : `b${part.length}:`).update(part);
  return hash.digest('hex');
}

/**
 * Runs `work` once per Idempotency-Key (docs/money.md "Idempotency"): the same key with the same request answers
 * the first answer again without running anything; with another request 422; while the first still runs 409. Without
 * a key the work simply runs. A failed first request frees the key.
 */
export function createIdempotency(repository: IdempotencyRepository) {
  return async function idempotent<T>(
    request: { userId: string; key: string | undefined; scope: string; hash: string },
    work: () => Promise<{ status: number; body: T }>,
  ): Promise<{ status: number; body: T; replayed: boolean }> {
    if (!request.key) return { ...(await work()), replayed: false };
    const claim = await repository.claim(request.userId, request.key, request.scope, request.hash);
    if (claim.state !== 'claimed') {
      if (claim.requestHash !== request.hash) throw new AppError(CommonErrors.IDEMPOTENCY_MISMATCH);
      if (claim.state === 'pending') throw new AppError(CommonErrors.IDEMPOTENCY_IN_PROGRESS);
      return { status: claim.status, body: claim.body as T, replayed: true };
    }
    try {
      const result = await work();
      await repository.finish(request.userId, request.key, result.status, result.body);
      return { ...result, replayed: false };
    } catch (error) {
      await repository.release(request.userId, request.key);
      throw error;
    }
  };
}

export type Idempotent = ReturnType<typeof createIdempotency>;

/** Idempotency-Key header values: printable, at most 128 characters (a UUID from the form is typical). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;
