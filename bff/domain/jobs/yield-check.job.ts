import type { JobSpec } from './job.ts';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Yield check (docs/monitoring.md "The alert rule"): every commissioned installation's last settled days against their
 * weather-based targets, and whether its data still arrive. A short day or a silence becomes one alert per installation
 * and day or incident: a service case, a mail and a bell entry. `{ date: 'YYYY-MM-DD' }` checks that one day instead
 * (a tester's weak day further back).
 */
export const yieldCheckJob: JobSpec<{ yieldAlerts: { check(options: { date?: string }): Promise<Record<string, number>> } }> = {
  name: 'yield-check',
  description: 'Vergleicht den Ertrag jeder Anlage mit dem Soll nach dem Wetter und meldet zu schwache Tage und ausbleibende Daten.',
  cron: '30 7 * * *',
  retryLimit: 2,
  retryDelaySeconds: 600,
  async run(deps, data) {
    const date = typeof data.date === 'string' && CALENDAR_DATE.test(data.date) ? data.date : undefined;
    return deps.yieldAlerts.check(date ? { date } : {});
  },
};
