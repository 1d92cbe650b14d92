import { Router } from 'express';
import type { UserProductsResponse } from '../../contracts/help.ts';
import type { HelpService } from '../../domain/help/help.service.ts';
import { signedIn } from '../signed-in.ts';

/** Help-related calls on the internal base (spec section 7). */
export function helpRoutes(help: HelpService): Router {
  const router = Router();
  router.get('/user/product', async (req, res) => {
    res.json({ productLines: await help.productLinesOf(signedIn(req).id) } satisfies UserProductsResponse);
  });
  router.get('/tasks/support-questions', async (_req, res) => {
    res.json({ items: await help.supportQuestions() });
  });
  return router;
}
