import type { ExportRepository, RetentionRepository } from '../repositories/jobs.ts';
import type { JobSettings, JobSpec } from './job.ts';

/**
 * Retention (privacy policy, docs/security.md "Account and privacy"): activity logs (with their sub-logs) and mail logs older than
 * the policy's period (RETENTION_MONTHS, 24 as the published privacy policy says) are deleted every night, with the
 * expired users exports and customers' data exports.
 */
export const retentionJob: JobSpec<{
  now: () => Date;
  settings: Pick<JobSettings, 'retentionMonths'>;
  retention: RetentionRepository;
  exports: ExportRepository;
  account: { deleteExpiredExports(): Promise<number> };
}> = {
  name: 'retention',
  description: 'Löscht Aktivitäts- und Mail-Protokolle, die älter sind als die Frist der Datenschutzerklärung.',
  cron: '15 3 * * *',
  retryLimit: 3,
  retryDelaySeconds: 300,
  async run(deps) {
    const cutoff = new Date(deps.now());
    cutoff.setMonth(cutoff.getMonth() - deps.settings.retentionMonths);
    const deleted = await deps.retention.deleteBefore(cutoff);
    const exports = await deps.exports.deleteExpired(deps.now());
    const accountExports = await deps.account.deleteExpiredExports();
    return { cutoff: cutoff.toISOString(), ...deleted, expiredExports: exports, expiredAccountExports: accountExports };
  },
};
