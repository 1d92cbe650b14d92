import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { BrowserLikeClient } from '../../tests/support/browser-like-client.ts';
import { jsonCall, type JsonBody } from '../../tests/support/json-call.ts';
import { mailsTo, waitForMail } from '../../tests/support/mailbox.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { usePortal } from '../../tests/support/use-portal.ts';
import { CSRF_HEADER } from '../contracts/http.ts';
import { message } from '../contracts/message-text.ts';
import { createRequestContext } from '../domain/request-context.ts';
import { sweepFormFlashes } from './form-flash.ts';

/** Every line the portal logs (all levels): no IBAN may ever appear in one (docs/security.md, 16.2.5). */
const logLines: string[] = [];

const { portal, data } = usePortal({ logLines });
beforeEach(async () => {
  await fetch(`${portal.sandboxUrl}/iban-validator/_control/reset`, { method: 'POST' });
});
afterEach(async () => {
  await fetch(`${portal.sandboxUrl}/management/_control/faults`, { method: 'DELETE' });
});

const IBAN = 'DE89370400440532013000';
const IBAN_TYPED = 'de89 3704 0044 0532 0130 00';
const CLOSED = 'DE91860555920000012345';
/** Every IBAN the tests send, in the forms a log line could carry it. */
/** Typed with a wrong check digit, the way a customer types it (the plain forms keep it as typed). */
const WRONG_TYPED = 'de89 3704 0044 0532 0130 01';
const SENT_IBANS = [IBAN, 'DE89 3704 0044 0532 0130 00', IBAN_TYPED, '0532013000', CLOSED, 'DE12500105170648489890', 'DE02120300000000202051', '0648489890', WRONG_TYPED, 'DE89370400440532013001', '0532013001', 'DE91 8605 5592 0000 0123 45', '0000012345'];

