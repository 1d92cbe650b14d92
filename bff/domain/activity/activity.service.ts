import type { SessionUser } from '../../contracts/auth.ts';
import type { ActivityLogRepository, RecordedActivity } from '../repositories/activity-log.ts';
import { ACTIVITY_KINDS, type ActivityDetail, type ActivityDetailOf, type RecordedType } from './activity-kinds.ts';

/** Longest text a sub-log column keeps (FAQ questions, paths). */
const MAX_TEXT = 512;

const clip = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, typeof value === 'string' ? value.slice(0, MAX_TEXT) : value]));

/**
 * The sub-logs of an entry: a type with one kind takes the detail's fields flat; a type with several kinds takes one
 * object per kind present (the first is required by the type).
 */
function subLogsOf(type: RecordedType, fields: Record<string, unknown>): { detail?: ActivityDetail; related?: ActivityDetail[] } {
  const kind = ACTIVITY_KINDS[type];
  if (!kind) return {};
  if (typeof kind === 'string') return { detail: { kind, ...clip(fields) } as ActivityDetail };
  const [detail, ...related] = kind.flatMap((k) => (fields[k] ? [{ kind: k, ...clip(fields[k] as Record<string, unknown>) } as ActivityDetail] : []));
  return detail ? { detail, related } : {};
}

/**
 * Writes the customer's activity log (docs/architecture.md: one row per listed customer action). The type fixes the
 * sub-log kind (activity-kinds.ts), so a caller cannot write a FAQ detail for a page visit.
 */
export function createActivityService(repository: ActivityLogRepository) {
  return {
    async record<T extends RecordedType>(user: SessionUser, type: T, detail: ActivityDetailOf<T>): Promise<RecordedActivity> {
      const { projectId, ...fields } = detail as { projectId?: number } & Record<string, unknown>;
      return repository.record({
        type,
        origin: 'PORTAL',
        userId: user.id,
        username: user.email,
        projectId: projectId ?? null,
        ...subLogsOf(type, fields),
      });
    },

    /** An activity of a known customer outside a request of theirs (a scheduled job's mail to them). */
    async recordForUser<T extends RecordedType>(user: { id: string; email: string | null }, type: T, detail: ActivityDetailOf<T>): Promise<RecordedActivity> {
      const { projectId, ...fields } = detail as { projectId?: number } & Record<string, unknown>;
      return repository.record({ type, origin: 'PORTAL', userId: user.id, username: user.email, projectId: projectId ?? null, ...subLogsOf(type, fields) });
    },

    /** What the identity provider reported about an account (its signed events): origin IDENTITY_PROVIDER. */
    async recordFromIdentityProvider<T extends RecordedType>(user: { id: string; email: string | null }, type: T, detail: ActivityDetailOf<T>): Promise<RecordedActivity> {
      const { projectId, ...fields } = detail as { projectId?: number } & Record<string, unknown>;
      return repository.record({ type, origin: 'IDENTITY_PROVIDER', userId: user.id, username: user.email, projectId: projectId ?? null, ...subLogsOf(type, fields) });
    },

    /** An activity of a project with no signed-in customer behind it (e.g. a milestone mail on the installer's event). */
    async recordForProject<T extends RecordedType>(type: T, detail: ActivityDetailOf<T> & { projectId: number }): Promise<RecordedActivity> {
      const { projectId, ...fields } = detail as { projectId: number } & Record<string, unknown>;
      return repository.record({
        type,
        origin: 'PORTAL',
        userId: null,
        username: null,
        projectId,
        ...subLogsOf(type, fields),
      });
    },

    /** An activity of a person without a portal account yet, known by the address (the funnel's mail to a lead). */
    async recordForContact<T extends RecordedType>(type: T, email: string, detail: ActivityDetailOf<T>): Promise<RecordedActivity> {
      const { projectId, ...fields } = detail as { projectId?: number } & Record<string, unknown>;
      return repository.record({ type, origin: 'PORTAL', userId: null, username: email, projectId: projectId ?? null, ...subLogsOf(type, fields) });
    },

    history: (user: SessionUser, limit?: number) => repository.listForUser(user.id, limit),
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
