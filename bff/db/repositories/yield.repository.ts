import type { Knex } from 'knex';
import type { YieldAlert, YieldAlertRepository } from '../../domain/repositories/yield.ts';

/** A row as pg answers it: the id may be a string (bigint), times strings or dates. */
type Row = Omit<YieldAlert, 'id' | 'lastSeenAt' | 'mailedAt' | 'createdAt'> & {
  id: string | number;
  lastSeenAt: string | Date | null;
  mailedAt: string | Date | null;
  createdAt: string | Date;
};

const dateOrNull = (value: string | Date | null) => (value === null ? null : new Date(value));

const toAlert = (row: Row): YieldAlert => ({
  ...row,
  id: String(row.id),
  lastSeenAt: dateOrNull(row.lastSeenAt),
  mailedAt: dateOrNull(row.mailedAt),
  createdAt: new Date(row.createdAt),
});

export function createYieldAlertRepository(knex: Knex): YieldAlertRepository {
  return {
    async claim(alert) {
      const inserted = (await knex('yield_alert').insert(alert).onConflict(['siteId', 'kind', 'incident']).ignore().returning('*')) as Row[];
      if (inserted[0]) return { alert: toAlert(inserted[0]), created: true };
      const row = (await knex('yield_alert').where({ siteId: alert.siteId, kind: alert.kind, incident: alert.incident }).first()) as Row;
      return { alert: toAlert(row), created: false };
    },
    async setTask(id, taskId) {
      await knex('yield_alert').where({ id }).update({ taskId });
    },
    async claimMail(id, at) {
      return (await knex('yield_alert').where({ id }).whereNull('mailedAt').update({ mailedAt: at })) === 1;
    },
    async releaseMail(id) {
      await knex('yield_alert').where({ id }).update({ mailedAt: null });
    },
    async ofProjects(projectIds, since) {
      if (projectIds.length === 0) return [];
      const rows = (await knex('yield_alert').whereIn('projectId', [...projectIds]).where('createdAt', '>=', since).orderBy('createdAt', 'desc').limit(50)) as Row[];
      return rows.map(toAlert);
    },
  };
}
