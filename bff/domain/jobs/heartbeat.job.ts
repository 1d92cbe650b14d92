import type { JobSpec } from './job.ts';

/**
 * Heartbeat: a run history entry every five minutes that shows the scheduler is alive on some
 * instance; monitoring alerts when the newest is too old. With several instances there is still one per slot.
 */
export const heartbeatJob: JobSpec<{ now: () => Date }> = {
  name: 'heartbeat',
  description: 'Zeigt im Verlauf, dass die geplanten Jobs laufen.',
  cron: '*/5 * * * *',
  retryLimit: 0,
  retryDelaySeconds: 60,
  async run(deps) {
    return { at: deps.now().toISOString() };
  },
};
