import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../contracts/http.ts';
import { BrowserLikeClient } from '../../tests/support/browser-like-client.ts';
import { linkCodeFor, mailsTo, waitForMail } from '../../tests/support/mailbox.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { uniqueZip } from '../../tests/support/test-data.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

const logLines: string[] = [];

const { portal, data } = usePortal({ env: { TRUST_PROXY: 'true' }, logLines });
// Each test creates its customers and projects and removes only those.
afterEach(async () => {
  await fetch(`${portal.sandboxUrl}/management/_control/faults`, { method: 'DELETE' });
});

/** An id no project has (the stand-in gives created projects ids from 900000 on). */
const unknownProjectId = () => 1_900_000_000 + randomInt(1_000_000);
const masked = (address: string) => `${address[0]}***${address.slice(address.lastIndexOf('@'))}`;

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

/** A signed-in new customer and a project of theirs not yet linked, whose contact address is the customer's. */
async function customerWithOpenProject() {
  const customer = await data.customer();
  const project = await data.project({ contact: { name: 'Erika Test', emails: [customer.email] } });
  return { customer, project, client: await signedInClient(portal.url, customer) };
}

describe('linking by project id', () => {
  it('mails a code to the contact address on file and connects the project with it', async () => {
    const { customer, project, client } = await customerWithOpenProject();
    const since = new Date();

    const response = await link(client, { projectId: project.id });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ [project.id]: { code: 200, emailAddress: masked(customer.email) } });
    const mail = await waitForMail(portal.sandboxUrl, customer.email, since);
    const code = linkCodeFor(mail, project.id);
    expect(mail.text).toContain(`/home/dashboard?linkProject=${project.id}&linkCode=${code}`);

    expect((await confirm(client, project.id, code)).body).toEqual({ result: 'PROJECT_CONNECTED' });
    expect(await myProjects(client)).toEqual([project.id]);
    // Single use: the same code does not work twice.
    expect((await confirm(client, project.id, code)).body).toEqual({ result: 'PROJECT_NOT_FOUND' });
  });

  it('writes one PROJECT_LINK activity and one mail log without the code', async () => {
    const { customer, project, client } = await customerWithOpenProject();
    const since = new Date();
    await link(client, { projectId: project.id });
    const code = linkCodeFor(await waitForMail(portal.sandboxUrl, customer.email, since), project.id);

    const activity = await portal.knex('activity_log').where({ type: 'PROJECT_LINK', projectId: project.id });
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({ userId: customer.sub, username: customer.email });
    const mailLog = await portal.knex('mail_log').where({ activityLogId: activity[0].id });
    expect(mailLog).toHaveLength(1);
    expect(mailLog[0]).toMatchObject({ receiver: customer.email, sender: portal.config.MAIL_FROM });
    expect(`${mailLog[0].text}${mailLog[0].html}`).not.toContain(code);
  });

  it('answers 429 for a second linking mail within 10 minutes', async () => {
    const { project, client } = await customerWithOpenProject();
    await link(client, { projectId: project.id });
    const again = await link(client, { projectId: project.id });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 'LINK.EMAIL_ALREADY_SENT', retryAfterSeconds: expect.any(Number) });
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(500);
  });

  it('another customer’s request does not lock the project owner out; each gets a code of their own', async () => {
    const { customer, project, client } = await customerWithOpenProject();
    const stranger = await signedInClient(portal.url, await data.customer());
    expect((await link(stranger, { projectId: project.id })).status).toBe(200);

    const since = new Date();
    const own = await link(client, { projectId: project.id });
    expect(own.status).toBe(200);
    const code = linkCodeFor(await waitForMail(portal.sandboxUrl, customer.email, since), project.id);
    expect((await confirm(client, project.id, code)).body).toEqual({ result: 'PROJECT_CONNECTED' });
  });

  it('sends at most five linking mails per contact address and hour, across customers', async () => {
    const project = await data.project();
    const clients = await Promise.all([0, 1, 2, 3, 4, 5].map(async () => signedInClient(portal.url, await data.customer())));
    for (const client of clients.slice(0, 5)) expect((await link(client, { projectId: project.id })).status).toBe(200);
    const sixth = await link(clients[5] as BrowserLikeClient, { projectId: project.id });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: 'LINK.RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
  });

  it('answers 404 for an unknown project id', async () => {
    const client = await signedInClient(portal.url, await data.customer());
    const response = await link(client, { projectId: unknownProjectId() });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'LINK.PROJECT_NOT_FOUND' });
  });

  it('answers 418 when the project is already connected to the customer', async () => {
    const customer = await data.customer();
    const project = await data.project({ portalUserIds: [customer.sub] });
    const response = await link(await signedInClient(portal.url, customer), { projectId: project.id });
    expect(response.status).toBe(418);
    expect(response.body).toMatchObject({ code: 'LINK.PROJECT_ALREADY_CONNECTED' });
  });

  it('rejects a payload that mixes modes or sends the id as text', async () => {
    const client = await signedInClient(portal.url, await data.customer());
    expect((await link(client, { projectId: '100234' })).status).toBe(400);
    expect((await link(client, { projectId: 100234, zip: '10115' })).status).toBe(400);
    expect((await link(client, { projectId: -3 })).status).toBe(400);
  });
});

