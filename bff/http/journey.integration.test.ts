import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BrowserLikeClient } from '../../tests/support/browser-like-client.ts';
import { jsonCall, type JsonBody } from '../../tests/support/json-call.ts';
import { mailsTo, waitForMail } from '../../tests/support/mailbox.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import type { TestData } from '../../tests/support/test-data.ts';
import { usePortal } from '../../tests/support/use-portal.ts';
import { message } from '../contracts/message-text.ts';


const { portal, data } = usePortal();

const call = (client: BrowserLikeClient, method: string, path: string, body?: unknown) => jsonCall(portal.url, client, method, path, body);
const control = (path: string, init: { method?: string; json?: unknown } = {}) =>
  fetch(`${portal.sandboxUrl}/management/_control${path}`, {
    method: init.method ?? 'POST',
    ...(init.json === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.json) }),
  });
const vendorJourney = async (projectId: number) =>
  (await fetch(`${portal.managementApiUrl}/projects/${projectId}/journey`, { headers: { authorization: `Bearer ${portal.config.MANAGEMENT_API_TOKEN}` } })).json();

async function customerWith(project: Partial<Parameters<TestData['project']>[0]> = {}) {
  const customer = await data.customer();
  const created = await data.project({ portalUserIds: [customer.sub], ...project });
  return { customer, project: created, client: await signedInClient(portal.url, customer) };
}

