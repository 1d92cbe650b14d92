import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { CSRF_HEADER } from '../contracts/http.ts';
import { BrowserLikeClient } from '../../tests/support/browser-like-client.ts';
import { linkCodeFor, mailsTo, waitForMail } from '../../tests/support/mailbox.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { startTestPortal } from '../../tests/support/test-portal.ts';

type Portal = Awaited<ReturnType<typeof startTestPortal>>;
let portal: Portal;
const logLines: string[] = [];

beforeAll(async () => {
  portal = await startTestPortal({ databaseUrl: inject('databaseUrl'), env: { TRUST_PROXY: 'true' }, logLines });
});
afterAll(() => portal?.close());
beforeEach(async () => {
  // Each test starts from the demo data: nothing linked but Jonas' projects, no codes, no counters.
  await fetch(`${portal.sandboxUrl}/management/_control/reset`, { method: 'POST' });
  await portal.knex('project_link_code').delete();
  await portal.knex('rate_limit').delete();
});

const ANNA = 'anna.schmidt@example.de';
const JONAS = 'jonas.weber@example.de';
const MEHMET = 'mehmet.yilmaz@example.de';

async function call(client: BrowserLikeClient, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await client.request(`${portal.url}${path}`, {
    method,
    headers: { [CSRF_HEADER]: '1', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}
const link = (client: BrowserLikeClient, body: unknown) => call(client, 'POST', '/api/v2/app/project/link', body);
const confirm = (client: BrowserLikeClient, projectId: number, code: string) =>
  call(client, 'POST', '/api/v2/app/project/link/confirm', { projectId, code });
const myProjects = async (client: BrowserLikeClient) =>
  ((await call(client, 'GET', '/api/v1/internal/user/project')).body as { projects: { id: number }[] }).projects.map((p) => p.id);

describe('linking by project id', () => {
  it('mails a code to the contact address on file and connects the project with it', async () => {
    const anna = await signedInClient(portal.url, ANNA);
    const since = new Date();

    const response = await link(anna, { projectId: 100234 });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ '100234': { code: 200, emailAddress: 'a***@example.de' } });
    const mail = await waitForMail(portal.sandboxUrl, ANNA, since);
    const code = linkCodeFor(mail, 100234);
    expect(mail.text).toContain(`/home/dashboard?linkProject=100234&linkCode=${code}`);

    expect((await confirm(anna, 100234, code)).body).toEqual({ result: 'PROJECT_CONNECTED' });
    expect(await myProjects(anna)).toEqual([100234]);
    // Single use: the same code does not work twice.
    expect((await confirm(anna, 100234, code)).body).toEqual({ result: 'PROJECT_NOT_FOUND' });
  });

  it('writes one PROJECT_LINK activity and one mail log without the code', async () => {
    const anna = await signedInClient(portal.url, ANNA);
    const since = new Date();
    await link(anna, { projectId: 100234 });
    const code = linkCodeFor(await waitForMail(portal.sandboxUrl, ANNA, since), 100234);

    const activity = await portal.knex('activity_log').where({ type: 'PROJECT_LINK', projectId: 100234 }).where('createdAt', '>=', since);
    expect(activity).toHaveLength(1);
    const mailLog = await portal.knex('mail_log').where({ activityLogId: activity[0].id });
    expect(mailLog).toHaveLength(1);
    expect(mailLog[0]).toMatchObject({ receiver: ANNA, sender: portal.config.MAIL_FROM });
    expect(`${mailLog[0].text}${mailLog[0].html}`).not.toContain(code);
  });

  it('answers 429 for a second linking mail within 10 minutes', async () => {
    const anna = await signedInClient(portal.url, ANNA);
    await link(anna, { projectId: 100234 });
    const again = await link(anna, { projectId: 100234 });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 'LINK.EMAIL_ALREADY_SENT' });
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(500);
  });

  it('answers 404 for an unknown project id', async () => {
    const anna = await signedInClient(portal.url, ANNA);
    const response = await link(anna, { projectId: 999999 });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'LINK.PROJECT_NOT_FOUND' });
  });

  it('answers 418 when the project is already connected to the customer', async () => {
    const jonas = await signedInClient(portal.url, JONAS);
    const response = await link(jonas, { projectId: 100240 });
    expect(response.status).toBe(418);
    expect(response.body).toMatchObject({ code: 'LINK.PROJECT_ALREADY_CONNECTED' });
  });

  it('rejects a payload that mixes modes or sends the id as text', async () => {
    const anna = await signedInClient(portal.url, ANNA);
    expect((await link(anna, { projectId: '100234' })).status).toBe(400);
    expect((await link(anna, { projectId: 100234, zip: '10115' })).status).toBe(400);
    expect((await link(anna, { projectId: -3 })).status).toBe(400);
  });
});

