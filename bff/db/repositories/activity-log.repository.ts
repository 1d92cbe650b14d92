import type { Knex } from 'knex';
import type { ActivityOrigin, ActivityType } from '../../contracts/activity.ts';
import type { ActivityDetail, SubLogKind } from '../../domain/activity/activity-kinds.ts';
import type { ActivityLogRepository, RecordedActivity } from '../../domain/repositories/activity-log.ts';
import { ActivityLog, SUB_LOG_TABLES } from '../models/ActivityLog.ts';

const kinds = Object.keys(SUB_LOG_TABLES) as SubLogKind[];

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
    async record(entry) {
      const { detail, related = [], ...columns } = entry;
      const graph: Record<string, unknown> = { ...columns };
      for (const sub of detail ? [detail, ...related] : related) {
        const { kind, ...fields } = sub;
        graph[kind] = fields;
      }
      const row = await ActivityLog.query(knex).insertGraphAndFetch(graph as never);
      return toRecorded(row as unknown as ActivityLog);
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
