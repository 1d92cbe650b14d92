import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../contracts/http.ts';
import type { BrowserLikeClient } from '../../tests/support/browser-like-client.ts';
import { identityAdminHeaders } from '../../tests/support/identity-admin.ts';
import { jsonCall, type JsonBody } from '../../tests/support/json-call.ts';
import { linkCodeFor, mailsTo, waitForMail } from '../../tests/support/mailbox.ts';
import { verifiedLead } from '../../tests/support/lead.ts';
import { signedInClient, signInAnywhere } from '../../tests/support/sign-in.ts';
import { testData, type TestCustomer, type TestData, type TestProject } from '../../tests/support/test-data.ts';
import { contentSource } from '../../tests/support/content-source.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

/**
 * Account deletion (GDPR Art. 17; docs/account.md) and the export built by a job: a customer who used every capability
 * is deleted, and then no table of the portal's schema holds their id, addresses, name or phone number, except the
 * retained columns the account-data registry declares. The scan reads the schema itself, so a table added later is
 * covered without touching this test.
 */
const content = contentSource({
  supportQuestions: async (_limit, lang) => [{ id: 'sq-rechnung', title: 'Frage zur Rechnung', lang }],
});

// A database of its own: the scan reads every row of every table, and other test files (each with its own sandbox,
// whose project and task ids start at the same numbers) must neither show up in it nor meet this test's rows. Every
// export counts as large here, so it is built by the job.
const { portal } = usePortal({
  ownDatabase: 'portal_deletion',
  adapterOverrides: { content },
  env: { DATA_EXPORT_INLINE_LIMIT: '0', JOBS_CRON_CHECK_SECONDS: '1' },
  data: 'none',
});
// The file's data lives as long as the file; the deletions under test remove some of it already.
let data: TestData;
beforeAll(async () => {
  await portal.services.jobs.start();
  data = testData(portal.sandboxUrl);
}, 60_000);
afterAll(async () => {
  await data?.cleanup().catch(() => undefined);
});

const call = (client: BrowserLikeClient, method: string, path: string, body?: unknown) => jsonCall(portal.url, client, method, path, body);
// Letters only (names allow no digits), unique per run, so the scan cannot find someone else.
const unique = Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('');
const phoneDigits = String(randomInt(10_000, 99_999));

/** Every text that identifies the customer: the scan looks for each in every row of every table. */
function needles(customer: TestCustomer, secondEmail: string) {
  return [customer.sub, customer.email, secondEmail, `Mehmet${unique}`, `Yılmaz${unique}`, `+4922155${phoneDigits}`, `Löschweg${unique}`];
}

/** Rows of every base table of the schema that contain one of the needles outside the allowed columns. */
async function rowsMentioning(texts: string[], allowed: Map<string, readonly string[]>): Promise<string[]> {
  const tables = (await portal.knex.raw(`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`)).rows as { table_name: string }[];
  expect(tables.length).toBeGreaterThan(20);
  const patterns = texts.map((text) => `%${text.replace(/[\\%_]/g, '\\$&')}%`);
  const found: string[] = [];
  for (const { table_name: table } of tables) {
    const without = allowed.get(table) ?? [];
    const result = await portal.knex.raw(`SELECT to_jsonb(t) AS row FROM ?? AS t WHERE (to_jsonb(t) - ?::text[])::text ILIKE ANY (?::text[])`, [table, [...without], patterns]);
    for (const { row } of result.rows as { row: unknown }[]) found.push(`${table}: ${JSON.stringify(row).slice(0, 300)}`);
  }
  return found;
}

