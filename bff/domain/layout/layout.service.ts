import type { LayoutServices } from '../../contracts/page-services.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { RequestContext } from '../request-context.ts';

/**
 * What the layout shows around every signed-in page (customer, project switcher; later the notification count).
 * It shares the page's calls through the request memo, so the layout costs no extra upstream call.
 */
export function createLayoutService(deps: { projects: ProjectAccess }) {
  return {
    forRequest: (ctx: RequestContext): LayoutServices => ({
      async view() {
        if (!ctx.user) return null;
        return { user: ctx.user, projects: await deps.projects.forRequest(ctx).mine() };
      },
    }),
  };
}

export type LayoutService = ReturnType<typeof createLayoutService>;
