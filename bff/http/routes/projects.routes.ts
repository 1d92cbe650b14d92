import { Router, type Request } from 'express';
import * as z from 'zod/mini';
import { PROJECTS_PATHS, SessionProjectRequestSchema, type UserProjectsResponse } from '../../contracts/projects.ts';
import { formActions, returnToOf, saveSession, textField } from '../form-action.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';

/**
 * Makes one of the customer's projects the session's current one (the project switcher, and the bell's form that opens
 * another project's notification). Saved before answering: express-session would otherwise send the head first and
 * save afterwards, and the browser's request for the Location could still read the old project.
 */
export async function switchProject(req: Request, projects: RouteDeps['services']['projects'], projectId: number): Promise<void> {
  await projects.ownedProject(signedIn(req).id, projectId);
  req.session.currentProjectId = projectId;
  await saveSession(req);
}

/** The customer's projects on the internal base. */
export function projectsRoutes(deps: RouteDeps): Router {
  const { projects } = deps.services;
  const action = formActions(deps);
  const router = Router();

  router.get(`/${PROJECTS_PATHS.userProjects}`, async (req, res) => {
    const body: UserProjectsResponse = await projects.myProjects(signedIn(req).id, req.session.currentProjectId);
    res.json(body);
  });

  /**
   * Chooses the session's project: JSON from an island (204), or the layout's plain form (projectId + returnTo), which
   * goes back to the page it came from with a 303.
   */
  router.post(
    `/${PROJECTS_PATHS.sessionProject}`,
    action({
      form: 'project-switch',
      page: (req) => returnToOf(req),
      // A multipart post has no parser here: its body stays undefined and fails validation like any other bad body.
      input: (req, { plain }) => z.parse(SessionProjectRequestSchema, plain ? { projectId: Number(textField(req, 'projectId')) } : req.body).projectId,
      run: (projectId, { req }) => switchProject(req, projects, projectId),
      json: (res) => res.status(204).end(),
      done: (_result, { req }) => returnToOf(req),
    }),
  );

  return router;
}
