import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createJobRunner } from '../composition/jobs.ts';
import type { JobDefinition } from '../domain/jobs/job.ts';
import { dueReminder, remindersJob, type RemindersJobDeps } from '../domain/jobs/reminders.job.ts';
import { createJobRunRepository } from '../db/repositories/jobs.repository.ts';
import { createLogger } from '../logger.ts';
import { outboundRequestId } from '../observability/context.ts';
import { registry } from '../observability/metrics.ts';
import { mailsTo, waitForMail } from '../../tests/support/mailbox.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

const { portal, data } = usePortal();

const secrets = () => ({
  internal: portal.config.INTERNAL_API_SECRET,
  cron: portal.config.CRON_API_SECRET,
  funnel: portal.config.FUNNEL_API_SECRET,
  external: portal.config.EXTERNAL_API_SECRET,
});
async function token(
  caller: 'internal' | 'cron' | 'funnel' | 'external',
  overrides: { secret?: string; audience?: string; subject?: string; expired?: boolean; iat?: number | null; exp?: number | null; jti?: string | null } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(overrides.subject ?? caller).setAudience(overrides.audience ?? portal.config.API_AUDIENCE);
  if (overrides.iat !== null) jwt.setIssuedAt(overrides.iat ?? now);
  const exp = overrides.expired ? now - 120 : overrides.exp === undefined ? now + 300 : overrides.exp;
  if (exp !== null) jwt.setExpirationTime(exp);
  const jti = overrides.jti === undefined ? randomUUID() : overrides.jti;
  if (jti !== null) jwt.setJti(jti);
  return jwt.sign(new TextEncoder().encode(overrides.secret ?? secrets()[caller]));
}
const machine = (path: string, bearer: string, init: RequestInit = {}) =>
  fetch(`${portal.url}${path}`, { ...init, headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...init.headers } });

