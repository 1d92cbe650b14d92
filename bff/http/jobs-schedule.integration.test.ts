import { afterAll, expect, it } from 'vitest';
import { createJobRunner, type JobRunner } from '../composition/jobs.ts';
import { createJobRunRepository } from '../db/repositories/jobs.repository.ts';
import type { JobDefinition } from '../domain/jobs/job.ts';
import { createLogger } from '../logger.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

const { portal } = usePortal({ data: 'none' });
const runners: JobRunner[] = [];
afterAll(async () => {
  await Promise.allSettled(runners.map((r) => r.stop()));
});

/**
 * Two instances evaluate the same Europe/Berlin schedule; pg-boss files each occurrence in the throttle slot of its
 * minute (one job per slot, `singleton_on`), one worker runs it. An occurrence stays due for 60 seconds, so the
 * minute that has just begun is sent at once; when the next minute begins while the test watches, its slot runs too.
 * What must hold whenever the test starts: every slot has one job, and every job ran once.
 */
it('a schedule evaluated on two instances at once runs once per minute', async () => {
  const name = `heartbeat-${Date.now()}`;
  const heartbeat: JobDefinition = { name, description: 'Testjob jede Minute.', cron: '* * * * *', retryLimit: 0, retryDelaySeconds: 1, run: async () => ({ ok: true }) };
  for (const instance of ['instanz-a', 'instanz-b']) {
    const runner = createJobRunner({
      config: portal.config,
      databaseUrl: portal.config.databaseUrl,
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
  const runsOf = () => portal.knex('job_run').where({ job: name }).orderBy('id');
  // The current minute's occurrence is due at once.
  await expect.poll(async () => (await runsOf()).length, { timeout: 20_000, interval: 250 }).toBeGreaterThanOrEqual(1);
  // Both instances evaluate the schedule twice more (every second): none may send a slot again.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const runs = await runsOf();
  // The schedule's occurrences as pg-boss forwarded them (its send-it queue, one job per slot) and the jobs they sent.
  const forwarded = (await portal.knex.raw("select singleton_on::text as slot from pgboss.job where name = '__pgboss__send-it' and data->>'name' = ?", [name])).rows as { slot: string | null }[];
  const sent = (await portal.knex.raw('select id::text as id from pgboss.job where name = ?', [name])).rows as { id: string }[];

  expect(forwarded.every((job) => job.slot !== null)).toBe(true);
  expect(new Set(forwarded.map((job) => job.slot)).size, 'one forward per slot').toBe(forwarded.length);
  expect(sent.length, 'one job per forward').toBe(forwarded.length);
  expect(runs.map((run: { jobId: string }) => String(run.jobId)).sort(), 'every job ran once').toEqual(sent.map((job) => job.id).sort());
  // The watch lasts a few seconds: at most the slot it began in and the next one.
  expect(runs.length).toBeLessThanOrEqual(2);
  for (const run of runs) {
    expect(run).toMatchObject({ status: 'SUCCEEDED', attempt: 1 });
    expect(['instanz-a', 'instanz-b']).toContain(run.instance);
  }
}, 60_000);