const call = (client: BrowserLikeClient, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  client
    .request(`${portal.url}${path}`, { method, headers: { [CSRF_HEADER]: '1', 'content-type': 'application/json', ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
    .then(async (response) => {
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as JsonBody) : null };
    });
const control = (path: string, method = 'POST', json?: unknown) =>
  fetch(`${portal.sandboxUrl}${path}`, { method, headers: { 'content-type': 'application/json' }, ...(json === undefined ? {} : { body: JSON.stringify(json) }) });

async function customerWithProject(money: { refund?: Record<string, unknown>; directDebit?: Record<string, unknown> } = {}) {
  const customer = await data.customer();
  const project = await data.project({ portalUserIds: [customer.sub] });
  if (money.refund) expect((await control(`/management/_control/projects/${project.id}/refund`, 'PUT', money.refund)).status).toBe(200);
  if (money.directDebit) expect((await control(`/management/_control/projects/${project.id}/direct-debit`, 'PUT', money.directDebit)).status).toBe(200);
  return { customer, project, client: await signedInClient(portal.url, customer) };
}

const refundPath = (projectId: number) => `/api/v1/internal/project/${projectId}/refund`;
const notificationsOf = async (client: BrowserLikeClient) => ((await jsonCall(portal.url, client, 'GET', '/api/v2/app/notification')).body?.notifications ?? []) as JsonBody[];

/** The newest mail to the address whose subject contains `subject` (other mails of the test may arrive around it). */
async function mailWithSubject(address: string, subject: string) {
  let found: Awaited<ReturnType<typeof mailsTo>>[number] | undefined;
  await expect.poll(async () => (found = (await mailsTo(portal.sandboxUrl, address)).find((m) => m.subject.includes(subject))) !== undefined, { timeout: 10_000 }).toBe(true);
  return found as NonNullable<typeof found>;
}

/** What the customer does on the provider's page: open the single-use URL and sign with the typed name. */
async function signAtProvider(url: string) {
  expect((await fetch(url, { redirect: 'manual' })).status).toBe(200);
  const body = new URLSearchParams({ action: 'sign', typedName: 'Erika Test', typedOnly: 'on', consent: 'on' });
  const answer = await fetch(url, { method: 'POST', body, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location') ?? '');
}

describe('IBAN check (POST /util/ibanvalidation, the IBAN in the body)', () => {
  it('names the reason of a wrong IBAN and fills bank and BIC for a valid one, typed in lower case with spaces', async () => {
    const { client } = await customerWithProject();
    const check = async (iban: string) => (await call(client, 'POST', '/api/v1/internal/util/ibanvalidation', { iban })).body;
    expect(await check(IBAN_TYPED)).toMatchObject({ iban: IBAN, formatted: 'DE89 3704 0044 0532 0130 00', valid: true, problem: null, bic: 'COBADEFFXXX', bankName: 'Commerzbank', remote: 'CHECKED' });
    expect(await check('DE89370400440532013001')).toMatchObject({ valid: false, problem: 'CHECKSUM', remote: 'SKIPPED' });
    expect(await check('DE8937040044053201300')).toMatchObject({ valid: false, problem: 'LENGTH', expectedLength: 22 });
    expect(await check('XX89370400440532013000')).toMatchObject({ valid: false, problem: 'COUNTRY' });
    expect(await check(CLOSED)).toMatchObject({ valid: false, problem: 'ACCOUNT_CLOSED', remote: 'CHECKED' });
    expect(await check('DE97999999990000012345')).toMatchObject({ valid: false, problem: 'UNKNOWN_BANK' });
    expect(await check('AT611904300234573201')).toMatchObject({ valid: true, country: 'AT', bic: null });
    expect((await call(client, 'POST', '/api/v1/internal/util/ibanvalidation', {})).status).toBe(400);
  });

  it('never takes the IBAN from a URL: the old GET with a query is gone', async () => {
    const { client } = await customerWithProject();
    const answer = await call(client, 'GET', `/api/v1/internal/util/ibanvalidation?iban=${IBAN}`);
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).not.toContain(IBAN);
  });

  it('keeps the local check when the validator is down', async () => {
    const { client } = await customerWithProject();
    await control('/iban-validator/_control/faults', 'POST', { mode: 'fail', status: 503 });
    try {
      expect((await call(client, 'POST', '/api/v1/internal/util/ibanvalidation', { iban: IBAN })).body).toMatchObject({ valid: true, remote: 'UNAVAILABLE', bic: null });
      expect((await call(client, 'POST', '/api/v1/internal/util/ibanvalidation', { iban: 'DE89370400440532013001' })).body).toMatchObject({ valid: false, problem: 'CHECKSUM' });
    } finally {
      await control('/iban-validator/_control/faults', 'DELETE');
    }
  });
});

describe('refund (GET|PATCH /project/{projectId}/refund)', () => {
  it('takes the bank details of a payout once: REFUND_COMPLETED, the confirmation mail, the refund document; notification gone', async () => {
    const { customer, project, client } = await customerWithProject({ refund: { amount: '312.455', reason: 'Förderzuschuss', invoiceNumber: 'SR-1' } });
    // The vendor's 312.455 is rounded half up to the cent, never through a binary float.
    expect((await call(client, 'GET', refundPath(project.id))).body?.refund).toMatchObject({ amount: '312.46', payout: 'POSITIVE', submitted: null, settled: false });
    expect((await notificationsOf(client)).map((n) => n.type)).toContain('REFUND_POSITIVE_PAYOUT');

    const wrong = await call(client, 'PATCH', refundPath(project.id), { name: 'Erika Test', iban: 'DE89370400440532013001' });
    expect(wrong).toMatchObject({ status: 422, body: { code: 'IBAN.INVALID', field: 'iban', problem: 'CHECKSUM' } });
    const closed = await call(client, 'PATCH', refundPath(project.id), { name: 'Erika Test', iban: CLOSED });
    expect(closed.body).toMatchObject({ code: 'IBAN.INVALID', problem: 'ACCOUNT_CLOSED' });
    expect((await call(client, 'PATCH', refundPath(project.id), { name: 'Erika Test', iban: IBAN, amount: '1000000.00' })).body).toMatchObject({ code: 'VALIDATION' });

    // A character no bank can carry is refused at the field, never dropped silently; a converted name asks for review.
    expect(await call(client, 'PATCH', refundPath(project.id), { name: 'Erika Test 😀', iban: IBAN_TYPED })).toMatchObject({ status: 422, body: { code: 'MONEY.NAME_CHARACTER', field: 'name' } });
    expect(await call(client, 'PATCH', refundPath(project.id), { name: 'Érika Test', iban: IBAN_TYPED })).toMatchObject({ status: 422, body: { code: 'MONEY.NAME_REVIEW', field: 'name' } });
    const done = await call(client, 'PATCH', refundPath(project.id), { name: ' Érika  Test ', holderAsSent: 'Erika Test', iban: IBAN_TYPED }, { 'idempotency-key': randomUUID() });
    expect(done.status).toBe(200);
    expect(done.body?.submitted).toMatchObject({ account: { holder: 'Erika Test', ibanMasked: 'DE89 •••• 3000', bic: 'COBADEFFXXX', bankName: 'Commerzbank', check: 'VERIFIED' } });
    expect(JSON.stringify(done.body)).not.toContain('0532013000');

    const row = await portal.knex('refund').where({ projectId: project.id }).first();
    expect(row).toMatchObject({ amount: '312.46', payout: 'POSITIVE', name: 'Erika Test', iban: IBAN, bic: 'COBADEFFXXX', bank: 'Commerzbank', userId: customer.sub });
    expect(row.completedAt).toBeInstanceOf(Date);
    expect(await portal.knex('activity_log').where({ userId: customer.sub, type: 'REFUND_COMPLETED' })).toHaveLength(1);

    const mail = await mailWithSubject(customer.email, 'Deine Bankverbindung für die Erstattung');
    expect(mail.text).toContain('312,46 €');
    expect(mail.text).toContain('DE89 •••• 3000');
    expect(mail.text).not.toContain('0532013000');
    const [success] = await portal.knex('activity_log').where({ userId: customer.sub, type: 'SUCCESS_REFUND_SUBMIT_EMAIL' });
    expect(await portal.knex('mail_log').where({ activityLogId: success.id })).toHaveLength(1);
    expect((await portal.knex('refund').where({ projectId: project.id }).first()).emailSentAt).toBeInstanceOf(Date);
    // The installer got the account.
    const vendorRefund = await (await fetch(`${portal.managementApiUrl}/projects/${project.id}/refund`, { headers: { authorization: `Bearer ${portal.config.MANAGEMENT_API_TOKEN}` } })).json();
    expect(vendorRefund.status).toBe('ACCOUNT_RECEIVED');

    // The refund document is in the documents list (category BILL); the first download sets documentDownloadedAt.
    const documents = (await call(client, 'GET', '/api/v1/internal/documents?categoryFilter=BILL')).body as JsonBody;
    const refundDoc = documents.groups.flatMap((g: JsonBody) => g.documents).find((d: JsonBody) => d.type === 'REFUND');
    expect(refundDoc).toMatchObject({ category: 'BILL', signedInPortal: false });
    expect(done.body?.submitted.documentHref).toBe(refundDoc.href);
    expect((await portal.knex('refund').where({ projectId: project.id }).first()).documentDownloadedAt).toBeNull();
    const download = await client.request(`${portal.url}${refundDoc.href}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('application/pdf');
    const first = (await portal.knex('refund').where({ projectId: project.id }).first()).documentDownloadedAt as Date;
    expect(first).toBeInstanceOf(Date);
    await (await client.request(`${portal.url}${refundDoc.href}`)).arrayBuffer();
    expect(((await portal.knex('refund').where({ projectId: project.id }).first()).documentDownloadedAt as Date).getTime()).toBe(first.getTime());

    expect((await notificationsOf(client)).map((n) => n.type)).not.toContain('REFUND_POSITIVE_PAYOUT');
    // A second submit after completion.
    expect((await call(client, 'PATCH', refundPath(project.id), { name: 'Erika Test', iban: 'DE12500105170648489890' }, { 'idempotency-key': randomUUID() })).body).toMatchObject({ code: 'REFUND.ALREADY_COMPLETED' });
  });

  it('same Idempotency-Key and body: the same answer and one row; another body: 422; concurrent: 409', async () => {
    const { project, client } = await customerWithProject({ refund: { amount: '50.00', reason: 'Gutschrift' } });
    const key = randomUUID();
    const body = { name: 'Erika Test', iban: IBAN };
    const first = await call(client, 'PATCH', refundPath(project.id), body, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    const again = await call(client, 'PATCH', refundPath(project.id), body, { 'idempotency-key': key });
    expect(again).toEqual(first);
    expect(await portal.knex('refund').where({ projectId: project.id })).toHaveLength(1);
    const stored = await portal.knex('idempotency_keys').where({ key });
    expect(stored).toHaveLength(1);
    // The stored answer carries the masked IBAN only.
    expect(JSON.stringify(stored)).not.toContain('0532013000');
    expect((await call(client, 'PATCH', refundPath(project.id), { ...body, name: 'Jemand Anders' }, { 'idempotency-key': key })).status).toBe(422);

    // Concurrent duplicates: while the first still works (the management service answers slowly), the second is 409.
    const other = await customerWithProject({ refund: { amount: '75.00', reason: 'Gutschrift' } });
    await control('/management/_control/faults', 'POST', { mode: 'slow', delayMs: 700 });
    const concurrentKey = randomUUID();
    const [a, b] = await Promise.all([
      call(other.client, 'PATCH', refundPath(other.project.id), body, { 'idempotency-key': concurrentKey }),
      call(other.client, 'PATCH', refundPath(other.project.id), body, { 'idempotency-key': concurrentKey }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)?.body?.code).toBe('IDEMPOTENCY.IN_PROGRESS');
    expect(await portal.knex('refund').where({ projectId: other.project.id }).whereNotNull('completedAt')).toHaveLength(1);
  });

  it('mails the project’s customers once per amount when the installer enters a refund (the management service’s event)', async () => {
    const { customer, project } = await customerWithProject();
    const since = new Date();
    expect((await control(`/management/_control/projects/${project.id}/refund`, 'PUT', { amount: '42.10', reason: 'Gutschrift' })).status).toBe(200);
    const mail = await waitForMail(portal.sandboxUrl, customer.email, since);
    expect(mail.subject).toBe(`Du bekommst Geld zurück (Projekt ${project.id})`);
    expect(mail.text).toContain('42,10 €');
    await expect.poll(async () => (await portal.knex('activity_log').where({ projectId: project.id, type: 'SUCCESS_REFUND_EMAIL' })).length).toBe(1);
    const [activity] = await portal.knex('activity_log').where({ projectId: project.id, type: 'SUCCESS_REFUND_EMAIL' });
    expect(await portal.knex('mail_log').where({ activityLogId: activity.id })).toHaveLength(1);
    // The same amount again (a retried event): no second mail.
    expect(await portal.services.money.refunds.refundEvent(project.id)).toBe('already');
  });

  it('a debt asks for no bank details: the notification says what is owed; PATCH is 409', async () => {
    const { project, client } = await customerWithProject({ refund: { amount: '-89.90', reason: 'Nachberechnung Kabel', invoiceNumber: 'NR-7', dueDate: '2026-12-09' } });
    const refund = (await call(client, 'GET', refundPath(project.id))).body?.refund;
    expect(refund).toMatchObject({ amount: '-89.90', payout: 'NEGATIVE', dueDate: '2026-12-09', payTo: { accountHolder: 'Beispiel Solar GmbH', reference: `NR-7 ${project.id}` } });
    expect((await notificationsOf(client)).find((n) => n.type === 'REFUND_NEGATIVE_PAYOUT')?.text).toEqual(message('money.noticeAmountDueText', { amount: { amount: '-89.90', absolute: true } }));
    expect((await call(client, 'PATCH', refundPath(project.id), { name: 'Erika Test', iban: IBAN })).body).toMatchObject({ code: 'REFUND.NOT_PAYOUT' });
  });

  it('answers a foreign project exactly like a missing one, and a project without refund with null', async () => {
    const { client } = await customerWithProject();
    const stranger = await customerWithProject({ refund: { amount: '20.00', reason: 'Gutschrift' } });
    for (const [method, body] of [['GET', undefined], ['PATCH', { name: 'Erika Test', iban: IBAN }]] as const) {
      expect((await call(client, method, refundPath(stranger.project.id), body)).status).toBe(404);
      expect((await call(client, method, refundPath(999_999_999), body)).status).toBe(404);
    }
    const mine = await customerWithProject();
    expect((await call(mine.client, 'GET', refundPath(mine.project.id))).body).toEqual({ refund: null });
    expect((await call(mine.client, 'PATCH', refundPath(mine.project.id), { name: 'Erika Test', iban: IBAN })).status).toBe(404);
    expect((await call(mine.client, 'PATCH', refundPath(mine.project.id), { name: 'Erika Test', iban: IBAN, projectId: 1 })).status).toBe(400);
  });

  it('takes the details while the validator is down and checks them later (bank-check job)', async () => {
    const { project, client } = await customerWithProject({ refund: { amount: '10.00', reason: 'Gutschrift' } });
    await control('/iban-validator/_control/faults', 'POST', { mode: 'fail', status: 503 });
    const taken = await call(client, 'PATCH', refundPath(project.id), { name: 'Erika Test', iban: 'DE12500105170648489890', bic: 'ingddeff' });
    await control('/iban-validator/_control/faults', 'DELETE');
    expect(taken.status).toBe(200);
    expect(taken.body?.submitted.account).toMatchObject({ check: 'PENDING', bic: 'INGDDEFF', bankName: null });

    const result = await portal.services.money.recheckPending();
    expect(result.verified).toBeGreaterThanOrEqual(1);
    expect(await portal.knex('refund').where({ projectId: project.id }).first()).toMatchObject({ bankCheckStatus: 'VERIFIED', bic: 'INGDDEFFXXX', bank: 'ING-DiBa' });
  });
});

describe('SEPA mandate (POST /sepa-mandate)', () => {
  const mandate = (projectId: number) => ({
    projectId,
    firstName: 'Erika',
    lastName: 'Test',
    street: 'Teststraße',
    houseNumber: '7a',
    zip: '04109',
    locality: 'Leipzig',
    iban: IBAN_TYPED,
    place: 'Leipzig',
    consent: true,
  });

  it('the SEPA page and the bell write nothing to the database, also with a voided envelope (GET is safe)', async () => {
    const { customer, project, client } = await customerWithProject({ directDebit: { purpose: 'Wartungsvertrag', amount: '14.90', interval: 'MONTHLY' } });
    const created = await call(client, 'POST', '/api/v2/app/sepa-mandate', mandate(project.id), { 'idempotency-key': randomUUID() });
    const { envelopeId } = created.body as { envelopeId: string };
    const voided = await fetch(`${portal.config.services.esign.url}/envelopes/${envelopeId}`, {
      method: 'PUT',
      headers: { ...portal.config.services.esign.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'voided', voidedReason: 'Envelope has expired' }),
    });
    expect(voided.status).toBe(200);
    // The provider's webhook (a POST) records the voided envelope; the mandate stays as it was until a POST.
    await expect.poll(async () => (await portal.knex('signing_envelopes').where({ envelopeId }).first())?.status, { timeout: 10_000 }).toBe('VOIDED');
    const writes: string[] = [];
    // The bell's kept feed is a cache the first page fills (docs/messages.md "The kept feed"), not the customer's data.
    const listen = (query: { sql: string }) => {
      if (!/^\s*select\b/i.test(query.sql) && !/^\s*insert into "?notification_feed"?/i.test(query.sql)) writes.push(query.sql);
    };
    portal.knex.on('query', listen);
    try {
      const user = { id: customer.sub, email: customer.email, firstName: 'Test', lastName: 'Kunde', customerNumber: '700996', phase: 'PROJECT' as const };
      const services = portal.pageServices(createRequestContext(user, project.id, 'de', 1));
      const [page, layout] = await Promise.all([services.money.sepaMandate(), services.layout.view()]);
      // The voided envelope's mandate shows as ended: the form is offered again.
      expect(page?.mandate).toBeNull();
      expect(layout?.notifications?.notifications.map((n) => n.type)).toContain('SEPA_MANDATE');
    } finally {
      portal.knex.removeListener('query', listen);
    }
    expect(writes).toEqual([]);
  });

  it('is signed at the provider; only its status counts: registered, told to the installer, active, CTA completed, PDF in the documents', async () => {
    const { customer, project, client } = await customerWithProject({ directDebit: { purpose: 'Wartungsvertrag', amount: '14.90', interval: 'MONTHLY' } });
    expect((await notificationsOf(client)).map((n) => n.type)).toContain('SEPA_MANDATE');

    expect((await call(client, 'POST', '/api/v2/app/sepa-mandate', { ...mandate(project.id), consent: false })).body).toMatchObject({ code: 'VALIDATION', fields: 'consent' });
    const created = await call(client, 'POST', '/api/v2/app/sepa-mandate', mandate(project.id), { 'idempotency-key': randomUUID() });
    expect(created.status).toBe(201);
    // The CTA opens with the mandate the customer fills in (a GET writes nothing).
    expect(await portal.knex('cta').where({ projectId: project.id, type: 'SEPA' }).whereNull('completedAt')).toHaveLength(1);
    const { mandateReference, envelopeId, url } = created.body as { mandateReference: string; envelopeId: string; url: string };
    expect(mandateReference).toMatch(new RegExp(`^KP-${project.id}-\\d{8}-[0-9A-Z]{6}$`));
    const pending = await portal.knex('sepa_mandate').where({ projectId: project.id }).first();
    expect(pending).toMatchObject({ status: 'PENDING_SIGNATURE', envelopeId, creditorId: 'DE98ZZZ09999999999', iban: IBAN, bic: 'COBADEFFXXX', sequenceType: 'RCUR', mdsId: null });

    const back = await signAtProvider(url);
    expect(back.pathname).toBe('/home/app/sepa-mandate');
    expect(back.searchParams.get('signing')).toBe(envelopeId);
    // The provider's webhook settles it; nobody calls anything.
    await expect.poll(async () => (await portal.knex('sepa_mandate').where({ id: pending.id }).first()).status, { timeout: 10_000 }).toBe('ACTIVE');
    const active = await portal.knex('sepa_mandate').where({ id: pending.id }).first();
    expect(active.mdsId).toMatch(/^MDS-/);
    expect(active.documentId).toBeTruthy();
    expect(active.signedAt).toBeInstanceOf(Date);
    expect((await (await control('/master-data/_control/sepa-mandates', 'GET')).json()).items).toContainEqual(expect.objectContaining({ id: active.mdsId, mandateReference, projectId: project.id }));
    const debit = await (await fetch(`${portal.managementApiUrl}/projects/${project.id}/direct-debit`, { headers: { authorization: `Bearer ${portal.config.MANAGEMENT_API_TOKEN}` } })).json();
    expect(debit.mandateReference).toBe(mandateReference);
    expect(await portal.knex('cta').where({ projectId: project.id, type: 'SEPA' }).whereNull('completedAt')).toHaveLength(0);
    expect(await portal.knex('cta').where({ projectId: project.id, type: 'SEPA' }).whereNotNull('completedAt')).toHaveLength(1);
    expect((await notificationsOf(client)).map((n) => n.type)).not.toContain('SEPA_MANDATE');

    const documents = (await call(client, 'GET', '/api/v1/internal/documents?categoryFilter=BILL')).body as JsonBody;
    expect(documents.groups.flatMap((g: JsonBody) => g.documents).find((d: JsonBody) => d.type === 'SEPA_MANDATE')).toMatchObject({ category: 'BILL', signedInPortal: true });

    // At most one active mandate per project: refused up front, and the database holds it (as it holds the reference's
    // uniqueness per creditor identifier).
    expect((await call(client, 'POST', '/api/v2/app/sepa-mandate', mandate(project.id), { 'idempotency-key': randomUUID() })).body).toMatchObject({ code: 'SEPA.ALREADY_ACTIVE' });
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = active;
    await expect(portal.knex('sepa_mandate').insert({ ...copy, mandateReferenceId: 'KP-OTHER-1' })).rejects.toMatchObject({ code: '23505' });
    await expect(portal.knex('sepa_mandate').insert({ ...copy, status: 'CANCELLED' })).rejects.toMatchObject({ code: '23505' });
    expect(customer.sub).toBeTruthy();
  });

  it('replaces a mandate not yet signed (its envelope voided), answers a repeated key with the same envelope, refuses foreign and unneeded projects', async () => {
    const { project, client } = await customerWithProject({ directDebit: { purpose: 'Raten', interval: 'ONCE' } });
    const key = randomUUID();
    const first = await call(client, 'POST', '/api/v2/app/sepa-mandate', mandate(project.id), { 'idempotency-key': key });
    const replay = await call(client, 'POST', '/api/v2/app/sepa-mandate', mandate(project.id), { 'idempotency-key': key });
    expect(replay.body?.envelopeId).toBe(first.body?.envelopeId);
    expect(replay.body?.url).not.toBe(first.body?.url);
    expect(await portal.knex('sepa_mandate').where({ projectId: project.id })).toHaveLength(1);
    expect((await portal.knex('sepa_mandate').where({ projectId: project.id }).first()).sequenceType).toBe('OOFF');

    const second = await call(client, 'POST', '/api/v2/app/sepa-mandate', { ...mandate(project.id), iban: 'DE12500105170648489890' }, { 'idempotency-key': randomUUID() });
    expect(second.status).toBe(201);
    const rows = await portal.knex('sepa_mandate').where({ projectId: project.id }).orderBy('id');
    expect(rows.map((r) => r.status)).toEqual(['CANCELLED', 'PENDING_SIGNATURE']);
    expect(new Set(rows.map((r) => r.mandateReferenceId)).size).toBe(2);
    expect((await portal.knex('signing_envelopes').where({ envelopeId: first.body?.envelopeId }).first()).status).toBe('VOIDED');

    const stranger = await customerWithProject({ directDebit: { purpose: 'Wartung', interval: 'MONTHLY' } });
    expect((await call(client, 'POST', '/api/v2/app/sepa-mandate', mandate(stranger.project.id))).status).toBe(404);
    const unneeded = await customerWithProject();
    expect((await call(unneeded.client, 'POST', '/api/v2/app/sepa-mandate', mandate(unneeded.project.id))).body).toMatchObject({ code: 'SEPA.NOT_NEEDED' });
    expect((await call(client, 'POST', '/api/v2/app/sepa-mandate', { ...mandate(project.id), iban: 'DE8937040044053201300' })).body).toMatchObject({ code: 'IBAN.INVALID', problem: 'LENGTH' });
  });

  it('a mandate whose envelope the provider voided (or let expire) is cancelled; "Jetzt unterschreiben" says why and the form is offered again', async () => {
    const { project, client } = await customerWithProject({ directDebit: { purpose: 'Wartungsvertrag', amount: '14.90', interval: 'MONTHLY' } });
    const created = await call(client, 'POST', '/api/v2/app/sepa-mandate', mandate(project.id), { 'idempotency-key': randomUUID() });
    const envelopeId = created.body?.envelopeId as string;
    // The provider ends the envelope itself (DocuSign marks an expired envelope voided, with the reason).
    const voided = await fetch(`${portal.config.services.esign.url}/envelopes/${envelopeId}`, {
      method: 'PUT',
      headers: { ...portal.config.services.esign.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'voided', voidedReason: 'Envelope has expired' }),
    });
    expect(voided.status).toBe(200);

    const resumed = await call(client, 'POST', '/api/v2/app/sepa-mandate/resume', { projectId: project.id });
    expect([resumed.status, resumed.body?.code]).toEqual([409, 'SEPA.SIGNING_ENDED']);
    expect(await portal.knex('sepa_mandate').where({ projectId: project.id }).pluck('status')).toEqual(['CANCELLED']);
    // The plain form: back to the page with the reason, where the form is offered again.
    const plain = await client.request(`${portal.url}/api/v2/app/sepa-mandate/resume`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: portal.url, 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({ projectId: String(project.id) }),
    });
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toBe('/home/app/sepa-mandate?error=SEPA.SIGNING_ENDED&form=sepa-resume#sepa-resume-errors');

    // Still needed: the notification stays, and a new mandate can be given at once.
    expect((await notificationsOf(client)).map((n) => n.type)).toContain('SEPA_MANDATE');
    const again = await call(client, 'POST', '/api/v2/app/sepa-mandate', mandate(project.id), { 'idempotency-key': randomUUID() });
    expect(again.status).toBe(201);
    expect(again.body?.envelopeId).not.toBe(envelopeId);
  });

  it('the plain form is answered with 303 to the provider, a refusal with 303 back to the page and the reason', async () => {
    const { project, client } = await customerWithProject({ directDebit: { purpose: 'Wartung', interval: 'MONTHLY' } });
    const post = (fields: Record<string, string>) =>
      client.request(`${portal.url}/api/v2/app/sepa-mandate`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: portal.url, 'sec-fetch-site': 'same-origin' }, body: new URLSearchParams(fields).toString() });
    const fields = { ...mandate(project.id), projectId: String(project.id), consent: 'on', idempotencyKey: randomUUID() };
    const wrong = await post({ ...fields, iban: 'DE89370400440532013001' });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('location')).toBe('/home/app/sepa-mandate?error=IBAN.INVALID&fields=iban%3ACHECKSUM&form=sepa#sepa-errors');
    const ok = await post(fields);
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toContain('/esign/signing/');
  });
});

describe('referral reward (POST /referral-reward)', () => {
  it('records a referral once, mails the customer and the referred person, shows the installer’s state and notifies on confirmation', async () => {
    const { customer, project, client } = await customerWithProject();
    const referred = `empfohlen-${randomUUID().slice(0, 8)}@example.de`;
    const body = { projectId: project.id, name: 'Lena Koch', emailAddress: referred.toUpperCase(), consent: true, bankAccountOwnerName: 'Erika Test', iban: 'DE02 1203 0000 0000 2020 51' };
    expect((await call(client, 'POST', '/api/v2/app/referral-reward', { ...body, consent: false })).body).toMatchObject({ fields: 'consent' });
    expect((await call(client, 'POST', '/api/v2/app/referral-reward', { ...body, emailAddress: customer.email })).body).toMatchObject({ code: 'REFERRAL.SELF' });

    const since = new Date();
    const created = await call(client, 'POST', '/api/v2/app/referral-reward', body, { 'idempotency-key': randomUUID() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Lena Koch', emailAddress: referred, state: 'SUBMITTED', reward: '100.00', account: { ibanMasked: 'DE02 •••• 2051', bic: 'BYLADEM1001', bankName: 'Deutsche Kreditbank Berlin' } });
    expect((await waitForMail(portal.sandboxUrl, customer.email, since)).subject).toContain('Danke für Deine Empfehlung');
    const invitation = await waitForMail(portal.sandboxUrl, referred, since);
    expect(invitation.subject).toBe('Erika Test empfiehlt Dir die Beispiel Solar GmbH');
    expect(invitation.text).not.toContain('2020 51');
    for (const type of ['SUCCESS_REFERRAL_REWARD_EMAIL', 'SUCCESS_FUNNEL_REFERRAL_EMAIL']) expect(await portal.knex('activity_log').where({ userId: customer.sub, type }), type).toHaveLength(1);
    expect(await portal.knex('mail_log').where({ receiver: referred })).toHaveLength(1);

    expect((await call(client, 'POST', '/api/v2/app/referral-reward', body, { 'idempotency-key': randomUUID() })).body).toMatchObject({ code: 'REFERRAL.DUPLICATE', field: 'emailAddress' });
    expect(await mailsTo(portal.sandboxUrl, referred)).toHaveLength(1);

    const row = await portal.knex('referral_reward').where({ projectId: project.id }).first();
    expect(row).toMatchObject({ status: 'SUBMITTED', emailAddress: referred, bankAccountOwnerName: 'Erika Test', iban: 'DE02120300000000202051' });
    expect((await control(`/management/_control/referrals/${row.managementId}/confirm`)).status).toBe(200);
    const notice = (await notificationsOf(client)).find((n) => n.type === 'REFERRAL_REWARD');
    expect(notice?.title).toEqual(message('money.noticeReferralConfirmedTitle'));
    expect((await portal.knex('referral_reward').where({ id: row.id }).first()).status).toBe('CONFIRMED');

    const stranger = await customerWithProject();
    expect((await call(client, 'POST', '/api/v2/app/referral-reward', { ...body, projectId: stranger.project.id, emailAddress: 'x@example.de' })).status).toBe(404);
  });
});

describe('personal data (the account-data registry of the export and the account deletion)', () => {
  it('lists the customer’s rows and erases what the law does not make the installer keep', async () => {
    const money = portal.services.accountData.sources.find((source) => source.name === 'money');
    const { customer, project, client } = await customerWithProject({ refund: { amount: '5.00', reason: 'Gutschrift' } });
    await call(client, 'PATCH', refundPath(project.id), { name: 'Erika Test', iban: IBAN });
    await call(client, 'POST', '/api/v2/app/referral-reward', { projectId: project.id, name: 'Tom Koch', emailAddress: `t-${randomUUID().slice(0, 6)}@example.de`, consent: true, bankAccountOwnerName: 'Erika Test', iban: IBAN });
    const subject = { userId: customer.sub, email: customer.email, emails: [customer.email], firstName: 'Erika', lastName: 'Test', projectIds: [project.id] };
    const rows = (await money?.export?.(subject)) as { refunds: unknown[]; referralRewards: unknown[] };
    expect(rows.refunds).toHaveLength(1);
    expect(rows.referralRewards).toHaveLength(1);
    expect(await money?.erase?.(subject)).toEqual({ deleted: 1, anonymised: 0, retained: 1 });
    expect(await portal.knex('referral_reward').where({ userId: customer.sub })).toHaveLength(0);
    expect(await portal.knex('refund').where({ userId: customer.sub })).toHaveLength(1);
  });
});

describe('plain forms without JavaScript keep what was typed (the form flash)', () => {
  const plainPost = (client: BrowserLikeClient, path: string, fields: Record<string, string>) =>
    client.request(`${portal.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: portal.url, 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams(fields).toString(),
    });
  /** The page as the BFF hands it to Astro (the test portal echoes the locals): what the form shows again. */
  const flashOn = async (client: BrowserLikeClient, page: string, headers: Record<string, string> = {}) => {
    const response = await client.request(`${portal.url}${page}`, { headers });
    expect(response.status).toBe(Number(headers['x-echo-status'] ?? 200));
    return ((await response.json()) as JsonBody).locals.formFlash as { page: string; form: string; values: Record<string, string> } | null;
  };
  const sessionsOf = async (userId: string) => (await portal.knex('session').whereRaw(`(sess::jsonb -> 'user' ->> 'id') = ?`, [userId]).pluck('sess')) as JsonBody[];
  /** Nothing typed in an address, and none of the values in a row of the activity log. */
  const expectNoValueIn = (text: string, values: string[]) => {
    for (const value of values) expect(text.toUpperCase(), value).not.toContain(value.toUpperCase());
  };

  it('refund: a refused IBAN comes back with every value as typed, once, to this customer only; the address carries codes only', async () => {
    const { customer, project, client } = await customerWithProject({ refund: { amount: '61.20', reason: 'Gutschrift' } });
    const other = await customerWithProject({ refund: { amount: '12.00', reason: 'Gutschrift' } });
    const typed = { name: 'Jonas Weber-Ütz', iban: WRONG_TYPED, bic: '', bankName: 'Meine Bank' };
    const refused = await plainPost(client, refundPath(project.id), { ...typed, idempotencyKey: randomUUID() });
    expect(refused.status).toBe(303);
    const location = refused.headers.get('location') ?? '';
    expect(location).toBe('/home/app/refund?error=IBAN.INVALID&fields=iban%3ACHECKSUM&form=refund#refund-errors');
    expectNoValueIn(decodeURIComponent(location), ['Weber', 'Meine Bank', '0532', 'DE89']);

    // Another customer's page view (in between) shows nothing of it.
    expect(await flashOn(other.client, '/home/app/refund')).toBeNull();
    // A prefetch of the page does not use it up.
    expect(await flashOn(client, '/home/app/refund', { 'sec-purpose': 'prefetch' })).toBeNull();
    expect(await flashOn(client, '/home/app/refund')).toEqual({ page: '/home/app/refund', form: 'refund', values: typed });
    // Single use: gone from the page and from the session row.
    expect(await flashOn(client, '/home/app/refund')).toBeNull();
    for (const sess of await sessionsOf(customer.sub)) expect(sess).not.toHaveProperty('formFlash');

    // Fixed, the form is taken; a refusal's values never come back after a success.
    await plainPost(client, refundPath(project.id), { ...typed, name: '', idempotencyKey: randomUUID() });
    const sent = await plainPost(client, refundPath(project.id), { ...typed, iban: IBAN_TYPED, idempotencyKey: randomUUID() });
    expect([sent.status, sent.headers.get('location')]).toEqual([303, '/home/app/refund?sent=1']);
    expect(await flashOn(client, '/home/app/refund')).toBeNull();
    const activity = JSON.stringify(await portal.knex('activity_log').where({ userId: customer.sub }));
    expectNoValueIn(activity, ['Weber-Ütz', 'Meine Bank', '0532013001', '0532 0130']);
  });

  it('SEPA mandate: a closed account or a wrong field keeps name, address, IBAN, BIC, bank, place and the ticked consent', async () => {
    const { project, client } = await customerWithProject({ directDebit: { purpose: 'Wartung', interval: 'MONTHLY' } });
    const typed = { firstName: 'Erika', lastName: 'Test', street: 'Neue Straße', houseNumber: '12b', zip: '04109', locality: 'Leipzig', iban: 'DE91 8605 5592 0000 0123 45', bic: 'wrong', bankName: 'Sparkasse', place: 'Markkleeberg', consent: 'on' };
    const fields = { ...typed, projectId: String(project.id), idempotencyKey: randomUUID() };
    const badBic = await plainPost(client, '/api/v2/app/sepa-mandate', fields);
    expect(badBic.headers.get('location')).toBe('/home/app/sepa-mandate?error=VALIDATION&fields=bic&form=sepa#sepa-errors');
    expect(await flashOn(client, '/home/app/sepa-mandate')).toEqual({ page: '/home/app/sepa-mandate', form: 'sepa', values: typed });

    const closed = await plainPost(client, '/api/v2/app/sepa-mandate', { ...fields, bic: '', zip: '04109', idempotencyKey: randomUUID() });
    expect(closed.headers.get('location')).toBe('/home/app/sepa-mandate?error=IBAN.INVALID&fields=iban%3AACCOUNT_CLOSED&form=sepa#sepa-errors');
    expect((await flashOn(client, '/home/app/sepa-mandate'))?.values).toEqual({ ...typed, bic: '' });

    // An unticked consent is not sent: the page shows it unticked, everything else as typed.
    const { consent: _consent, ...withoutConsent } = fields;
    const noConsent = await plainPost(client, '/api/v2/app/sepa-mandate', { ...withoutConsent, bic: '', iban: IBAN_TYPED, idempotencyKey: randomUUID() });
    expect(noConsent.headers.get('location')).toBe('/home/app/sepa-mandate?error=VALIDATION&fields=consent&form=sepa#sepa-errors');
    const { consent: _ticked, ...typedText } = typed;
    const shown = (await flashOn(client, '/home/app/sepa-mandate'))?.values;
    expect(shown).toEqual({ ...typedText, bic: '', iban: IBAN_TYPED });
    expect(shown).not.toHaveProperty('consent');
  });

  it('referral: a refusal of the whole form (the same person twice) keeps the person, the consent and the account', async () => {
    const { project, client } = await customerWithProject();
    const referred = `flash-${randomUUID().slice(0, 8)}@example.de`;
    const typed = { name: 'Lena Koch', emailAddress: referred, consent: 'on', bankAccountOwnerName: 'Erika Test', iban: 'DE02 1203 0000 0000 2020 51', bic: '', bankName: '' };
    const first = await plainPost(client, '/api/v2/app/referral-reward', { ...typed, projectId: String(project.id), idempotencyKey: randomUUID() });
    expect([first.status, first.headers.get('location')]).toEqual([303, '/home/app/referral-reward?sent=1']);
    const twice = await plainPost(client, '/api/v2/app/referral-reward', { ...typed, projectId: String(project.id), idempotencyKey: randomUUID() });
    expect(twice.headers.get('location')).toBe('/home/app/referral-reward?error=REFERRAL.DUPLICATE&fields=emailAddress&form=referral#referral-errors');
    expect(await flashOn(client, '/home/app/referral-reward')).toEqual({ page: '/home/app/referral-reward', form: 'referral', values: typed });
    expectNoValueIn(decodeURIComponent(twice.headers.get('location') ?? ''), [referred, 'Lena', '2020']);
  });

  it('a service that is down sends the form back with the values instead of an error page; the page’s outage view leaves them for later', async () => {
    const { project, client } = await customerWithProject({ refund: { amount: '33.00', reason: 'Gutschrift' } });
    const typed = { name: 'Erika Test', iban: IBAN_TYPED, bic: '', bankName: '' };
    await control('/management/_control/faults', 'POST', { mode: 'fail', status: 503 });
    const down = await plainPost(client, refundPath(project.id), { ...typed, idempotencyKey: randomUUID() });
    await control('/management/_control/faults', 'DELETE');
    expect(down.status).toBe(303);
    expect(down.headers.get('location')).toBe('/home/app/refund?error=UPSTREAM.UNAVAILABLE&service=management&form=refund#refund-errors');
    // The refund page itself needs the management service: its "unavailable" view (503) sees the values but leaves them.
    expect((await flashOn(client, '/home/app/refund', { 'x-echo-status': '503' }))?.values).toEqual(typed);
    expect((await flashOn(client, '/home/app/refund', { 'x-echo-status': '503' }))?.values).toEqual(typed);
    expect((await flashOn(client, '/home/app/refund'))?.values).toEqual(typed);
    expect(await flashOn(client, '/home/app/refund')).toBeNull();
    // Nothing was taken: the same values go through now.
    const sent = await plainPost(client, refundPath(project.id), { ...typed, idempotencyKey: randomUUID() });
    expect(sent.headers.get('location')).toBe('/home/app/refund?sent=1');
  });

  it('an unread flash leaves the session row once its minutes are over (swept with the store’s pruning); the session stays', async () => {
    const { customer, project, client } = await customerWithProject({ refund: { amount: '8.00', reason: 'Gutschrift' } });
    const fresh = await customerWithProject({ refund: { amount: '9.00', reason: 'Gutschrift' } });
    await plainPost(client, refundPath(project.id), { name: 'Erika Test', iban: WRONG_TYPED, idempotencyKey: randomUUID() });
    await plainPost(fresh.client, refundPath(fresh.project.id), { name: 'Erika Test', iban: WRONG_TYPED, idempotencyKey: randomUUID() });
    expect((await sessionsOf(customer.sub)).some((sess) => sess.formFlash?.values.iban === WRONG_TYPED)).toBe(true);
    const pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 1 });
    try {
      // Only this customer's flash is past its time (as if five minutes went by); the other one is fresh.
      await portal.knex('session').whereRaw(`(sess::jsonb -> 'user' ->> 'id') = ?`, [customer.sub]).update({ sess: portal.knex.raw(`jsonb_set(sess::jsonb, '{formFlash,until}', '0')::json`) });
      expect(await sweepFormFlashes(pool)).toBeGreaterThanOrEqual(1);
    } finally {
      await pool.end();
    }
    const swept = await sessionsOf(customer.sub);
    expect(swept.length).toBeGreaterThan(0);
    for (const sess of swept) expect(sess).not.toHaveProperty('formFlash');
    expect(JSON.stringify(swept)).not.toContain('0044 0532'); // as typed: four digits alone would match a timestamp
    expect(await flashOn(client, '/home/app/refund')).toBeNull();
    expect((await flashOn(fresh.client, '/home/app/refund'))?.values.iban).toBe(WRONG_TYPED);
  });
});

describe('logs', () => {
  it('never carry an IBAN (docs/security.md: never log IBANs)', () => {
    expect(logLines.length).toBeGreaterThan(0);
    const all = logLines.join('\n').toUpperCase();
    for (const iban of SENT_IBANS) expect(all, iban).not.toContain(iban.toUpperCase());
  });
});