describe('machine endpoints', () => {
  it('open each caller’s router only with its own token and the portal’s audience', async () => {
    for (const caller of ['internal', 'cron', 'funnel', 'external'] as const) {
      const answer = await machine(`/api/${caller}/whoami`, await token(caller));
      expect(answer.status, caller).toBe(200);
      expect(await answer.json()).toEqual({ caller, audience: portal.config.API_AUDIENCE });
    }
    const refused = [
      ['no token', await fetch(`${portal.url}/api/cron/whoami`)],
      ['another caller’s token', await machine('/api/cron/whoami', await token('external'))],
      ['another caller’s name with the right secret', await machine('/api/cron/whoami', await token('cron', { subject: 'external' }))],
      ['wrong audience', await machine('/api/cron/whoami', await token('cron', { audience: 'https://other.example/api' }))],
      ['wrong secret', await machine('/api/cron/whoami', await token('cron', { secret: 'x'.repeat(40) }))],
      ['expired', await machine('/api/cron/whoami', await token('cron', { expired: true }))],
      ['garbage', await machine('/api/cron/whoami', 'abc.def.ghi')],
    ] as const;
    for (const [why, answer] of refused) {
      expect(answer.status, why).toBe(401);
      expect((await answer.json()).code, why).toBe('MACHINE.UNAUTHORIZED');
    }
  });

  it('refuses tokens without exp or iat, living longer than 15 minutes, or issued long ago (a token of three years ago)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const threeYears = 3 * 365 * 86_400;
    const refused = [
      ['no exp', await token('cron', { exp: null })],
      ['no iat', await token('cron', { iat: null })],
      ['issued three years ago, no exp', await token('cron', { iat: now - threeYears, exp: null })],
      ['issued three years ago, exp far ahead', await token('cron', { iat: now - threeYears, exp: now + threeYears })],
      ['a lifetime of a day', await token('cron', { iat: now, exp: now + 86_400 })],
      ['issued in the future', await token('cron', { iat: now + 3_600, exp: now + 3_900 })],
    ] as const;
    for (const [why, bearer] of refused) {
      const answer = await machine('/api/cron/whoami', bearer);
      expect(answer.status, why).toBe(401);
      expect(answer.headers.get('www-authenticate'), why).toContain('invalid_token');
    }
    expect((await machine('/api/cron/whoami', await token('cron', { iat: now - 60, exp: now + 840 }))).status).toBe(200);
  });

  it('takes a token once on a state-changing route: a replay and a token without jti are refused, reading may repeat', async () => {
    // An unknown event passes the token check (400 for the event), then the same token is refused.
    const unknownEvent = { method: 'POST', body: JSON.stringify({ event: 'x', data: {} }) };
    const once = await token('external', { jti: `replay-${randomUUID()}` });
    expect((await machine('/api/external/events', once, unknownEvent)).status).toBe(400);
    const replay = await machine('/api/external/events', once, unknownEvent);
    expect(replay.status).toBe(401);
    expect((await replay.json()).code).toBe('MACHINE.UNAUTHORIZED');
    expect((await machine('/api/external/events', await token('external', { jti: null }), unknownEvent)).status).toBe(401);
    expect((await machine('/api/cron/jobs/nope-job', await token('cron', { jti: null }), { method: 'POST', body: '{}' })).status).toBe(401);
    // Another caller may use the same jti: each caller has its own.
    const shared = `shared-${randomUUID()}`;
    expect((await machine('/api/external/events', await token('external', { jti: shared }), unknownEvent)).status).toBe(400);
    expect((await machine('/api/cron/jobs/nope-job', await token('cron', { jti: shared }), { method: 'POST', body: '{}' })).status).toBe(404);
    const reading = await token('cron', { jti: null });
    expect((await machine('/api/cron/whoami', reading)).status).toBe(200);
    expect((await machine('/api/cron/whoami', reading)).status).toBe(200);
  });

  it('never lets a customer session into a machine route, nor a machine token into a customer route', async () => {
    const customer = await data.customer();
    const client = await signedInClient(portal.url, customer);
    expect((await client.request(`${portal.url}/api/cron/whoami`)).status).toBe(401);
    expect((await client.request(`${portal.url}/api/cron/jobs/retention`, { method: 'POST' })).status).toBe(401);
    const asMachine = await machine('/api/v1/internal/user/project', await token('internal'));
    expect(asMachine.status).toBe(401);
    expect((await asMachine.json()).code).toBe('AUTH.NOT_SIGNED_IN');
    expect((await machine('/api/v2/app/notification', await token('external'))).status).toBe(401);
  });

  it('takes the installer’s events: a published document is mailed to the project’s customers once', async () => {
    const customer = await data.customer();
    const project = await data.project({ portalUserIds: [customer.sub] });
    await signedInClient(portal.url, customer);
    const since = new Date();
    const event = { event: 'document.published', data: { projectId: project.id, documentId: `doc-${Date.now()}`, title: 'Garantieurkunde' } };
    const first = await machine('/api/external/events', await token('external'), { method: 'POST', body: JSON.stringify(event) });
    expect(await first.json()).toEqual({ event: 'document.published', outcome: 'mailed' });
    expect((await waitForMail(portal.sandboxUrl, customer.email, since)).subject).toBe('Neues Dokument zu Deinem Projekt: Garantieurkunde');
    const again = await machine('/api/external/events', await token('external'), { method: 'POST', body: JSON.stringify(event) });
    expect((await again.json()).outcome).toBe('already');
    expect((await mailsTo(portal.sandboxUrl, customer.email)).filter((m) => m.subject.startsWith('Neues Dokument'))).toHaveLength(1);
    const bad = await machine('/api/external/events', await token('external'), { method: 'POST', body: JSON.stringify({ event: 'x', data: {} }) });
    expect(bad.status).toBe(400);
  });
});

