import type { NotificationsResponse, NotificationsServices, PortalNotification } from '../../contracts/notifications.ts';
import type { ManagedProject } from '../../ports/management-service.ts';
import { notFound } from '../errors.ts';
import type { RequestContext } from '../request-context.ts';
import type { NotificationSeenRepository } from '../repositories/messages.ts';

/** One capability's notifications for the request's customer: of every project of theirs, or of the account. */
export type NotificationSource = (ctx: RequestContext) => Promise<Omit<PortalNotification, 'seen'>[]>;

/**
 * A source from a capability's notifications of one project: asked for each of the customer's projects, so the bell
 * shows every project's entries whichever project the session shows (docs/messages.md "Notifications"). A project
 * whose upstream call fails is left out; the others still count.
 */
export function eachProject(
  projectsOf: (userId: string, ctx: RequestContext) => Promise<ManagedProject[]>,
  ofProject: (ctx: RequestContext, project: ManagedProject) => Promise<Omit<PortalNotification, 'seen'>[]>,
): NotificationSource {
  return async (ctx) => {
    if (!ctx.user) return [];
    const projects = await projectsOf(ctx.user.id, ctx);
    const results = await Promise.allSettled(projects.map((project) => ofProject(ctx, project)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed && results.every((r) => r.status === 'rejected')) throw failed.reason;
    return results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
  };
}

/**
 * The notifications feed (docs/messages.md "Notifications"; `GET /notification`, `POST /notification` with
 * notificationId): every registered source's notifications, newest first, each marked seen or not. A failing source is
 * left out (and logged), so the bell never breaks a page. Sources register in bff/composition/services.ts, one line
 * each.
 */
export function createNotificationsService(deps: { sources: readonly NotificationSource[]; seen: NotificationSeenRepository; warn: (message: string, fields?: Record<string, unknown>) => void }) {
  async function mine(ctx: RequestContext): Promise<NotificationsResponse> {
    if (!ctx.user) return { notifications: [], unseen: 0 };
    const user = ctx.user;
    return ctx.once(`notifications:${user.id}`, async () => {
      const results = await Promise.allSettled(deps.sources.map((source) => source(ctx)));
      const found = results.flatMap((result, index) => {
        if (result.status === 'fulfilled') return result.value;
        deps.warn('notification source failed', { source: index, error: result.reason });
        return [];
      });
      const seen = await deps.seen.seen(user.id, found.map((n) => n.id));
      const notifications = found.map((n) => ({ ...n, seen: seen.has(n.id) })).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return { notifications, unseen: notifications.filter((n) => !n.seen).length };
    });
  }

  return {
    mine,
    /**
     * Marks one of the customer's current notifications (the session project's, as the bell shows them) as seen;
     * marking it twice is harmless. Any other id, made up or someone else's, is NOT_FOUND and stores nothing, so the
     * table holds no more than the notifications there are.
     */
    async markSeen(ctx: RequestContext, notificationId: string): Promise<void> {
      const user = ctx.user;
      if (!user || !(await mine(ctx)).notifications.some((n) => n.id === notificationId)) throw notFound('Diese Benachrichtigung haben wir nicht gefunden.');
      await deps.seen.markSeen(user.id, notificationId);
    },
    forRequest: (ctx: RequestContext): NotificationsServices => ({ mine: () => mine(ctx) }),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
