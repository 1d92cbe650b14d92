import type { JobSpec } from './job.ts';

/**
 * Bank check (docs/money.md "Validator down: retried later, nothing lost"): bank details the customer sent while the
 * IBAN validator was down were taken with the local check only; every ten minutes they are checked again, BIC and bank
 * name filled in, a closed account or unknown bank recorded (the page then asks the customer). Still down: they wait
 * for the next run.
 */
export const bankCheckJob: JobSpec<{ bankDetails: { recheckPending(): Promise<Record<string, number>> } }> = {
  name: 'bank-check',
  description: 'Prüft Bankverbindungen, die ohne den IBAN-Prüfdienst angenommen wurden, nachträglich.',
  cron: '*/10 * * * *',
  retryLimit: 2,
  retryDelaySeconds: 120,
  async run(deps) {
    return deps.bankDetails.recheckPending();
  },
};
