import type { FunnelService } from '../funnel/funnel.service.ts';
import type { JobSpec } from './job.ts';

/**
 * The lead funnel's housekeeping (docs/funnel.md): funnel requests past their 24 hours go (what visitors
 * typed, their codes), leads the sales service lost go after the privacy policy's period together with their account
 * (the account deletion's registry: portal data, the sign-in account, sessions), and verified leads the sales service
 * did not take at the time (its outage) are handed over again. Idempotent: deletes by date, an account already erased
 * erases nothing, and the sales service answers a known lead reference with that lead.
 */
export const funnelJob: JobSpec<{ funnel: Pick<FunnelService, 'lostLeadAccounts' | 'housekeeping'>; account: { eraseAccount(userId: string): Promise<void> } }> = {
  name: 'funnel',
  description: 'Löscht abgelaufene Funnel-Anfragen und gibt bestätigte Interessenten, die der Vertrieb noch nicht hat, erneut weiter.',
  cron: '*/15 * * * *',
  retryLimit: 2,
  retryDelaySeconds: 120,
  async run(deps) {
    const accounts = await deps.funnel.lostLeadAccounts();
    for (const userId of accounts) await deps.account.eraseAccount(userId);
    return { ...(await deps.funnel.housekeeping()), lostLeadAccountsErased: accounts.length };
  },
};