describe('linking by customer number and zip', () => {
  it('several projects, one address: one mail with a code per project', async () => {
    const anna = await signedInClient(portal.url, ANNA);
    const since = new Date();
    const response = await link(anna, { customerNumber: '700200', zip: '80331' });

    expect(response.body).toEqual({
      '100235': { code: 200, emailAddress: 'f***@example.de' },
      '100236': { code: 200, emailAddress: 'f***@example.de' },
    });
    const mail = await waitForMail(portal.sandboxUrl, 'familie.huber@example.de', since);
    expect((await mailsTo(portal.sandboxUrl, 'familie.huber@example.de')).filter((m) => new Date(m.receivedAt) >= since)).toHaveLength(1);
    expect((await confirm(anna, 100235, linkCodeFor(mail, 100235))).body).toEqual({ result: 'PROJECT_CONNECTED' });
    expect((await confirm(anna, 100236, linkCodeFor(mail, 100236))).body).toEqual({ result: 'PROJECT_CONNECTED' });
    expect(await myProjects(anna)).toEqual([100235, 100236]);
  });

  it('several projects, several addresses: one mail per address', async () => {
    const anna = await signedInClient(portal.url, ANNA);
    const since = new Date();
    const response = await link(anna, { customerNumber: '700300', zip: '50667' });
    expect(response.body).toEqual({
      '100237': { code: 200, emailAddress: 'l***@example.de' },
      '100238': { code: 200, emailAddress: 't***@example.de' },
    });
    await waitForMail(portal.sandboxUrl, 'lena.koch@example.de', since);
    await waitForMail(portal.sandboxUrl, 'tim.koch@example.de', since);
  });

  it('a wrong zip for an existing customer number answers exactly like an unknown customer number', async () => {
    const anna = await signedInClient(portal.url, ANNA);
    const wrongZip = await link(anna, { customerNumber: '700200', zip: '10115' });
    const unknown = await link(anna, { customerNumber: '799999', zip: '80331' });
    expect(wrongZip.status).toBe(404);
    expect(wrongZip).toEqual({ ...unknown, headers: wrongZip.headers });
    expect(wrongZip.body).toEqual(unknown.body);
  });

  it('a project without a contact address on file comes back as a 404 entry, and no mail is sent', async () => {
    const anna = await signedInClient(portal.url, ANNA);
    const response = await link(anna, { customerNumber: '700600', zip: '01067' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ '100242': { code: 404, emailAddress: null } });
  });
});

describe('confirmation codes', () => {
  it('a wrong code says how many attempts are left; after five the code is dead (429)', async () => {
    const anna = await signedInClient(portal.url, ANNA);
    const since = new Date();
    await link(anna, { projectId: 100234 });
    const code = linkCodeFor(await waitForMail(portal.sandboxUrl, ANNA, since), 100234);
    const wrong = code === '000000' ? '000001' : '000000';

    const first = await confirm(anna, 100234, wrong);
    expect(first.status).toBe(422);
    expect(first.body).toMatchObject({ code: 'LINK.CODE_INVALID', message: expect.stringContaining('noch 4 Versuche') });
    for (let attempt = 2; attempt <= 4; attempt++) expect((await confirm(anna, 100234, wrong)).status).toBe(422);
    expect((await confirm(anna, 100234, wrong)).status).toBe(429);
    const right = await confirm(anna, 100234, code);
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ code: 'LINK.TOO_MANY_ATTEMPTS' });
    expect(await myProjects(anna)).toEqual([]);
  });

  it('an expired code answers CODE_EXPIRED and connects nothing', async () => {
    const anna = await signedInClient(portal.url, ANNA);
    const since = new Date();
    await link(anna, { projectId: 100234 });
    const code = linkCodeFor(await waitForMail(portal.sandboxUrl, ANNA, since), 100234);
    await portal.knex('project_link_code').where({ projectId: 100234 }).update({ expiresAt: new Date(Date.now() - 1000) });

    expect((await confirm(anna, 100234, code)).body).toEqual({ result: 'CODE_EXPIRED' });
    expect(await myProjects(anna)).toEqual([]);
  });

  it('codes never appear in clear text in the database or in the portal log', async () => {
    const anna = await signedInClient(portal.url, ANNA);
    const since = new Date();
    await link(anna, { customerNumber: '700200', zip: '80331' });
    const mail = await waitForMail(portal.sandboxUrl, 'familie.huber@example.de', since);
    const codes = [linkCodeFor(mail, 100235), linkCodeFor(mail, 100236)];
    await confirm(anna, 100235, codes[0] ?? '');

    const { rows } = await portal.knex.raw<{ rows: { tableName: string }[] }>(
      "SELECT table_name AS \"tableName\" FROM information_schema.tables WHERE table_schema = 'public'",
    );
    const tables = rows.map((r) => r.tableName);
    expect(tables).toContain('project_link_code');
    for (const table of tables) {
      const dump = JSON.stringify(await portal.knex(table).select('*'));
      for (const code of codes) expect(dump, `table ${table}`).not.toContain(code);
    }
    const log = logLines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    for (const code of codes) expect(log).not.toContain(code);
  });
});

