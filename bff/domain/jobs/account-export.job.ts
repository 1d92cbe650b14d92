import type { JobSpec } from './job.ts';

/**
 * A customer's large data export (GDPR Art. 15/20, docs/account.md): triggered when the customer asks and the export
 * holds more than DATA_EXPORT_INLINE_LIMIT records. The job data carries only the export's id; the handler is
 * idempotent (a ready export is left alone).
 */
export const accountExportJob: JobSpec<{ account: { buildExport(exportId: string): Promise<Record<string, unknown>> } }> = {
  name: 'account-export',
  description: 'Erstellt den Datenexport einer Kundin oder eines Kunden (DSGVO Art. 15/20) und schickt eine Mail, wenn er fertig ist.',
  retryLimit: 2,
  retryDelaySeconds: 30,
  async run(deps, data) {
    const exportId = typeof data.exportId === 'string' ? data.exportId : '';
    if (!exportId) return { skipped: 'no export id' };
    return deps.account.buildExport(exportId);
  },
};