describe('linking by customer number and zip', () => {
  it('several projects, one address: one mail with a code per project', async () => {
    const client = await signedInClient(portal.url, await data.customer());
    const family = { name: 'Familie Test', emails: [`familie-${randomInt(1e9)}@example.de`] };
    const first = await data.project({ contact: family });
    const second = await data.project({ contact: family, customerNumber: first.customerNumber, address: first.address });
    const since = new Date();

    const response = await link(client, { customerNumber: first.customerNumber, zip: first.address.zip });

    expect(response.body).toEqual({
      [first.id]: { code: 200, emailAddress: masked(family.emails[0] ?? '') },
      [second.id]: { code: 200, emailAddress: masked(family.emails[0] ?? '') },
    });
    const address = family.emails[0] ?? '';
    const mail = await waitForMail(portal.sandboxUrl, address, since);
    expect((await mailsTo(portal.sandboxUrl, address)).filter((m) => new Date(m.receivedAt) >= since)).toHaveLength(1);
    expect((await confirm(client, first.id, linkCodeFor(mail, first.id))).body).toEqual({ result: 'PROJECT_CONNECTED' });
    expect((await confirm(client, second.id, linkCodeFor(mail, second.id))).body).toEqual({ result: 'PROJECT_CONNECTED' });
    expect(await myProjects(client)).toEqual([first.id, second.id].sort((a, b) => a - b));
  });

  it('several projects, several addresses: one mail per address', async () => {
    const client = await signedInClient(portal.url, await data.customer());
    const first = await data.project();
    const second = await data.project({ customerNumber: first.customerNumber, address: first.address });
    const since = new Date();
    const response = await link(client, { customerNumber: first.customerNumber, zip: first.address.zip });
    expect(response.body).toEqual({
      [first.id]: { code: 200, emailAddress: masked(first.contact.emails[0] ?? '') },
      [second.id]: { code: 200, emailAddress: masked(second.contact.emails[0] ?? '') },
    });
    await waitForMail(portal.sandboxUrl, first.contact.emails[0] ?? '', since);
    await waitForMail(portal.sandboxUrl, second.contact.emails[0] ?? '', since);
  });

  it('a wrong zip for an existing customer number answers exactly like an unknown customer number', async () => {
    const client = await signedInClient(portal.url, await data.customer());
    const project = await data.project();
    const wrongZip = await link(client, { customerNumber: project.customerNumber, zip: uniqueZip() });
    const unknown = await link(client, { customerNumber: '799999', zip: project.address.zip });
    expect(wrongZip.status).toBe(404);
    expect(wrongZip).toEqual({ ...unknown, headers: wrongZip.headers });
    expect(wrongZip.body).toEqual(unknown.body);
  });

  it('a project without a contact address on file comes back as a 404 entry, and no mail is sent', async () => {
    const client = await signedInClient(portal.url, await data.customer());
    const project = await data.project({ contact: { name: 'Ohne Adresse', emails: [] } });
    const response = await link(client, { customerNumber: project.customerNumber, zip: project.address.zip });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ [project.id]: { code: 404, emailAddress: null } });
  });
});

