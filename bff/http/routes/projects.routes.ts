import express, { Router } from 'express';
import * as z from 'zod/mini';
import { PROJECTS_PATHS, SessionProjectRequestSchema, type UserProjectsResponse } from '../../contracts/projects.ts';
import { isHtmlForm } from '../middlewares/csrf.ts';
import { redirectWithin } from '../redirect.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';

/** The customer's projects on the internal base (spec section 7). */
export function projectsRoutes({ services: { projects } }: RouteDeps): Router {
  const router = Router();

  router.get(`/${PROJECTS_PATHS.userProjects}`, async (req, res) => {
    const body: UserProjectsResponse = await projects.myProjects(signedIn(req).id, req.session.currentProjectId);
    res.json(body);
  });

  /**
   * Chooses the session's project: JSON from an island (204), or the layout's plain form (projectId + returnTo), which
   * goes back to the page it came from with a 303.
   */
  router.post(`/${PROJECTS_PATHS.sessionProject}`, express.urlencoded({ extended: false, limit: '4kb' }), async (req, res) => {
    const form = isHtmlForm(req);
    // A multipart post has no parser here: its body stays undefined and fails validation like any other bad body.
    const fields = (req.body ?? {}) as Record<string, unknown>;
    const body = form ? { projectId: Number(fields.projectId) } : req.body;
    const { projectId } = z.parse(SessionProjectRequestSchema, body);
    await projects.ownedProject(signedIn(req).id, projectId);
    req.session.currentProjectId = projectId;
    // Saved before answering: express-session would otherwise send the head first and save afterwards, and the
    // browser's request for the Location could still read the old project.
    await new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
    if (form) {
      redirectWithin(res, String(fields.returnTo ?? ''), { status: 303, fallback: '/home/dashboard' });
      return;
    }
    res.status(204).end();
  });

  return router;
}
