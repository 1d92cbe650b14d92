import type { TaskService } from '../../ports/task-service.ts';
import type { AccountDataSource } from '../account/account-data.ts';

/**
 * Messages as account data (docs/account.md): the threads stay at the installer's task service (business
 * correspondence, kept there under the installer's own retention); the export carries the customer's own entries in
 * them, the portal's metadata (read state, seen notifications, idempotency keys, the topic path of the customer's
 * requests) goes with the account.
 */
export function messagesAccountData(deps: {
  tasks: TaskService;
  store: { rows(userId: string): Promise<Record<string, unknown>>; erase(userId: string, ownTaskIds: readonly string[]): Promise<Record<string, number>> };
}): AccountDataSource {
  async function ownTasks(userId: string, projectIds: readonly number[]) {
    const tasks = (await Promise.all(projectIds.map((id) => deps.tasks.tasksOfProject(id)))).flat();
    return tasks.filter((task) => task.entries.some((entry) => entry.author.portalUserId === userId));
  }
  return {
    name: 'messages',
    async export(subject) {
      const tasks = await ownTasks(subject.userId, subject.projectIds);
      return {
        ...(await deps.store.rows(subject.userId)),
        ownEntries: tasks.flatMap((task) =>
          task.entries
            .filter((entry) => entry.author.portalUserId === subject.userId)
            .map((entry) => ({ taskId: task.id, projectId: task.projectId, subject: task.subject, kind: entry.kind, text: entry.text, createdAt: entry.createdAt, attachments: entry.attachments.map((a) => a.filename) })),
        ),
      };
    },
    async erase(subject) {
      const tasks = await ownTasks(subject.userId, subject.projectIds);
      return deps.store.erase(subject.userId, tasks.map((task) => task.id));
    },
  };
}
