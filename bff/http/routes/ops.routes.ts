import { Router } from 'express';

export interface Readiness {
  /** False once shutdown has begun: the load balancer stops sending traffic while in-flight requests finish. */
  accepting(): boolean;
  /** Resolves when the database answers. */
  databaseReachable(): Promise<boolean>;
}

/** Liveness (`/healthz`: the process runs) and readiness (`/readyz`: it can serve; 503 otherwise). */
export function opsRoutes(readiness: Readiness): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!readiness.accepting()) {
      res.status(503).json({ status: 'shutting-down' });
      return;
    }
    const database = await readiness.databaseReachable();
    res.status(database ? 200 : 503).json({ status: database ? 'ready' : 'unavailable', database });
  });
  return router;
}
