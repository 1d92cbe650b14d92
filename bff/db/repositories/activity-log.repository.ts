import type { Knex } from 'knex';
import type { ActivityOrigin, ActivityType } from '../../contracts/activity.ts';
import type { ActivityDetail, SubLogKind } from '../../domain/activity/activity-kinds.ts';
import type { ActivityLogRepository, RecordedActivity } from '../../domain/repositories/activity-log.ts';
import { ActivityLog, SUB_LOG_TABLES } from '../models/ActivityLog.ts';

const kinds = Object.keys(SUB_LOG_TABLES) as SubLogKind[];
/** A column's name as the models spell it (the snake-case mapper's inverse). */
const camelCase = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function toRecorded(row: ActivityLog): RecordedActivity {
  const related = row as unknown as Record<string, Record<string, unknown> | null | undefined>;
  const details = kinds
    .filter((k) => related[k])
    .map((kind) => {
      const { id: _id, activityLogId: _a, ...fields } = related[kind] as Record<string, unknown>;
      return { kind, ...fields } as ActivityDetail;
    });
  const [detail, ...more] = details;
  return {
    id: Number(row.id),
    logId: row.logId,
    type: row.type as ActivityType,
    origin: row.origin as ActivityOrigin,
    userId: row.userId,
    username: row.username,
    projectId: row.projectId,
    createdAt: new Date(row.createdAt),
    ...(detail ? { detail } : {}),
    ...(more.length > 0 ? { related: more } : {}),
  };
}

export function createActivityLogRepository(knex: Knex): ActivityLogRepository {
  return {
    /**
     * The log row and its sub-log rows in one statement (a page visit is logged on every page: objection's
     * insertGraphAndFetch took four round trips for it, docs/performance.md "The render").
     */
    async record(entry) {
      const { detail, related = [], ...columns } = entry;
      const subs = detail ? [detail, ...related] : related;
      const bindings: Knex.RawBinding[] = [columns.projectId ?? null, columns.userId ?? null, columns.username ?? null, columns.type, columns.origin];
      const inserts = subs.map((sub, i) => {
        const { kind, ...fields } = sub as { kind: SubLogKind } & Record<string, unknown>;
        const names = Object.keys(fields);
        bindings.push(SUB_LOG_TABLES[kind], ...names, ...names.map((name) => fields[name] as Knex.RawBinding));
        return `, s${i} AS (INSERT INTO ?? (activity_log_id${names.map(() => ', ??').join('')}) SELECT a.id${names.map(() => ', ?').join('')} FROM a RETURNING *)`;
      });
      const answer = await knex.raw<{ rows: (Record<string, unknown> & { subs: (Record<string, unknown> | null)[] })[] }>(
        `WITH a AS (INSERT INTO activity_log (project_id, user_id, username, type, origin) VALUES (?, ?, ?, ?, ?) RETURNING *)${inserts.join('')}
         SELECT a.id, a.log_id AS "logId", a.type, a.origin, a.user_id AS "userId", a.username, a.project_id AS "projectId", a.created_at AS "createdAt",
                ARRAY[${subs.map((_, i) => `(SELECT to_jsonb(s${i}) FROM s${i})`).join(', ') || 'NULL::jsonb'}] AS subs
         FROM a`,
        bindings,
      );
      const row = answer.rows[0];
      if (!row) throw new Error('activity not recorded');
      const { subs: subRows, ...log } = row;
      const withSubs: Record<string, unknown> = { ...log };
      subs.forEach((sub, i) => {
        const stored = subRows[i];
        if (stored) withSubs[sub.kind] = Object.fromEntries(Object.entries(stored).map(([key, value]) => [camelCase(key), value]));
      });
      return toRecorded(withSubs as unknown as ActivityLog);
    },

    async listForUser(userId, limit = 100) {
      const rows = await ActivityLog.query(knex)
        .where('userId', userId)
        .orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }])
        .limit(limit)
        .withGraphFetched(`[${kinds.join(', ')}]`);
      return rows.map(toRecorded);
    },
  };
}
