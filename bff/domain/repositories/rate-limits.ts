/** Counts attempts per key in fixed windows shared by all portal instances. Implemented in bff/db. */
export interface RateLimiter {
  /**
   * Counts one attempt; `allowed` is false once more than `limit` attempts fell into the current window; `count` is
   * this attempt's number in the window.
   */
  hit(key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; retryAfterSeconds: number; count: number }>;
}
