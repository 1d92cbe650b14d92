import { afterAll, describe, expect, it } from 'vitest';
import { dayIrradiance } from '../../sandbox/iot/sim/pv.ts';
import { parseDay } from '../../sandbox/iot/sim/time.ts';
import { jsonCall } from '../../tests/support/json-call.ts';
import { mailsTo } from '../../tests/support/mailbox.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { usePortal } from '../../tests/support/use-portal.ts';
import { ENOUGH_SUN_KWH_PER_M2 } from '../domain/yield/alerts.ts';

/**
 * The yield check end to end against the sandbox (docs/monitoring.md "The alert rule"): the IoT cloud's fault controls
 * make a site deliver less or go silent, the weather stand-in reports the simulator's sky, the job raises one alert per
 * installation and day or incident: a service case at the task service, a mail, a bell entry.
 */
const { portal, data } = usePortal({ data: 'all' });
const LEIPZIG = { lat: 51.34, lon: 12.37 };
/** A clear June day of the simulated world (docs/monitoring.md: 2026-06-18 gives a 60 % day a clear verdict). */
const SUNNY_DAY = '2026-06-18';

async function control(path: string, init: { method: string; json?: unknown }) {
  const response = await fetch(`${portal.sandboxUrl}${path}`, {
    method: init.method,
    headers: { 'content-type': 'application/json' },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response;
}

async function casesOf(projectId: number) {
  const { items } = (await (await control('/tasks/_control/tasks', { method: 'GET' })).json()) as {
    items: { id: string; projectId: number; type: string; subject: string; team: string; entries: { author: { role: string }; text: string }[] }[];
  };
  return items.filter((t) => t.projectId === projectId);
}

const alertsOf = (siteId: string) => portal.knex('yield_alert').where({ siteId }).orderBy('id');
const runJob = (jobData: Record<string, unknown> = {}) => portal.services.jobs.run('yield-check', jobData);

async function customerWithSite(overrides: Record<string, unknown> = {}) {
  const customer = await data.customer();
  const project = await data.project({ phase: 'COMPLETED', step: 'IN_OPERATION', portalUserIds: [customer.sub] });
  const site = await data.installation(project.id, { location: LEIPZIG, commissionedAt: '2026-03-02T10:00:00+01:00', ...overrides });
  // The job reaches the portal's customers: an account exists once its customer signed in.
  const client = await signedInClient(portal.url, customer);
  return { customer, project, client, siteId: site.siteId };
}

afterAll(async () => {
  await portal.knex('yield_alert').delete();
});

describe('the yield check', () => {
  it('the test day had enough sun (else a short day gets no verdict)', () => {
    const kwhPerM2 = dayIrradiance(LEIPZIG.lat, LEIPZIG.lon, parseDay(SUNNY_DAY) as number).reduce((sum, step) => sum + step.ghi / 4, 0) / 1000;
    expect(kwhPerM2).toBeGreaterThan(ENOUGH_SUN_KWH_PER_M2 * 3);
  });

  it('a short day raises one alert: a service case the customer sees, one mail, one bell entry; a second run adds nothing', async () => {
    const { customer, project, client, siteId } = await customerWithSite();
    await control(`/iot/_control/sites/${siteId}/production`, { method: 'POST', json: { from: SUNNY_DAY, to: SUNNY_DAY, factor: 0.5 } });

    await runJob({ date: SUNNY_DAY });
    const [alert, ...more] = await alertsOf(siteId);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ kind: 'SHORT_DAY', incident: SUNNY_DAY, day: SUNNY_DAY, projectId: project.id });
    expect(alert.actualKwh / alert.targetKwh).toBeCloseTo(0.5, 1);
    expect(alert.taskId).toMatch(/^T-/);
    expect(alert.mailedAt).not.toBeNull();

    const cases = await casesOf(project.id);
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ id: alert.taskId, type: 'REQUEST', team: 'Technischer Service' });
    expect(cases[0]?.entries[0]?.author.role).toBe('SYSTEM');
    expect(cases[0]?.subject).toContain('Ertrag unter Soll');
    expect(cases[0]?.entries[0]?.text).toContain('erwartet');

    const mails = (await mailsTo(portal.sandboxUrl, customer.email)).filter((m) => m.subject.includes('weniger erzeugt als erwartet'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`/home/app/messages/${alert.taskId}`);

    const bell = (await jsonCall(portal.url, client, 'GET', '/api/v2/app/notification')).body as { notifications: { type: string; href: string; projectId: number }[] };
    expect(bell.notifications.filter((n) => n.type === 'YIELD_ALERT')).toEqual([expect.objectContaining({ href: `/home/app/messages/${alert.taskId}`, projectId: project.id })]);
    // The case is a thread of the customer's messages.
    const { threads } = (await jsonCall(portal.url, client, 'GET', `/api/v1/internal/tasks/allProjectTasks/${project.id}`)).body as { threads: { id: string }[] };
    expect(threads.map((t) => t.id)).toContain(alert.taskId);

    // The customer follows the case in Messages, with the time to first answer.
    const thread = async () => (await jsonCall(portal.url, client, 'GET', `/api/v1/internal/tasks/comments/${alert.taskId}`)).body as { response: { openedAt: string; answer: { afterMs: number } | null } };
    expect((await thread()).response).toMatchObject({ answer: null });
    await control(`/tasks/_control/tasks/${alert.taskId}/answer`, { method: 'POST', json: { text: 'Wir schauen uns das an.', author: 'Technischer Service' } });
    const answered = (await thread()).response.answer;
    expect(answered?.afterMs).toBeGreaterThanOrEqual(0);
    expect(answered?.afterMs).toBeLessThan(60_000);

    // Repeated: same alert, same case, no second mail.
    await runJob({ date: SUNNY_DAY });
    await runJob();
    expect(await alertsOf(siteId)).toHaveLength(1);
    expect(await casesOf(project.id)).toHaveLength(1);
    expect((await mailsTo(portal.sandboxUrl, customer.email)).filter((m) => m.subject.includes('weniger erzeugt als erwartet'))).toHaveLength(1);
  });

  it('a normal simulator week raises no alert', async () => {
    const { customer, siteId } = await customerWithSite();
    const result = (await runJob()) as Record<string, number>;
    expect(result.sites).toBeGreaterThan(0);
    expect(await alertsOf(siteId)).toEqual([]);
    expect((await mailsTo(portal.sandboxUrl, customer.email)).filter((m) => /Anlage/.test(m.subject))).toEqual([]);
  });

  it('data that stop arriving raise one alert per incident, with a case and a mail', async () => {
    const { customer, project, siteId } = await customerWithSite({ battery: null });
    const from = new Date(Date.now() - 8 * 3_600_000).toISOString();
    await control(`/iot/_control/sites/${siteId}/outage`, { method: 'POST', json: { from } });

    await runJob();
    await runJob();
    const alerts = await alertsOf(siteId);
    expect(alerts).toEqual([expect.objectContaining({ kind: 'STALE', day: null })]);
    expect(alerts[0].lastSeenAt.getTime()).toBeLessThanOrEqual(Date.parse(from));
    const cases = await casesOf(project.id);
    expect(cases).toEqual([expect.objectContaining({ subject: 'Keine Daten mehr von Deiner Anlage', type: 'REQUEST' })]);
    expect((await mailsTo(portal.sandboxUrl, customer.email)).filter((m) => m.subject === 'Von Deiner Anlage kommen keine Daten mehr')).toHaveLength(1);
  });
});