describe('jobs', () => {
  it('retention deletes activity and mail logs older than the policy’s period and keeps the rest', async () => {
    const old = new Date();
    old.setMonth(old.getMonth() - portal.config.RETENTION_MONTHS - 1);
    const [oldLog] = await portal.knex('activity_log').insert({ type: 'LOGIN', origin: 'PORTAL', userId: 'retention-test', createdAt: old }).returning('id');
    await portal.knex('activity_log_login').insert({ activityLogId: oldLog.id, phase: 'PROJECT' });
    const [newLog] = await portal.knex('activity_log').insert({ type: 'LOGIN', origin: 'PORTAL', userId: 'retention-test' }).returning('id');
    await portal.knex('mail_log').insert([
      { sender: 'a@example.de', receiver: 'b@example.de', subject: 'alt', html: '', text: '', createdAt: old },
      { sender: 'a@example.de', receiver: 'b@example.de', subject: 'neu', html: '', text: '' },
    ]);
    const result = await portal.services.jobs.run('retention');
    expect(result.activityLogs).toBeGreaterThanOrEqual(1);
    expect(await portal.knex('activity_log').where({ userId: 'retention-test' }).pluck('id')).toEqual([newLog.id]);
    expect(await portal.knex('activity_log_login').where({ activityLogId: oldLog.id })).toHaveLength(0);
    expect(await portal.knex('mail_log').where({ receiver: 'b@example.de' }).pluck('subject')).toEqual(['neu']);
    // A second run finds nothing more to do.
    expect((await portal.services.jobs.run('retention')).activityLogs).toBe(0);
  });

  it('reminds of an open customer step after three days, then weekly, at most three times, and never twice for one slot', async () => {
    expect(dueReminder(new Date('2026-01-01'), { count: 0, lastSentAt: null }, new Date('2026-01-03'))).toBeNull();
    expect(dueReminder(new Date('2026-01-01'), { count: 0, lastSentAt: null }, new Date('2026-01-04'))).toBe(1);
    expect(dueReminder(new Date('2026-01-01'), { count: 1, lastSentAt: new Date('2026-01-04') }, new Date('2026-01-10'))).toBeNull();
    expect(dueReminder(new Date('2026-01-01'), { count: 1, lastSentAt: new Date('2026-01-04') }, new Date('2026-01-11'))).toBe(2);
    expect(dueReminder(new Date('2026-01-01'), { count: 3, lastSentAt: new Date('2026-01-18') }, new Date('2026-03-01'))).toBeNull();

    const customer = await data.customer();
    const project = await data.project({ portalUserIds: [customer.sub], phase: 'PLANNING', step: 'POWER_OF_ATTORNEY' });
    await signedInClient(portal.url, customer);
    const reminders = portal.services.jobs.job('reminders')?.deps as RemindersJobDeps;
    const journey = await reminders.journeys.journey(project.id);
    const openSince = new Date(journey?.steps.find((step) => step.status === 'ACTIVE')?.startedAt ?? '');
    const at = (days: number) => ({ ...reminders, now: () => new Date(openSince.getTime() + days * 86_400_000) });
    const mails = async () => (await mailsTo(portal.sandboxUrl, customer.email)).filter((m) => m.subject.startsWith('Erinnerung:'));

    await remindersJob.run(at(1), {});
    expect(await mails()).toHaveLength(0);
    await Promise.all([remindersJob.run(at(4), {}), remindersJob.run(at(4), {})]);
    expect(await mails()).toHaveLength(1);
    expect((await mails())[0]?.subject).toBe(`Erinnerung: Vollmacht für den Netzbetreiber unterschreiben (Projekt ${project.id})`);
    await remindersJob.run(at(9), {});
    expect(await mails()).toHaveLength(1);
    await remindersJob.run(at(12), {});
    await remindersJob.run(at(20), {});
    await remindersJob.run(at(40), {});
    expect(await mails()).toHaveLength(3);
    const logged = await portal.knex('activity_log').where({ userId: customer.sub, type: 'SUCCESS_REMINDER_EMAIL', projectId: project.id });
    expect(logged).toHaveLength(3);
  });

  it('exports the customers for the marketing service; the file is fetched with the external token until it expires', async () => {
    const customer = await data.customer();
    await signedInClient(portal.url, customer);
    const made = await portal.services.jobs.run('export-users');
    const csv = await machine(`/api/external/exports/${made.exportId}`, await token('external'));
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await csv.text()).toContain(`"${customer.sub}","${customer.email}"`);
    expect((await machine(`/api/external/exports/${made.exportId}`, await token('cron'))).status).toBe(401);
    await portal.knex('export_users_job').where({ id: made.exportId }).update({ expiredAt: new Date(Date.now() - 1000) });
    expect((await machine(`/api/external/exports/${made.exportId}`, await token('external'))).status).toBe(404);
    await portal.services.jobs.run('retention');
    expect(await portal.knex('export_users_job').where({ id: made.exportId })).toHaveLength(0);
  });

  it('a job triggered by the cron endpoint runs on the workers and shows in the run history; unknown names are 404', async () => {
    await portal.services.jobs.start();
    try {
      const started = await machine('/api/cron/jobs/export-users', await token('cron'), { method: 'POST', body: '{}' });
      expect(started.status).toBe(202);
      const { jobId } = (await started.json()) as { jobId: string };
      await expect.poll(async () => (await portal.knex('job_run').where({ jobId }).first())?.status, { timeout: 15_000 }).toBe('SUCCEEDED');
      const runs = (await (await machine('/api/internal/jobs/runs?job=export-users', await token('internal'))).json()).runs as { jobId: string }[];
      expect(runs.some((r) => r.jobId === jobId)).toBe(true);
      expect((await machine('/api/cron/jobs/nope', await token('cron'), { method: 'POST', body: '{}' })).status).toBe(404);
    } finally {
      await portal.services.jobs.stop();
    }
  });

  it('a failing job is retried with backoff and then reported to the operator by mail', async () => {
    // What a vendor call of the job would send as X-Request-Id, per try.
    const outboundIds: (string | undefined)[] = [];
    const logLines: string[] = [];
    const failing: JobDefinition = {
      name: `always-fails-${Date.now()}`,
      description: 'Ein Testjob, der immer scheitert.',
      retryLimit: 1,
      retryDelaySeconds: 1,
      run: async () => {
        outboundIds.push(outboundRequestId());
        throw new Error('Testfehler: Dienst antwortet nicht');
      },
    };
    const runner = createJobRunner({
      config: portal.config,
      databaseUrl: portal.config.databaseUrl,
      runs: createJobRunRepository(portal.knex),
      mailer: (await import('../adapters/smtp-mailer.ts')).createSmtpMailer({ host: 'localhost', port: portal.config.SMTP_PORT, secure: false, from: portal.config.MAIL_FROM }),
      logger: createLogger('debug', (_level, line) => logLines.push(line)),
      jobs: [failing],
      pollSeconds: 0.5,
    });
    await runner.start();
    const since = new Date();
    try {
      await runner.trigger(failing.name);
      await expect.poll(async () => portal.knex('job_run').where({ job: failing.name }).pluck('status'), { timeout: 20_000 }).toEqual(['FAILED', 'FAILED']);
      const mail = await waitForMail(portal.sandboxUrl, portal.config.OPERATOR_EMAIL, since, 20_000);
      expect(mail.subject).toBe(`[Kundenportal] Job „${failing.name}“ ist fehlgeschlagen`);
      expect(mail.text).toContain('Testfehler: Dienst antwortet nicht');

      // Its log lines and vendor calls name the job and its id, never a request id; the metrics count both tries
      // and the dead letter (docs/observability.md).
      const { jobId } = (await portal.knex('job_run').where({ job: failing.name }).first()) as { jobId: string };
      expect(outboundIds).toEqual([`job:${jobId}`, `job:${jobId}`]);
      const lines = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.filter((line) => line.msg === 'job failed')).toEqual([
        expect.objectContaining({ level: 'warn', job: failing.name, jobId }),
        expect.objectContaining({ level: 'warn', job: failing.name, jobId }),
      ]);
      expect(lines.find((line) => line.msg === 'job gave up after its retries')).toMatchObject({ level: 'error', job: failing.name });
      expect(lines.some((line) => 'requestId' in line)).toBe(false);
      const metrics = await registry.metrics();
      expect(metrics).toContain(`portal_job_failures_total{job="${failing.name}"} 2`);
      expect(metrics).toContain(`portal_job_dead_letters_total{job="${failing.name}"} 1`);
      expect(metrics).toMatch(new RegExp(`portal_job_queue_jobs\\{queue="${failing.name}-failed",state="queued"\\} \\d`));
    } finally {
      await runner.stop();
    }
  });
});
