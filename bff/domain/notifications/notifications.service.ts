import type { NotificationsResponse, NotificationsServices, PortalNotification } from '../../contracts/notifications.ts';
import type { ManagedProject } from '../../ports/management-service.ts';
import { notFound } from '../errors.ts';
import type { RequestContext } from '../request-context.ts';
import type { NotificationSeenRepository } from '../repositories/messages.ts';
import type { NotificationFeedRepository } from '../repositories/notification-feed.ts';

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
 * left out (and logged), so the bell never breaks a page.
 *
 * The bell is on every signed-in page, so a page does not ask the sources: it reads the customer's kept feed with one
 * statement. The sources are asked (and the feed kept) when there is none, when an installer's event of one of its
 * projects marked it stale (`projectChanged`), or when the customer changed something since (the session's data
 * version), or when it is older than `maxAgeMs` (NOTIFICATION_FEED_MAX_AGE_SECONDS): how what only a vendor knows,
 * without an event, reaches the bell.
 */
export function createNotificationsService(deps: {
  sources: readonly NotificationSource[];
  seen: NotificationSeenRepository;
  feed: NotificationFeedRepository;
  /** The customer's projects the feed covers: an event of one of them marks it stale. */
  projectIdsOf: (ctx: RequestContext) => Promise<readonly number[]>;
  now?: () => Date;
  /** A feed older than this is gathered afresh; 0 keeps none (every page asks the sources). */
  maxAgeMs: number;
  warn: (message: string, fields?: Record<string, unknown>) => void;
}) {
  const now = deps.now ?? (() => new Date());
  // An age of 0 keeps nothing: every page asks the sources.
  const keeping = deps.maxAgeMs > 0;

  async function gather(ctx: RequestContext, userId: string): Promise<Omit<PortalNotification, 'seen'>[]> {
    const at = now();
    const [results, projectIds] = await Promise.all([
      Promise.allSettled(deps.sources.map((source) => source(ctx))),
      deps.projectIdsOf(ctx).catch(() => null),
    ]);
    const found = results.flatMap((result, index) => {
      if (result.status === 'fulfilled') return result.value;
      deps.warn('notification source failed', { source: index, error: result.reason });
      return [];
    });
    // A feed with a failed source or an unknown project list is shown but not kept: the next page asks again. Nor is
    // one without projects: no event can mark it stale, and a customer without a project is about to get one.
    if (keeping && projectIds && projectIds.length > 0 && results.every((result) => result.status === 'fulfilled')) {
      await deps.feed.write(userId, { entries: found, projectIds, dataVersion: ctx.dataVersion, at }).catch((error: unknown) => deps.warn('notification feed not kept', { error }));
    }
    return found;
  }

  function present(found: readonly Omit<PortalNotification, 'seen'>[], seen: Set<string>): NotificationsResponse {
    const notifications = found.map((n) => ({ ...n, seen: seen.has(n.id) })).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return { notifications, unseen: notifications.filter((n) => !n.seen).length };
  }

  async function mine(ctx: RequestContext): Promise<NotificationsResponse> {
    if (!ctx.user) return { notifications: [], unseen: 0 };
    const user = ctx.user;
    return ctx.once(`notifications:${user.id}`, async () => {
      const kept = !keeping
        ? null
        : await deps.feed.read(user.id).catch((error: unknown) => {
            deps.warn('notification feed not read', { error });
            return null;
          });
      const fresh = kept && !kept.stale && kept.dataVersion === ctx.dataVersion && now().getTime() - kept.refreshedAt.getTime() < deps.maxAgeMs;
      if (fresh) return present(kept.entries, kept.seen);
      const found = await gather(ctx, user.id);
      return present(found, await deps.seen.seen(user.id, found.map((n) => n.id)));
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
    /** An installer's event of the project arrived: every feed covering it is gathered afresh at its next page. */
    projectChanged: (projectId: number): Promise<void> => deps.feed.markStale(projectId, now()),
    forRequest: (ctx: RequestContext): NotificationsServices => ({ mine: () => mine(ctx) }),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
