import type { Knex } from 'knex';
import type { RateLimiter } from '../../domain/repositories/rate-limits.ts';

/**
 * Fixed-window counters in PostgreSQL, so every portal instance counts the same attempts. One upsert per hit;
 * windows older than a day are pruned now and then.
 */
export function createPgRateLimiter(knex: Knex): RateLimiter {
  let hits = 0;
  return {
    async hit(key, limit, windowSeconds) {
      const nowMs = Date.now();
      const windowStartMs = Math.floor(nowMs / (windowSeconds * 1000)) * windowSeconds * 1000;
      const result = await knex.raw<{ rows: { count: number }[] }>(
        `INSERT INTO rate_limit (key, window_start, count) VALUES (?, ?, 1)
         ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit.count + 1
         RETURNING count`,
        [key, new Date(windowStartMs)],
      );
      if (++hits % 500 === 0) {
        await knex('rate_limit').where('windowStart', '<', new Date(nowMs - 86_400_000)).delete();
      }
      const count = Number(result.rows[0]?.count ?? 0);
      return {
        count,
        allowed: count <= limit,
        retryAfterSeconds: Math.ceil((windowStartMs + windowSeconds * 1000 - nowMs) / 1000),
      };
    },
  };
}
