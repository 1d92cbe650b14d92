import type { Knex } from 'knex';
import type { MessagesRepository, NotificationSeenRepository } from '../../domain/repositories/messages.ts';

export function createMessagesRepository(knex: Knex): MessagesRepository {
  return {
    async saveTaskPath(taskId, path) {
      if (path.length === 0) return;
      await knex('task_path')
        .insert(path.map((value, position) => ({ taskId, position, value: value.slice(0, 255) })))
        .onConflict(['taskId', 'position'])
        .ignore();
    },
    async readAt(userId, taskIds) {
      if (taskIds.length === 0) return new Map();
      const rows = await knex('task_read_state').where({ userId }).whereIn('taskId', [...taskIds]);
      return new Map(rows.map((row: { taskId: string; readAt: string }) => [row.taskId, new Date(row.readAt)]));
    },
    async markRead(userId, taskId, at) {
      await knex('task_read_state').insert({ userId, taskId, readAt: at }).onConflict(['userId', 'taskId']).merge({ readAt: at });
    },
    async claimThreadMail(taskId, now, windowMs) {
      const threshold = new Date(now.getTime() - windowMs);
      // One statement: insert, or take over a row older than the window; concurrent events cannot both win.
      const result = await knex.raw(
        `INSERT INTO thread_mail (task_id, sent_at) VALUES (?, ?)
         ON CONFLICT (task_id) DO UPDATE SET sent_at = EXCLUDED.sent_at WHERE thread_mail.sent_at < ?
         RETURNING task_id`,
        [taskId, now, threshold],
      );
      return (result as { rows: unknown[] }).rows.length === 1;
    },
  };
}

export function createNotificationSeenRepository(knex: Knex): NotificationSeenRepository {
  return {
    async seen(userId, ids) {
      if (ids.length === 0) return new Set();
      const rows = await knex('notification_seen').where({ userId }).whereIn('notificationId', [...ids]).select('notificationId');
      return new Set(rows.map((row: { notificationId: string }) => row.notificationId));
    },
    async markSeen(userId, id) {
      await knex('notification_seen').insert({ userId, notificationId: id }).onConflict(['userId', 'notificationId']).ignore();
    },
  };
}
