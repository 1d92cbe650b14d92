import type { LayoutServices } from '../../contracts/page-services.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { RequestContext } from '../request-context.ts';

/**
 * What the layout shows around every signed-in page: the customer, the project switcher and the notifications bell.
 * It shares the page's calls through the request memo (projects, the journey, the project's tasks).
 */
export function createLayoutService(deps: { projects: ProjectAccess; notifications?: NotificationsService }) {
  return {
    forRequest: (ctx: RequestContext): LayoutServices => ({
      async view() {
        if (!ctx.user) return null;
        // A lead has no projects and no notifications: nothing to ask the services for.
        if (ctx.user.phase === 'LEAD') return { user: ctx.user, projects: { available: true, projects: [], current: null }, notifications: null };
        const [projects, notifications] = await Promise.all([
          deps.projects.forRequest(ctx).mine(),
          deps.notifications ? deps.notifications.mine(ctx) : Promise.resolve(null),
        ]);
        return { user: ctx.user, projects, notifications };
      },
    }),
  };
}

export type LayoutService = ReturnType<typeof createLayoutService>;
