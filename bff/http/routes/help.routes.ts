import { Router } from 'express';
import { HELP_PATHS, type UserProductsResponse } from '../../contracts/help.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';

/** Help-related calls on the internal base. */
export function helpRoutes({ services: { help } }: RouteDeps): Router {
  const router = Router();
  router.get(`/${HELP_PATHS.userProducts}`, async (req, res) => {
    res.json({ productLines: await help.productLinesOf(signedIn(req).id) } satisfies UserProductsResponse);
  });
  router.get(`/${HELP_PATHS.supportQuestions}`, async (req, res) => {
    res.json({ items: await help.supportQuestions(req.language) });
  });
  return router;
}
