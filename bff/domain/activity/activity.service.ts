import { LOGGED_PAGE_PATHS } from '../../contracts/enums.ts';
import type { SessionUser } from '../../contracts/session.ts';
import type { ActivityLogRepository, RecordedActivity } from './activity-log.ts';

const loggedPaths: ReadonlySet<string> = new Set(LOGGED_PAGE_PATHS);

/** Only the paths spec section 2 lists are logged; a trailing slash is the same page. */
export function isLoggedPagePath(path: string): boolean {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return loggedPaths.has(normalised);
}

/** Use cases that write the customer's activity log (ARCHITECTURE.md: one row per listed customer action). */
export function createActivityService(repository: ActivityLogRepository) {
  const base = (user: SessionUser) => ({
    origin: 'PORTAL' as const,
    userId: user.id,
    username: user.email,
    projectId: null,
  });

  return {
    /** PAGE_VISITED for the listed paths; returns null for every other path. */
    async pageVisited(user: SessionUser, path: string): Promise<RecordedActivity | null> {
      if (!isLoggedPagePath(path)) return null;
      const normalised = path.replace(/\/+$/, '');
      return repository.record({
        ...base(user),
        type: 'PAGE_VISITED',
        detail: { kind: 'pageVisit', path: normalised },
      });
    },

    /** LOGIN on each sign-in, with the phase the customer signed in for. */
    async loggedIn(user: SessionUser): Promise<RecordedActivity> {
      return repository.record({ ...base(user), type: 'LOGIN', detail: { kind: 'login', phase: user.phase } });
    },

    /** PROJECT_LINK when a linking mail for the project goes out. */
    async projectLinkRequested(user: SessionUser, projectId: number): Promise<RecordedActivity> {
      return repository.record({ ...base(user), projectId, type: 'PROJECT_LINK' });
    },

    /** FAQ_CLICKED with the question when a customer opens an FAQ entry. */
    async faqOpened(user: SessionUser, question: string): Promise<RecordedActivity> {
      return repository.record({ ...base(user), type: 'FAQ_CLICKED', detail: { kind: 'faq', question: question.slice(0, 512) } });
    },

    history: (user: SessionUser, limit?: number) => repository.listForUser(user.id, limit),
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
