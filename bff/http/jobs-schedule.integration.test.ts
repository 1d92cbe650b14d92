import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createJobRunner, type JobRunner } from '../composition/jobs.ts';
import { createJobRunRepository } from '../db/repositories/jobs.repository.ts';
import type { JobDefinition } from '../domain/jobs/job.ts';
import { createLogger } from '../logger.ts';
import { startTestPortal } from '../../tests/support/test-portal.ts';

type Portal = Awaited<ReturnType<typeof startTestPortal>>;
let portal: Portal;
const runners: JobRunner[] = [];
beforeAll(async () => {
  portal = await startTestPortal({ databaseUrl: inject('databaseUrl') });
});
afterAll(async () => {
  await Promise.allSettled(runners.map((r) => r.stop()));
  await portal?.close();
});

// Issue 14: two instances evaluate the same Europe/Berlin schedule; pg-boss sends one job per slot, one worker runs it.
it('a schedule evaluated on two instances at once runs once per minute', async () => {
  const name = `heartbeat-${Date.now()}`;
  const heartbeat: JobDefinition = { name, description: 'Testjob jede Minute.', cron: '* * * * *', retryLimit: 0, retryDelaySeconds: 1, run: async () => ({ ok: true }) };
  for (const instance of ['instanz-a', 'instanz-b']) {
    const runner = createJobRunner({
      config: portal.config,
      databaseUrl: portal.config.databaseUrl,
      deps: portal.services.jobs.deps,
      runs: createJobRunRepository(portal.knex),
      mailer: { from: 'x@example.de', send: async () => undefined },
      logger: createLogger('error'),
      jobs: [heartbeat],
      pollSeconds: 0.5,
      cronCheckSeconds: 1,
      instance,
    });
    runners.push(runner);
  }
  await Promise.all(runners.map((r) => r.start()));
  // The next minute's slot: both instances see it, one job is sent and run.
  await expect.poll(async () => portal.knex('job_run').where({ job: name }).count({ n: '*' }).first(), { timeout: 75_000, interval: 1000 }).toEqual({ n: '1' });
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const runs = await portal.knex('job_run').where({ job: name });
  expect(runs).toHaveLength(1);
  expect(runs[0]).toMatchObject({ status: 'SUCCEEDED', attempt: 1 });
  expect(['instanz-a', 'instanz-b']).toContain(runs[0].instance);
}, 100_000);