describe('a customer never reaches another customer’s project', () => {
  it('choosing a foreign project as the session project answers 404 exactly like a missing one', async () => {
    const anna = await signedInClient(portal.url, ANNA);
    const foreign = await call(anna, 'POST', '/api/v1/internal/util/auth-session-project-id', { projectId: 100240 });
    const missing = await call(anna, 'POST', '/api/v1/internal/util/auth-session-project-id', { projectId: 999999 });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
  });

  it('confirming a foreign project without its code answers like a missing project', async () => {
    const anna = await signedInClient(portal.url, ANNA);
    expect((await confirm(anna, 100240, '123456')).body).toEqual({ result: 'PROJECT_NOT_FOUND' });
    expect((await confirm(anna, 999999, '123456')).body).toEqual({ result: 'PROJECT_NOT_FOUND' });
  });

  it("another customer's code does not connect the project for someone else", async () => {
    const anna = await signedInClient(portal.url, ANNA);
    const mehmet = await signedInClient(portal.url, MEHMET);
    const since = new Date();
    await link(anna, { projectId: 100234 });
    const annasCode = linkCodeFor(await waitForMail(portal.sandboxUrl, ANNA, since), 100234);

    expect((await confirm(mehmet, 100234, annasCode)).body).toEqual({ result: 'PROJECT_NOT_FOUND' });
    expect(await myProjects(mehmet)).toEqual([]);
  });

  it('the project list holds only the customer’s own projects', async () => {
    const jonas = await signedInClient(portal.url, JONAS);
    const anna = await signedInClient(portal.url, ANNA);
    expect(await myProjects(jonas)).toEqual([100240, 100241]);
    expect(await myProjects(anna)).toEqual([]);
  });

  it('every project endpoint needs a signed-in customer (401)', async () => {
    const visitor = new BrowserLikeClient();
    expect((await call(visitor, 'GET', '/api/v1/internal/user/project')).status).toBe(401);
    expect((await link(visitor, { projectId: 100234 })).status).toBe(401);
    expect((await confirm(visitor, 100234, '123456')).status).toBe(401);
  });
});

describe('rate limits', () => {
  it('refuses more than ten link requests per customer and hour', async () => {
    const mehmet = await signedInClient(portal.url, MEHMET);
    for (let i = 0; i < 10; i++) expect((await link(mehmet, { projectId: 999999 })).status).toBe(404);
    const refused = await link(mehmet, { projectId: 999999 });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'LINK.RATE_LIMITED' });
  });

  it('refuses more than thirty link requests per address and hour, across customers', async () => {
    const ip = '10.99.0.1';
    const customers = await Promise.all([ANNA, JONAS, MEHMET].map((email) => signedInClient(portal.url, email, ip)));
    let status = 0;
    for (let i = 0; i < 31; i++) status = (await link(customers[i % 3] as BrowserLikeClient, { projectId: 999999 })).status;
    expect(status).toBe(429);
  });
});

describe('session project', () => {
  it('Jonas switches between his two projects', async () => {
    const jonas = await signedInClient(portal.url, JONAS);
    const before = (await call(jonas, 'GET', '/api/v1/internal/user/project')).body;
    expect(before).toMatchObject({ currentProjectId: 100240 });
    expect((await call(jonas, 'POST', '/api/v1/internal/util/auth-session-project-id', { projectId: 100241 })).status).toBe(204);
    expect((await call(jonas, 'GET', '/api/v1/internal/user/project')).body).toMatchObject({ currentProjectId: 100241 });
  });

  it('a management service that is down answers 503 with a German message', async () => {
    const jonas = await signedInClient(portal.url, JONAS);
    await fetch(`${portal.sandboxUrl}/management/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'fail' }),
    });
    const response = await call(jonas, 'GET', '/api/v1/internal/user/project');
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ code: 'UPSTREAM.UNAVAILABLE', message: expect.stringContaining('nicht erreichbar') });
  });
});
