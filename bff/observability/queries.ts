import type { Knex } from 'knex';
import type pg from 'pg';
import { costStarted } from './context.ts';

type KnexQuery = { __knexQueryUid?: string };

/**
 * Counts every statement knex sends for the request it belongs to (`Server-Timing` `db`, docs/observability.md): knex
 * announces each one (a transaction's BEGIN and COMMIT too) with `query`, and ends a builder's with `query-response` or
 * `query-error`; a statement without an id (BEGIN, COMMIT) is counted without a duration.
 */
export function countKnexQueries(knex: Knex): void {
  const running = new Map<string, () => void>();
  knex.on('query', (query: KnexQuery) => {
    const ended = costStarted('db');
    if (!ended) return;
    if (query.__knexQueryUid) running.set(query.__knexQueryUid, ended);
    else ended();
  });
  const end = (_answer: unknown, query: KnexQuery | undefined) => {
    const uid = query?.__knexQueryUid;
    if (!uid) return;
    running.get(uid)?.();
    running.delete(uid);
  };
  knex.on('query-response', end);
  knex.on('query-error', end);
}

/**
 * The same for a plain pg pool (the session store's): every `pool.query`, counted in the caller's request. Wrapped at
 * the call, not in the client, because a pool hands a waiting caller its client from another request's release.
 */
export function countPoolQueries(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const ended = costStarted('db');
    if (!ended) return query(...args);
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (...result: unknown[]) => {
        ended();
        (callback as (...result: unknown[]) => void)(...result);
      };
      return query(...args);
    }
    const answer = query(...args) as Promise<unknown>;
    answer.then(ended, ended);
    return answer;
  }) as typeof pool.query;
}
