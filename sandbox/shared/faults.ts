import { setTimeout as delay } from 'node:timers/promises';
import type { RequestHandler } from 'express';

/** A fault a test switched on through a stand-in's `/_control/faults` endpoint. */
export type Fault = { mode: 'fail'; status: number; delayMs: number } | { mode: 'slow'; delayMs: number };

/**
 * Applies the current fault to every API request of a stand-in: wait `delayMs`, then either fail with `status` or go
 * on. Mounted before the credential check, since an unavailable service does not look at credentials either.
 */
export function faultInjection(currentFault: () => Fault | undefined): RequestHandler {
  return async (_req, res, next) => {
    const current = currentFault();
    if (!current) {
      next();
      return;
    }
    if (current.delayMs > 0) {
      // A client that gives up (timeout) closes the connection; stop waiting for it then.
      const gone = new AbortController();
      res.once('close', () => gone.abort());
      try {
        await delay(current.delayMs, undefined, { signal: gone.signal });
      } catch {
        return;
      }
    }
    if (current.mode === 'fail') {
      res.status(current.status).json({ error: 'unavailable' });
      return;
    }
    next();
  };
}
