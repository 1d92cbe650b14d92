import { Router } from 'express';
import * as z from 'zod/mini';
import {
  ConfirmLinkRequestSchema,
  LinkProjectRequestSchema,
  PROJECT_LINK_CONFIRM_PATH,
  PROJECT_LINK_PATH,
  type ConfirmLinkResponse,
} from '../../contracts/linking.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';

/** Project linking on the app base (the link call; its path is the portal's own). */
export function linkingRoutes({ services: { linking } }: RouteDeps): Router {
  const router = Router();

  router.post(`/${PROJECT_LINK_PATH}`, async (req, res) => {
    const request = z.parse(LinkProjectRequestSchema, req.body);
    res.json(await linking.requestLink(signedIn(req), request, req.ip ?? 'unknown'));
  });

  router.post(`/${PROJECT_LINK_CONFIRM_PATH}`, async (req, res) => {
    const request = z.parse(ConfirmLinkRequestSchema, req.body);
    const result = await linking.confirm(signedIn(req), request);
    if (result === 'PROJECT_CONNECTED') req.session.currentProjectId ??= request.projectId;
    res.json({ result } satisfies ConfirmLinkResponse);
  });

  return router;
}
