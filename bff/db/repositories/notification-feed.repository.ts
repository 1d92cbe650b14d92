import type { Knex } from 'knex';
import type { NotificationFeedRepository } from '../../domain/repositories/notification-feed.ts';

export function createNotificationFeedRepository(knex: Knex): NotificationFeedRepository {
  return {
    async read(userId) {
      const result = await knex.raw(
        `SELECT f.entries, f.data_version AS "dataVersion", f.refreshed_at AS "refreshedAt", f.stale_since IS NOT NULL AS stale,
                ARRAY(SELECT s.notification_id FROM notification_seen s
                      WHERE s.user_id = f.user_id AND s.notification_id IN (SELECT e->>'id' FROM jsonb_array_elements(f.entries) e)) AS seen
           FROM notification_feed f WHERE f.user_id = ?`,
        [userId],
      );
      const row = (result as { rows: { entries: unknown; dataVersion: string; refreshedAt: Date; stale: boolean; seen: string[] }[] }).rows[0];
      if (!row) return null;
      return {
        entries: row.entries as never,
        seen: new Set(row.seen),
        dataVersion: Number(row.dataVersion),
        refreshedAt: new Date(row.refreshedAt),
        stale: row.stale,
      };
    },
    async write(userId, feed) {
      // A feed marked stale after this gathering began stays stale: its answers may predate the event.
      await knex.raw(
        `INSERT INTO notification_feed (user_id, entries, project_ids, data_version, refreshed_at, stale_since) VALUES (?, ?::jsonb, ?::integer[], ?, ?, NULL)
         ON CONFLICT (user_id) DO UPDATE SET entries = EXCLUDED.entries, project_ids = EXCLUDED.project_ids, data_version = EXCLUDED.data_version,
           refreshed_at = EXCLUDED.refreshed_at, stale_since = NULL
         WHERE notification_feed.stale_since IS NULL OR notification_feed.stale_since < EXCLUDED.refreshed_at`,
        [userId, JSON.stringify(feed.entries), [...feed.projectIds], feed.dataVersion, feed.at],
      );
    },
    async markStale(projectId, at) {
      await knex.raw('UPDATE notification_feed SET stale_since = ? WHERE project_ids @> ARRAY[?]::integer[]', [at, projectId]);
    },
    erase: (userId) => knex('notification_feed').where({ userId }).delete(),
  };
}
