import { Router } from 'express';
import * as z from 'zod/mini';
import { SessionProjectRequestSchema, type UserProjectsResponse } from '../../contracts/projects.ts';
import type { ProjectAccess } from '../../domain/projects/project-access.ts';
import { signedIn } from '../signed-in.ts';

/** The customer's projects on the internal base (spec section 7). */
export function projectsRoutes(projects: ProjectAccess): Router {
  const router = Router();

  router.get('/user/project', async (req, res) => {
    const body: UserProjectsResponse = await projects.myProjects(signedIn(req).id, req.session.currentProjectId);
    res.json(body);
  });

  router.post('/util/auth-session-project-id', async (req, res) => {
    const { projectId } = z.parse(SessionProjectRequestSchema, req.body);
    await projects.ownedProject(signedIn(req).id, projectId);
    req.session.currentProjectId = projectId;
    res.status(204).end();
  });

  return router;
}
