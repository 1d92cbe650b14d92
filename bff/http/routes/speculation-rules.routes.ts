import { Router, type RequestHandler } from 'express';
import { SPECULATION_RULES_PATH, speculationRules } from '../../contracts/routes.ts';
import type { RouteDeps } from '../route-deps.ts';

/** The page prefetch rules (bff/contracts/routes.ts, speculationRules), public and cacheable for an hour. */
export function speculationRulesRoutes({ routes }: RouteDeps): Router {
  const body = JSON.stringify(speculationRules(routes.routes));
  const router = Router();
  router.get(SPECULATION_RULES_PATH, (_req, res) => {
    res.type('application/speculationrules+json').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(body);
  });
  return router;
}

/** Every page names the rules in a header, so pages without JavaScript keep none (no inline script, no CSP hash). */
export const announceSpeculationRules: RequestHandler = (req, res, next) => {
  if ((req.method === 'GET' || req.method === 'HEAD') && !req.path.startsWith('/api/')) {
    res.setHeader('Speculation-Rules', `"${SPECULATION_RULES_PATH}"`);
  }
  next();
};