describe('the journey of a customer’s project', () => {
  it('shows steps with state, whom they wait for, the customer’s action and the contact person; a foreign project is 404', async () => {
    const { project, client } = await customerWith({ phase: 'PLANNING', step: 'POWER_OF_ATTORNEY' });
    const answer = await call(client, 'GET', `/api/v1/internal/project/${project.id}/journey`);
    expect(answer.status).toBe(200);
    const journey = answer.body as JsonBody;
    expect(journey.steps.map((s: JsonBody) => s.state)).toEqual(['DONE', 'CURRENT', 'UPCOMING', 'UPCOMING', 'UPCOMING', 'UPCOMING', 'UPCOMING', 'UPCOMING']);
    expect(journey.current).toMatchObject({ step: 'POWER_OF_ATTORNEY', waitingFor: 'CUSTOMER', href: '/home/app/my-project/planning-phase/power-of-attorney' });
    expect(journey.actions).toEqual([expect.objectContaining({ kind: 'SIGN', signingType: 'NETWORK_OPERATOR_POWER_OF_ATTORNEY', optional: false })]);
    expect(journey.contactPerson.name).toEqual(expect.any(String));

    const foreign = await data.project({ phase: 'PLANNING', step: 'POWER_OF_ATTORNEY' });
    expect((await call(client, 'GET', `/api/v1/internal/project/${foreign.id}/journey`)).status).toBe(404);
    expect((await call(client, 'GET', '/api/v1/internal/project/999999999/journey')).status).toBe(404);
  });

  it('confirms the order once; a second confirmation is refused with 409; a plain form comes back with 303', async () => {
    const { project, client } = await customerWith({ phase: 'PLANNING', step: 'OFFER_CONFIRMATION' });
    const first = await call(client, 'POST', `/api/v1/internal/project/${project.id}/action`, { action: 'CONFIRM_ORDER' });
    expect(first.status).toBe(200);
    expect(first.body?.current.step).toBe('POWER_OF_ATTORNEY');
    const second = await call(client, 'POST', `/api/v1/internal/project/${project.id}/action`, { action: 'CONFIRM_ORDER' });
    expect(second.status).toBe(409);
    expect(second.body?.code).toBe('JOURNEY.ACTION_NOT_POSSIBLE');

    const form = await client.request(`${portal.url}/api/v1/internal/project/${project.id}/action`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({ action: 'CONFIRM_ORDER', returnTo: '/home/app/my-project/planning-phase/offer-confirmation' }).toString(),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/home/app/my-project/planning-phase/offer-confirmation?error=JOURNEY.ACTION_NOT_POSSIBLE&form=action#action-errors');
  });

  it('changes only the contact phone and preferred appointment times; unknown fields and a bad phone are 400', async () => {
    const { project, client } = await customerWith({ phase: 'ASSEMBLY', step: 'DELIVERY' });
    const ok = await call(client, 'PATCH', `/api/v1/internal/project/${project.id}`, {
      contactPhone: '+49 (341) 123-4567',
      preferredAppointmentTimes: { weekdays: [1, 2], timeOfDay: 'MORNING', note: 'Bitte vorher anrufen' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body?.preferences).toEqual({
      contactPhone: '+493411234567',
      preferredAppointmentTimes: { weekdays: [1, 2], timeOfDay: 'MORNING', note: 'Bitte vorher anrufen' },
    });
    expect((await vendorJourney(project.id)).preferences.contactPhone).toBe('+493411234567');

    for (const body of [{ step: 'DC' }, { contactPhone: '+49 30 1', email: 'x@example.de' }, { contactPhone: 'ruf mich an' }, {}, { preferredAppointmentTimes: { weekdays: [9], timeOfDay: 'MORNING' } }]) {
      const refused = await call(client, 'PATCH', `/api/v1/internal/project/${project.id}`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body?.code).toBe('VALIDATION');
    }
    const foreign = await data.project();
    expect((await call(client, 'PATCH', `/api/v1/internal/project/${foreign.id}`, { contactPhone: '+4930123456' })).status).toBe(404);
  });

  it('searches only the customer’s own projects by number, place and state', async () => {
    const customer = await data.customer();
    const a = await data.project({ portalUserIds: [customer.sub], address: { street: 'Königsallee', houseNumber: '1', zip: '40212', city: 'Düsseldorf' }, phase: 'PLANNING', step: 'POWER_OF_ATTORNEY' });
    const b = await data.project({ portalUserIds: [customer.sub], productLines: ['CHARGE'] });
    await data.project({ address: { street: 'Königsallee', houseNumber: '2', zip: '40212', city: 'Düsseldorf' } });
    const client = await signedInClient(portal.url, customer);
    const search = async (filter: unknown) => ((await call(client, 'POST', '/api/v1/internal/project/search', filter)).body?.projects as { id: number }[]).map((p) => p.id);
    expect(await search({ query: 'dusseldorf konigsallee' })).toEqual([a.id]);
    expect(await search({ query: String(b.id) })).toEqual([b.id]);
    expect(await search({ phase: 'PLANNING' })).toEqual([a.id]);
    expect(await search({ productLine: 'CHARGE' })).toEqual([b.id]);
    expect(await search({})).toEqual([a.id, b.id]);
    expect((await call(client, 'POST', '/api/v1/internal/project/search', { owner: 'x' })).status).toBe(400);
  });
});

describe('the Marktstammdatenregister', () => {
  async function customerAskedToMove() {
    const setup = await customerWith({ phase: 'ASSEMBLY', step: 'ASSEMBLY_CONCLUSION' });
    expect((await control(`/projects/${setup.project.id}/mastr`, { json: { moveNeeded: true } })).status).toBe(200);
    return setup;
  }

  it('hands an existing registration over: the number is checked in the register, the support code comes back, and MOVE_MASTR goes away', async () => {
    const { project, client } = await customerAskedToMove();
    // The project's other entries (its DC survey, invited by the same event) are not this test's.
    const moveNotices = async () => ((await call(client, 'GET', '/api/v2/app/notification')).body?.notifications as JsonBody[]).filter((n) => n.type === 'MOVE_MASTR');
    // The installer's change reaches the portal as an event, after the control has answered: until it arrives, the
    // journey the sign-in's page kept may still be shown (docs/architecture.md "The data path of a page").
    await expect.poll(moveNotices).toEqual([expect.objectContaining({ type: 'MOVE_MASTR', projectId: project.id, href: '/home/app/move-mastr', seen: false })]);

    const malformed = await call(client, 'POST', '/api/v1/internal/user/mastr/move', { projectId: project.id, operatorNumber: 'SEE930000112233' });
    expect(malformed.status).toBe(400);
    const unknown = await call(client, 'POST', '/api/v1/internal/user/mastr/move', { projectId: project.id, operatorNumber: 'ABR 9999 9999 9999' });
    expect(unknown.status).toBe(422);
    expect(unknown.body?.code).toBe('JOURNEY.MASTR_ACTOR_UNKNOWN');

    const moved = await call(client, 'POST', '/api/v1/internal/user/mastr/move', { projectId: project.id, operatorNumber: 'abr 9300 0011 2233' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ operatorNumber: 'ABR930000112233', actorName: 'Petra Neumann', supportCode: expect.stringMatching(/^\d{12}$/) });
    const journey = (await call(client, 'GET', `/api/v1/internal/project/${project.id}/journey`)).body as JsonBody;
    expect(journey.mastr).toMatchObject({ status: 'MOVE_REQUESTED', transferSupportCode: moved.body?.supportCode });
    expect(await moveNotices()).toEqual([]);
  });

  it('takes the unit numbers of a customer who registered themselves, after checking them in the register', async () => {
    const { project, client } = await customerWith({ phase: 'ASSEMBLY', step: 'ASSEMBLY_CONCLUSION' });
    const unknown = await call(client, 'POST', '/api/v1/internal/user/mastr/register', { projectId: project.id, unitNumbers: ['SEE000000000001'] });
    expect(unknown.body?.code).toBe('JOURNEY.MASTR_UNIT_UNKNOWN');
    const ok = await call(client, 'POST', '/api/v1/internal/user/mastr/register', { projectId: project.id, unitNumbers: ['SEE967711204459'] });
    expect(ok.status).toBe(200);
    expect(ok.body?.mastr).toMatchObject({ status: 'REGISTERED', registeredBy: 'CUSTOMER', unitNumbers: ['SEE967711204459'] });
  });
});

describe('telling the customer about a new to-do', () => {
  const signedEvent = (projectId: number, step: string) => {
    const body = JSON.stringify({ event: 'project.step_changed', data: { projectId, phase: 'ASSEMBLY', step } });
    const t = Math.floor(Date.now() / 1000);
    const signature = `t=${t},v1=${createHmac('sha256', portal.config.MANAGEMENT_WEBHOOK_SECRET).update(`${t}.${body}`).digest('hex')}`;
    return fetch(`${portal.url}/api/management/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-management-signature': signature }, body });
  };

  it('puts a step that starts waiting on the customer in the bell and mails the customer once, with the installer’s request', async () => {
    const { customer, project, client } = await customerWith({ phase: 'ASSEMBLY', step: 'DELIVERY' });
    const bell = async () => ((await call(client, 'GET', '/api/v2/app/notification')).body?.notifications ?? []) as JsonBody[];
    expect((await bell()).filter((n) => n.type === 'JOURNEY_ACTION')).toEqual([]);

    // The goods arrived: the installer's system says the delivery waits on the customer now.
    let since = new Date();
    expect((await control(`/projects/${project.id}/waiting-for`, { json: { waitingFor: 'CUSTOMER' } })).status).toBe(200);
    const mail = await waitForMail(portal.sandboxUrl, customer.email, since);
    expect(mail.subject).toBe(`Du bist dran: Lieferung bestätigen (Projekt ${project.id})`);
    expect(mail.text).toContain('/home/app/my-project/assembly-phase/delivery');
    expect(await bell()).toEqual([
      expect.objectContaining({ type: 'JOURNEY_ACTION', projectId: project.id, href: '/home/app/my-project/assembly-phase/delivery', title: message('journey.noticeConfirmDeliveryTitle'), seen: false }),
    ]);
    const activity = await portal.knex('activity_log').where({ projectId: project.id, type: 'SUCCESS_REMINDER_EMAIL' });
    expect(activity).toHaveLength(1);
    expect(await portal.knex('mail_log').where({ activityLogId: activity[0].id })).toEqual([expect.objectContaining({ receiver: customer.email, subject: mail.subject })]);

    // The same occasion reported again (a retry, another event of the project) mails nothing.
    expect((await signedEvent(project.id, 'DELIVERY')).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(portal.sandboxUrl, customer.email)).toHaveLength(1);

    // Delivered; at the DC installation the installer needs something only the customer can give: a new to-do.
    await control(`/projects/${project.id}/advance`);
    since = new Date();
    const request = 'Bitte schick uns ein Foto vom Dachboden.';
    expect((await control(`/projects/${project.id}/waiting-for`, { json: { waitingFor: 'CUSTOMER', request } })).status).toBe(200);
    const second = await waitForMail(portal.sandboxUrl, customer.email, since);
    expect(second.text).toContain(request);
    const entries = await bell();
    expect(entries.filter((n) => n.type === 'JOURNEY_ACTION')).toEqual([
      expect.objectContaining({ projectId: project.id, href: '/home/app/my-project/assembly-phase/dc', text: message('journey.noticeRequestText', { request }) }),
    ]);
  });

  it('lists every project’s entries in the bell, marked by project, whichever project the session shows', async () => {
    const customer = await data.customer();
    const first = await data.project({ portalUserIds: [customer.sub], phase: 'ASSEMBLY', step: 'DC' });
    const second = await data.project({ portalUserIds: [customer.sub], phase: 'PLANNING', step: 'OFFER_CONFIRMATION' });
    const client = await signedInClient(portal.url, customer);
    const bell = async () => ((await call(client, 'GET', '/api/v2/app/notification')).body?.notifications ?? []) as JsonBody[];
    for (const current of [first.id, second.id]) {
      expect((await call(client, 'POST', '/api/v1/internal/util/auth-session-project-id', { projectId: current })).status).toBe(204);
      expect((await bell()).map((n) => [n.type, n.projectId])).toContainEqual(['JOURNEY_ACTION', second.id]);
    }
  });
});

describe('the "finished" mail', () => {
  it('goes to the project’s contact once the installation is in operation, with MailLog and activity, and never twice', async () => {
    const { project } = await customerWith({ phase: 'ASSEMBLY', step: 'ASSEMBLY_CONCLUSION' });
    const address = project.contact.emails[0] ?? '';
    const since = new Date();
    expect((await control(`/projects/${project.id}/advance`)).status).toBe(200);
    const mail = await waitForMail(portal.sandboxUrl, address, since);
    expect(mail.subject).toBe(`Deine Anlage läuft – Projekt ${project.id}`);
    expect(mail.text).toContain('So geht es weiter');
    expect(mail.text).toMatch(/Zweirichtungszähler|Zählerwechsel/);
    expect(mail.text).toContain('Marktstammdatenregister');

    // The mail is in the mailbox before the portal has logged it: the log follows within moments.
    await expect.poll(async () => (await portal.knex('activity_log').where({ projectId: project.id, type: 'SUCCESS_FINISHED_EMAIL' })).length).toBe(1);
    const activity = await portal.knex('activity_log').where({ projectId: project.id, type: 'SUCCESS_FINISHED_EMAIL' });
    await expect.poll(() => portal.knex('mail_log').where({ activityLogId: activity[0].id })).toEqual([expect.objectContaining({ receiver: address, subject: mail.subject })]);

    // The same event again (a retry of the management service) sends nothing.
    const body = JSON.stringify({ event: 'project.step_changed', data: { projectId: project.id, phase: 'COMPLETED', step: 'IN_OPERATION' } });
    const t = Math.floor(Date.now() / 1000);
    const signature = `t=${t},v1=${createHmac('sha256', portal.config.MANAGEMENT_WEBHOOK_SECRET).update(`${t}.${body}`).digest('hex')}`;
    const again = await fetch(`${portal.url}/api/management/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-management-signature': signature }, body });
    expect(again.status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(portal.sandboxUrl, address)).toHaveLength(1);
  });

  it('promises the monitoring only for an installation the IoT cloud has (the management and IoT stand-ins agree)', async () => {
    const finish = async (productLines: string[]) => {
      const { project } = await customerWith({ phase: 'ASSEMBLY', step: 'ASSEMBLY_CONCLUSION', productLines });
      const since = new Date();
      await control(`/projects/${project.id}/advance`);
      return waitForMail(portal.sandboxUrl, project.contact.emails[0] ?? '', since);
    };
    // PV on the roof: the back office reported the commissioning to the IoT cloud, the mail names the monitoring.
    expect((await finish(['SOLAR', 'STORAGE'])).text).toContain('„Monitoring“');
    // A wallbox alone has nothing the IoT cloud watches: the mail promises nothing the portal's page would deny.
    expect((await finish(['CHARGE'])).text).not.toContain('Monitoring');
  });

  it('refuses forged, unsigned and replayed events with 401', async () => {
    const body = JSON.stringify({ event: 'project.step_changed', data: { projectId: 100239, phase: 'COMPLETED', step: 'IN_OPERATION' } });
    const post = (signature?: string) =>
      fetch(`${portal.url}/api/management/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'x-management-signature': signature } : {}) }, body });
    const sign = (secret: string, t: number) => `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
    const now = Math.floor(Date.now() / 1000);
    expect((await post()).status).toBe(401);
    expect((await post(sign('a-wrong-secret-123456', now))).status).toBe(401);
    expect((await post(sign(portal.config.MANAGEMENT_WEBHOOK_SECRET, now - 3600))).status).toBe(401);
    expect((await post('t=abc,v1=zz')).status).toBe(401);
  });
});