describe('account deletion leaves no personal data', () => {
  let customer: TestCustomer;
  let project: TestProject;
  let client: BrowserLikeClient;
  let secondEmail: string;
  const phone = `+49 221 55${phoneDigits}`;

  it('a customer uses every capability first', async () => {
    customer = await data.customer({ onboarded: false, customerNumber: null, givenName: `Mehmet${unique}`, familyName: 'Neu' });
    const since = new Date();
    const first = await signInAnywhere(portal.url, customer, '/api/auth/login?returnTo=%2Fhome%2Fapp%2Fprofile');
    client = first.client;
    const code = /Dein Bestätigungscode\n- (\d{6})/.exec((await waitForMail(portal.sandboxUrl, customer.email, since)).text)?.[1];
    expect((await call(client, 'POST', '/api/v1/internal/user/two-factor/confirm', { code })).status).toBe(200);
    const base = { firstName: `Mehmet${unique}`, lastName: `Yılmaz${unique}`, phone, street: `Löschweg${unique}`, houseNumber: '7', zip: '50667', city: 'Köln', preferredContact: 'MAIL' };
    expect((await call(client, 'POST', '/api/v1/internal/user/base-data', base)).status).toBe(200);
    expect((await call(client, 'POST', '/api/v1/internal/user/tour')).status).toBe(200);

    // A project of theirs, linked with the mailed code.
    project = await data.project({ contact: { name: `Mehmet${unique} Yılmaz${unique}`, emails: [customer.email] } });
    const linkSince = new Date();
    expect((await call(client, 'POST', '/api/v2/app/project/link', { projectId: project.id })).status).toBe(200);
    const linkCode = linkCodeFor(await waitForMail(portal.sandboxUrl, customer.email, linkSince), project.id);
    expect((await call(client, 'POST', '/api/v2/app/project/link/confirm', { projectId: project.id, code: linkCode })).body).toEqual({ result: 'PROJECT_CONNECTED' });

    // A message with an Idempotency-Key, read state, a notification seen, a page visit.
    const form = new FormData();
    form.append('projectId', String(project.id));
    form.append('supportQuestionId', 'sq-rechnung');
    form.append('text', `Grüße von Mehmet${unique}`);
    const created = await client.request(`${portal.url}/api/v1/internal/tasks/create-using-rules`, { method: 'POST', headers: { [CSRF_HEADER]: '1', 'idempotency-key': randomUUID() }, body: form });
    expect(created.status).toBe(201);
    const taskId = ((await created.json()) as JsonBody).taskId as string;
    await call(client, 'GET', `/api/v1/internal/tasks/comments/${taskId}`);
    expect(await portal.knex('task_path').where({ taskId })).toHaveLength(1);
    await client.request(`${portal.url}/home/app/profile`);

    // A referral sent through the portal: the invitation to the friend names the customer (a mail to someone else).
    const friend = `freundin-${unique}@example.de`;
    const recommended = { projectId: project.id, name: 'Ina Wolf', emailAddress: friend, consent: true, bankAccountOwnerName: `Mehmet${unique} Yilmaz${unique}`, iban: 'DE02 1203 0000 0000 2020 51' };
    expect((await call(client, 'POST', '/api/v2/app/referral-reward', recommended)).status).toBe(201);
    expect((await portal.knex('mail_log').where({ receiver: friend }).first())?.subject).toContain(`Mehmet${unique}`);

    // Newsletter, an e-mail change not confirmed yet, a second session.
    expect((await call(client, 'POST', '/api/v1/internal/marketing-service/event', { eventName: 'newsletter_subscribed' })).status).toBe(200);
    secondEmail = `zweite-${unique}@example.de`;
    expect((await call(client, 'POST', '/api/v1/internal/user/email', { email: secondEmail })).status).toBe(202);

    // Another offer asked for through the lead funnel with the same address: the lead, its request, its mail.
    await verifiedLead(portal.url, portal.sandboxUrl, { email: customer.email, firstName: `Mehmet${unique}` });

    // What other capabilities keep: a signed power of attorney (retained by law), a meter change request, a reminder,
    // an invitation to the address, the weekly users export.
    await portal.knex('signing_envelopes').insert({ envelopeId: `env-${unique}`, projectId: project.id, type: 'NETWORK_OPERATOR_POWER_OF_ATTORNEY', userId: customer.sub, status: 'COMPLETED' });
    await portal.knex('meter_change_request').insert({ projectId: project.id, userId: customer.sub, managementRequestId: `mcr-${unique}` });
    await portal.knex('reminder_mail').insert({ userId: customer.sub, projectId: project.id, actionKey: 'step:POWER_OF_ATTORNEY', sequence: 1 });
    await portal.knex('project_invitation').insert({ projectId: project.id, email: customer.email, tokenHash: unique.padEnd(64, '0') });
    // A survey answered with contact details and a draft; a refund paid out, a signed SEPA mandate, a referral paid
    // and one still open: the booking records stay, the rest goes.
    const [survey] = await portal.knex('survey')
      .insert({ projectId: project.id, surveyType: 'DC', netPromoterScore: 4, contactEmail: customer.email, contactPhone: phone, additionalMessage: `Danke, Mehmet${unique}`, completedAt: new Date(), completedBy: customer.sub })
      .returning('id');
    await portal.knex('survey_form_draft').insert({ surveyId: survey.id, userId: customer.sub, formValues: JSON.stringify({ contactEmail: customer.email }), errors: '{}' });
    const iban = 'DE89370400440532013000';
    await portal.knex('refund').insert({ projectId: project.id, amount: '12.34', payout: 'POSITIVE', name: `Mehmet${unique} Yılmaz${unique}`, iban, userId: customer.sub, completedAt: new Date() });
    const mandate = { projectId: project.id, userId: customer.sub, creditorId: 'DE98ZZZ09999999999', sequenceType: 'RCUR', firstName: `Mehmet${unique}`, lastName: `Yılmaz${unique}`, street: `Löschweg${unique}`, houseNumber: '7', zip: '50667', locality: 'Köln', iban, signedPlace: 'Köln' };
    await portal.knex('sepa_mandate').insert({ ...mandate, mandateReferenceId: `KP-${unique}-1`, status: 'ACTIVE', signedAt: new Date() });
    await portal.knex('sepa_mandate').insert({ ...mandate, mandateReferenceId: `KP-${unique}-2`, status: 'PENDING_SIGNATURE' });
    const referral = { projectId: project.id, userId: customer.sub, bankAccountOwnerName: `Mehmet${unique} Yilmaz${unique}`, iban };
    await portal.knex('referral_reward').insert({ ...referral, emailAddress: `freund-${unique}@example.de`, name: 'Tom Koch', status: 'PAID_OUT', reward: '100.00' });
    await portal.knex('referral_reward').insert({ ...referral, emailAddress: `nachbar-${unique}@example.de`, name: 'Lea Berg', status: 'SUBMITTED' });
    await portal.services.jobs.run('export-users');
    const csv = await portal.knex('export_users_job').orderBy('createdAt', 'desc').first();
    expect(csv.content).toContain(customer.email);
  });

  it('the export of a large account is built by the job, announced by mail, and holds the customer’s data', async () => {
    const since = new Date();
    const requested = await call(client, 'POST', '/api/v1/internal/user/data-export');
    expect(requested.status).toBe(202);
    const id = (requested.body as JsonBody).id as string;
    expect(requested.body).toMatchObject({ status: 'PENDING', href: null });
    expect((await waitForMail(portal.sandboxUrl, customer.email, since, 20_000)).subject).toBe('Dein Datenexport ist fertig');
    const download = await client.request(`${portal.url}/api/v1/internal/user/data-export/${id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    const exported = (await download.json()) as { data: Record<string, JsonBody> };
    expect(exported.data.account?.baseData).toMatchObject({ firstName: `Mehmet${unique}`, street: `Löschweg${unique}` });
    expect(exported.data.projects).toEqual([expect.objectContaining({ projectId: project.id })]);
    expect(exported.data.messages?.ownEntries).toEqual([expect.objectContaining({ text: `Grüße von Mehmet${unique}` })]);
    expect(exported.data.newsletter).toEqual([expect.objectContaining({ status: 'PENDING' })]);
    expect(exported.data.signing).toEqual([expect.objectContaining({ envelopeId: `env-${unique}` })]);
    expect(exported.data.surveys).toEqual([expect.objectContaining({ netPromoterScore: 4, additionalMessage: `Danke, Mehmet${unique}` })]);
    expect(exported.data.money).toMatchObject({ refunds: [expect.anything()], sepaMandates: [expect.anything(), expect.anything()], referralRewards: [expect.anything(), expect.anything(), expect.anything()] });
    expect(exported.data.leadFunnel).toEqual([expect.objectContaining({ email: customer.email, firstName: `Mehmet${unique}` })]);
    // Someone else's export id answers like an unknown one.
    const stranger = await signedInClient(portal.url, await data.customer());
    expect((await stranger.request(`${portal.url}/api/v1/internal/user/data-export/${id}`)).status).toBe(404);
  });

  it('is refused without the typed confirmation', async () => {
    const refused = await call(client, 'POST', '/api/v1/internal/user/delete-account', { confirmation: 'ja' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'ACCOUNT.DELETE_CONFIRMATION' });
    expect((await call(client, 'GET', '/api/auth/me')).status).toBe(200);
  });

  it('deletes: every session ends, the projects are unlinked, the newsletter contact and the sign-in account are gone, a confirmation is mailed', async () => {
    // Before: the scan finds the customer all over the schema (so its empty answer afterwards means something).
    const before = new Set((await rowsMentioning(needles(customer, secondEmail), new Map())).map((row) => row.split(':')[0]));
    for (const table of ['users', 'user_meta', 'user_profile', 'update_email', 'account_export', 'activity_log', 'mail_log', 'session', 'idempotency_keys', 'task_read_state', 'project_link_code', 'rate_limit', 'export_users_job', 'reminder_mail', 'project_invitation', 'meter_change_request', 'signing_envelopes', 'survey', 'survey_form_draft', 'refund', 'sepa_mandate', 'referral_reward', 'funnel_lead', 'funnel_request']) {
      expect(before, table).toContain(table);
    }
    const elsewhere = (await signInAnywhere(portal.url, customer)).client;
    const since = new Date();
    // Lower case is not the word the page asks for: nothing is deleted.
    expect((await call(client, 'POST', '/api/v1/internal/user/delete-account', { confirmation: 'löschen' })).status).toBe(422);
    const answer = await call(client, 'POST', '/api/v1/internal/user/delete-account', { confirmation: ' LÖSCHEN ' });
    expect(answer.headers.get('clear-site-data')).toBe('"cache", "storage"');
    expect(answer.status).toBe(204);

    expect((await call(client, 'GET', '/api/auth/me')).status).toBe(204);
    expect((await call(elsewhere, 'GET', '/api/auth/me')).status).toBe(204);
    const managed = (await (await fetch(`${portal.managementApiUrl}/projects/${project.id}`, { headers: portal.config.services.management.headers })).json()) as { portalUserIds: string[] };
    expect(managed.portalUserIds).not.toContain(customer.sub);
    expect((await fetch(`${portal.config.services.marketing.url}/contacts/${encodeURIComponent(customer.email)}`, { headers: portal.config.services.marketing.headers })).status).toBe(404);
    expect((await fetch(`${portal.config.services.identityAdmin.url}/users/${encodeURIComponent(customer.sub)}`, { headers: await identityAdminHeaders(portal.config) })).status).toBe(404);
    const signIn = await signInAnywhere(portal.url, customer);
    expect(signIn.url.pathname).not.toBe('/home/dashboard');
    expect(await signIn.response.text()).toContain('E-Mail-Adresse oder Passwort ist falsch.');

    const mail = (await mailsTo(portal.sandboxUrl, customer.email)).find((m) => new Date(m.receivedAt) >= since && m.subject === 'Dein Konto im Kundenportal ist gelöscht');
    expect(mail?.text).toContain('Was wir aufbewahren müssen');
  });

  it('no table of the schema mentions the customer any more, except the retained columns', async () => {
    const retained = portal.services.accountData.retained();
    expect(retained.map((r) => r.table)).toContain('signing_envelopes');
    const allowed = new Map(retained.map((r) => [r.table, r.columns]));
    expect(await rowsMentioning(needles(customer, secondEmail), allowed)).toEqual([]);
    // The scan finds what it looks for: the retained envelope still names the customer in its allowed column …
    const stillNaming = (await rowsMentioning([customer.sub], new Map())).map((row) => row.split(':')[0]).sort();
    expect(stillNaming).toEqual(['referral_reward', 'refund', 'sepa_mandate', 'signing_envelopes']);
    // The survey's score stays for the installer's NPS, without the person; the unpaid referral and the unsigned mandate are gone.
    expect(await portal.knex('survey').where({ projectId: project.id }).first()).toMatchObject({ netPromoterScore: 4, contactEmail: null, completedBy: null });
    expect(await portal.knex('referral_reward').where({ userId: customer.sub })).toEqual([expect.objectContaining({ status: 'PAID_OUT', name: 'gelöscht' })]);
    expect(await portal.knex('sepa_mandate').where({ userId: customer.sub })).toEqual([expect.objectContaining({ status: 'ACTIVE' })]);
    // … and the anonymised meter change request is still the project's.
    expect(await portal.knex('meter_change_request').where({ projectId: project.id }).first()).toMatchObject({ userId: 'anonymisiert' });
  });
});
