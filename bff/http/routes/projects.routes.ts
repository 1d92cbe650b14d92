import { Router } from 'express';
import * as z from 'zod/mini';
import { PROJECTS_PATHS, SessionProjectRequestSchema, type UserProjectsResponse } from '../../contracts/projects.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';

/** The customer's projects on the internal base (spec section 7). */
export function projectsRoutes({ services: { projects } }: RouteDeps): Router {
  const router = Router();

  router.get(`/${PROJECTS_PATHS.userProjects}`, async (req, res) => {
    const body: UserProjectsResponse = await projects.myProjects(signedIn(req).id, req.session.currentProjectId);
    res.json(body);
  });

  router.post(`/${PROJECTS_PATHS.sessionProject}`, async (req, res) => {
    const { projectId } = z.parse(SessionProjectRequestSchema, req.body);
    await projects.ownedProject(signedIn(req).id, projectId);
    req.session.currentProjectId = projectId;
    res.status(204).end();
  });

  return router;
}
