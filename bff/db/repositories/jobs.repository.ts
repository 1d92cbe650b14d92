import type { Knex } from 'knex';
import type { ExportRepository, JobRun, JobRunRepository, ReminderRepository, RetentionRepository } from '../../domain/repositories/jobs.ts';

export function createJobRunRepository(knex: Knex): JobRunRepository {
  return {
    async start(run) {
      const [row] = await knex('job_run').insert({ ...run, status: 'RUNNING' }).onConflict(['jobId', 'attempt']).ignore().returning('id');
      return row ? Number(row.id) : null;
    },
    async finish(id, outcome) {
      await knex('job_run')
        .where({ id })
        .update({ status: outcome.status, result: outcome.result === undefined ? null : JSON.stringify(outcome.result), error: outcome.error ?? null, finishedAt: knex.fn.now() });
    },
    async recent(job, limit = 50) {
      const query = knex('job_run').orderBy('id', 'desc').limit(limit);
      if (job) query.where({ job });
      return (await query).map(
        (row): JobRun => ({
          id: Number(row.id),
          job: row.job,
          jobId: row.jobId,
          attempt: row.attempt,
          instance: row.instance,
          status: row.status,
          result: row.result,
          error: row.error,
          startedAt: new Date(row.startedAt),
          finishedAt: row.finishedAt ? new Date(row.finishedAt) : null,
        }),
      );
    },
  };
}

/** Rows one retention statement deletes at most (docs/scale.md "Retention in batches"). */
export const RETENTION_BATCH_SIZE = 5000;

export function createRetentionRepository(knex: Knex, options: { batchSize?: number } = {}): RetentionRepository {
  const batchSize = options.batchSize ?? RETENTION_BATCH_SIZE;
  // One short statement (its own transaction) per batch, picked by primary key through the date index: a night with
  // millions of old rows never holds row locks for long, nor makes one huge WAL burst; the portal keeps writing meanwhile.
  async function deleteInBatches(table: 'activity_log' | 'mail_log', date: Date): Promise<number> {
    let total = 0;
    for (;;) {
      // `= any(array(…))`, not `in (…)`: the planner then looks the batch up by primary key instead of hashing it
      // against a scan of the whole table.
      const deleted = await knex(table)
        .whereRaw('id = any(array(?))', [knex(table).select('id').where('createdAt', '<', date).orderBy('createdAt').limit(batchSize)])
        .delete();
      total += deleted;
      if (deleted < batchSize) return total;
    }
  }
  return {
    async deleteBefore(date) {
      // Sub-logs go with their activity (ON DELETE CASCADE); a mail log of a deleted activity keeps its own date.
      const activityLogs = await deleteInBatches('activity_log', date);
      const mailLogs = await deleteInBatches('mail_log', date);
      return { activityLogs, mailLogs };
    },
  };
}

export function createReminderRepository(knex: Knex): ReminderRepository {
  return {
    async sent(userId, projectId, actionKey) {
      const row = await knex('reminder_mail').where({ userId, projectId, actionKey }).count({ count: '*' }).max({ last: 'sentAt' }).first();
      return { count: Number(row?.count ?? 0), lastSentAt: row?.last ? new Date(row.last as string) : null };
    },
    async claim(userId, projectId, actionKey, sequence) {
      const rows = await knex('reminder_mail').insert({ userId, projectId, actionKey, sequence }).onConflict(['userId', 'projectId', 'actionKey', 'sequence']).ignore().returning('id');
      return rows.length === 1;
    },
    async markDelivered(userId, projectId, actionKey, sequence) {
      await knex('reminder_mail').where({ userId, projectId, actionKey, sequence }).update({ delivered: true });
    },
  };
}

export function createExportRepository(knex: Knex): ExportRepository {
  return {
    async customers() {
      // A lead's account is no customer's until its sale closed (docs/funnel.md "From lead to customer"): open and lost
      // leads are left out.
      const rows = await knex('users')
        .select('userId', 'email', 'createdAt')
        .whereNotExists(knex('funnelLead').select(knex.raw('1')).whereRaw('funnel_lead.account_user_id = users.user_id').whereNot('status', 'WON'))
        .orderBy('id');
      return rows.map((row) => ({ userId: String(row.userId), email: (row.email as string | null) ?? null, createdAt: new Date(row.createdAt as string) }));
    },
    async create(entry) {
      const [row] = await knex('export_users_job').insert(entry).returning(['id', 'createdAt', 'expiredAt']);
      return { id: String(row.id), createdAt: new Date(row.createdAt), expiredAt: new Date(row.expiredAt) };
    },
    async find(id, now) {
      if (!/^[0-9a-f-]{36}$/.test(id)) return null;
      const row = await knex('export_users_job').where({ id }).where('expiredAt', '>', now).first();
      return row ? { id: String(row.id), createdAt: new Date(row.createdAt), expiredAt: new Date(row.expiredAt), rowCount: Number(row.rowCount), content: String(row.content) } : null;
    },
    async deleteExpired(now) {
      return knex('export_users_job').where('expiredAt', '<=', now).delete();
    },
  };
}