describe('confirmation codes', () => {
  it('a wrong code says how many attempts are left; after five the code is dead (429)', async () => {
    const { customer, project, client } = await customerWithOpenProject();
    const since = new Date();
    await link(client, { projectId: project.id });
    const code = linkCodeFor(await waitForMail(portal.sandboxUrl, customer.email, since), project.id);
    const wrong = code === '000000' ? '000001' : '000000';

    const first = await confirm(client, project.id, wrong);
    expect(first.status).toBe(422);
    expect(first.body).toMatchObject({ code: 'LINK.CODE_INVALID', attemptsLeft: 4, message: expect.stringContaining('noch 4 Versuche') });
    for (let attempt = 2; attempt <= 4; attempt++) expect((await confirm(client, project.id, wrong)).status).toBe(422);
    expect((await confirm(client, project.id, wrong)).status).toBe(429);
    const right = await confirm(client, project.id, code);
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ code: 'LINK.TOO_MANY_ATTEMPTS' });
    expect(await myProjects(client)).toEqual([]);
  });

  it('an expired code answers CODE_EXPIRED and connects nothing', async () => {
    const { customer, project, client } = await customerWithOpenProject();
    const since = new Date();
    await link(client, { projectId: project.id });
    const code = linkCodeFor(await waitForMail(portal.sandboxUrl, customer.email, since), project.id);
    await portal.knex('project_link_code').where({ projectId: project.id }).update({ expiresAt: new Date(Date.now() - 1000) });

    expect((await confirm(client, project.id, code)).body).toEqual({ result: 'CODE_EXPIRED' });
    expect(await myProjects(client)).toEqual([]);
  });

  it('codes never appear in clear text in the database or in the portal log', async () => {
    const client = await signedInClient(portal.url, await data.customer());
    const contact = { name: 'Familie Test', emails: [`familie-${randomInt(1e9)}@example.de`] };
    const first = await data.project({ contact });
    const second = await data.project({ contact, customerNumber: first.customerNumber, address: first.address });
    const since = new Date();
    await link(client, { customerNumber: first.customerNumber, zip: first.address.zip });
    const mail = await waitForMail(portal.sandboxUrl, contact.emails[0] ?? '', since);
    const codes = [linkCodeFor(mail, first.id), linkCodeFor(mail, second.id)];
    await confirm(client, first.id, codes[0] ?? '');

    const { rows } = await portal.knex.raw<{ rows: { tableName: string }[] }>(
      "SELECT table_name AS \"tableName\" FROM information_schema.tables WHERE table_schema = 'public'",
    );
    const tables = rows.map((r) => r.tableName);
    expect(tables).toContain('project_link_code');
    // A code on its own, not six digits inside a longer number (another test's customer number 8915347 held 915347).
    const inClear = (code: string) => new RegExp(`(?<![0-9])${code}(?![0-9])`);
    for (const table of tables) {
      const dump = JSON.stringify(await portal.knex(table).select('*'));
      for (const code of codes) expect(dump, `table ${table}`).not.toMatch(inClear(code));
    }
    const log = logLines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    for (const code of codes) expect(log).not.toMatch(inClear(code));
  });
});

