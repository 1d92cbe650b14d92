import type { ExportRepository } from '../repositories/jobs.ts';
import type { JobSettings, JobSpec } from './job.ts';

/** A CSV field: quoted, quotes doubled, and no leading formula character (spreadsheet injection). */
const field = (value: string) => `"${value.replace(/^[=+\-@\t\r]/, "'$&").replace(/"/g, '""')}"`;

/**
 * The users export (ExportUsersJob: id, createdAt, expiredAt; docs/jobs.md): a CSV of the portal's customers for the
 * marketing service, kept until `expiredAt` (EXPORT_KEEP_DAYS) and fetched with the external token
 * (`GET /api/external/exports/{id}`). Each run makes a new export; expired ones are deleted by the retention job.
 */
export const exportUsersJob: JobSpec<{ exports: ExportRepository; now: () => Date; settings: Pick<JobSettings, 'exportKeepDays'> }> = {
  name: 'export-users',
  description: 'Erstellt die Kundenliste für den Marketing-Dienst (abrufbar bis zum Ablaufdatum).',
  cron: '30 4 * * 1',
  retryLimit: 2,
  retryDelaySeconds: 300,
  async run(deps) {
    const customers = await deps.exports.customers();
    const lines = ['"userId","email","registeredAt"', ...customers.map((c) => [field(c.userId), field(c.email ?? ''), field(c.createdAt.toISOString())].join(','))];
    const expiredAt = new Date(deps.now().getTime() + deps.settings.exportKeepDays * 86_400_000);
    const created = await deps.exports.create({ expiredAt, rowCount: customers.length, content: `${lines.join('\r\n')}\r\n` });
    return { exportId: created.id, rows: customers.length, expiredAt: created.expiredAt.toISOString() };
  },
};