describe('a customer never reaches another customer’s project', () => {
  it('choosing a foreign project as the session project answers 404 exactly like a missing one', async () => {
    const client = await signedInClient(portal.url, await data.customer());
    const foreign = await data.project({ portalUserIds: ['kp|someone-else'] });
    const foreignAnswer = await call(client, 'POST', '/api/v1/internal/util/auth-session-project-id', { projectId: foreign.id });
    const missing = await call(client, 'POST', '/api/v1/internal/util/auth-session-project-id', { projectId: unknownProjectId() });
    expect(foreignAnswer.status).toBe(404);
    expect(foreignAnswer.body).toEqual(missing.body);
  });

  it('confirming a foreign project without its code answers like a missing project', async () => {
    const client = await signedInClient(portal.url, await data.customer());
    const foreign = await data.project({ portalUserIds: ['kp|someone-else'] });
    expect((await confirm(client, foreign.id, '123456')).body).toEqual({ result: 'PROJECT_NOT_FOUND' });
    expect((await confirm(client, unknownProjectId(), '123456')).body).toEqual({ result: 'PROJECT_NOT_FOUND' });
  });

  it("another customer's code does not connect the project for someone else", async () => {
    const { customer, project, client } = await customerWithOpenProject();
    const other = await signedInClient(portal.url, await data.customer());
    const since = new Date();
    await link(client, { projectId: project.id });
    const code = linkCodeFor(await waitForMail(portal.sandboxUrl, customer.email, since), project.id);

    expect((await confirm(other, project.id, code)).body).toEqual({ result: 'PROJECT_NOT_FOUND' });
    expect(await myProjects(other)).toEqual([]);
  });

  it('the project list holds only the customer’s own projects', async () => {
    const owner = await data.customer();
    const mine = [await data.project({ portalUserIds: [owner.sub] }), await data.project({ portalUserIds: [owner.sub] })];
    await data.project({ portalUserIds: ['kp|someone-else'] });
    expect(await myProjects(await signedInClient(portal.url, owner))).toEqual(mine.map((p) => p.id).sort((a, b) => a - b));
    expect(await myProjects(await signedInClient(portal.url, await data.customer()))).toEqual([]);
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
    const client = await signedInClient(portal.url, await data.customer());
    for (let i = 0; i < 10; i++) expect((await link(client, { projectId: unknownProjectId() })).status).toBe(404);
    const refused = await link(client, { projectId: unknownProjectId() });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'LINK.RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
  });

  it('refuses more than thirty link requests per address and hour, across customers', async () => {
    const ip = `10.99.${randomInt(250)}.${randomInt(250)}`;
    const customers = await Promise.all([0, 1, 2].map(async () => signedInClient(portal.url, await data.customer(), ip)));
    let status = 0;
    for (let i = 0; i < 31; i++) status = (await link(customers[i % 3] as BrowserLikeClient, { projectId: unknownProjectId() })).status;
    expect(status).toBe(429);
  });
});

describe('session project', () => {
  it('a customer switches between two projects', async () => {
    const owner = await data.customer();
    const [first, second] = [await data.project({ portalUserIds: [owner.sub] }), await data.project({ portalUserIds: [owner.sub] })].sort(
      (a, b) => a.id - b.id,
    );
    const client = await signedInClient(portal.url, owner);
    expect((await call(client, 'GET', '/api/v1/internal/user/project')).body).toMatchObject({ currentProjectId: first?.id });
    expect((await call(client, 'POST', '/api/v1/internal/util/auth-session-project-id', { projectId: second?.id })).status).toBe(204);
    expect((await call(client, 'GET', '/api/v1/internal/user/project')).body).toMatchObject({ currentProjectId: second?.id });
  });

  it('the layout’s plain form switches the project and goes back to the page, only from the portal’s own pages', async () => {
    const owner = await data.customer();
    const [first, second] = [await data.project({ portalUserIds: [owner.sub] }), await data.project({ portalUserIds: [owner.sub] })].sort(
      (a, b) => a.id - b.id,
    );
    const foreign = await data.project({ portalUserIds: ['kp|someone-else'] });
    const client = await signedInClient(portal.url, owner);
    const submit = (projectId: number | undefined, returnTo: string, site = 'same-origin') =>
      client.request(`${portal.url}/api/v1/internal/util/auth-session-project-id`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': site },
        body: new URLSearchParams({ projectId: String(projectId), returnTo }).toString(),
      });

    const switched = await submit(second?.id, '/home/app/monitoring?period=week');
    expect(switched.status).toBe(303);
    expect(switched.headers.get('location')).toBe('/home/app/monitoring?period=week');
    expect((await call(client, 'GET', '/api/v1/internal/user/project')).body).toMatchObject({ currentProjectId: second?.id });

    const offsite = await submit(first?.id, '/.//evil.example/x');
    expect(offsite.headers.get('location')).toBe('/home/dashboard');

    expect((await submit(first?.id, '/home/dashboard', 'cross-site')).status).toBe(403);
    expect((await submit(foreign.id, '/home/dashboard')).status).toBe(404);
    expect((await call(client, 'GET', '/api/v1/internal/user/project')).body).toMatchObject({ currentProjectId: first?.id });
  });

  it('a management service that is down answers 503 with a German message', async () => {
    const client = await signedInClient(portal.url, await data.customer());
    await fetch(`${portal.sandboxUrl}/management/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'fail' }),
    });
    const response = await call(client, 'GET', '/api/v1/internal/user/project');
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ code: 'UPSTREAM.UNAVAILABLE', message: expect.stringContaining('nicht erreichbar') });
  });
});
