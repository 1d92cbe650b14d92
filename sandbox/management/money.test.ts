import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '~/bff/config.ts';
import { startSandbox, type SandboxHandle } from '../server.ts';

const config = loadConfig({ NODE_ENV: 'test' });

describe('sandbox management service: refunds, direct debits, referrals', () => {
  let dataDir: string;
  let sandbox: SandboxHandle;
  const api = (p: string, init: RequestInit & { json?: unknown } = {}) =>
    fetch(`${sandbox.url}/management/api/v1${p}`, {
      ...init,
      headers: { Authorization: `Bearer ${config.MANAGEMENT_API_TOKEN}`, 'Content-Type': 'application/json' },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });
  const control = (p: string, method = 'POST', json?: unknown) =>
    fetch(`${sandbox.url}/management/_control${p}`, { method, headers: { 'Content-Type': 'application/json' }, ...(json === undefined ? {} : { body: JSON.stringify(json) }) });
  const tester = (p: string, fields: Record<string, string> = {}) =>
    fetch(`${sandbox.url}/management${p}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-money-'));
    sandbox = await startSandbox(config, { dataDir, httpPort: 0, ports: { smtp: 0 }, log: () => {} });
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await control('/reset');
  });

  it('has the demo refunds as decimal strings: Jonas gets 312.45 for 100240 and owes 89.90 for 100241', async () => {
    expect(await (await api('/projects/100240/refund')).json()).toMatchObject({ amount: '312.45', status: 'OPEN', invoiceNumber: 'SR-2026-0412', payTo: null });
    const owed = await (await api('/projects/100241/refund')).json();
    expect(owed).toMatchObject({ amount: '-89.90', status: 'OPEN', payTo: { accountHolder: 'Beispiel Solar GmbH', iban: 'DE02120300000000202051', reference: 'NR-2026-0173 100241' } });
    expect(owed.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await api('/projects/100239/refund')).status).toBe(404);
  });

  it('takes a payout account once, never for a debt, and never answers it back', async () => {
    const account = { accountHolder: 'Jonas Weber', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: 'Commerzbank', portalUserId: 'kp|jonas-weber' };
    const first = await api('/projects/100240/refund/payout-account', { method: 'PUT', json: account });
    expect(first.status).toBe(200);
    const body = await first.text();
    expect(JSON.parse(body)).toMatchObject({ status: 'ACCOUNT_RECEIVED' });
    expect(body).not.toContain('DE89370400440532013000');
    expect((await api('/projects/100240/refund/payout-account', { method: 'PUT', json: account })).status).toBe(409);
    expect((await api('/projects/100241/refund/payout-account', { method: 'PUT', json: account })).status).toBe(409);
    expect((await api('/projects/100240/refund/payout-account', { method: 'PUT', json: { ...account, extra: 1 } })).status).toBe(400);
    expect(await (await control('/projects/100240/refund/settle')).json()).toMatchObject({ status: 'SETTLED' });
  });

  it('says which projects need a direct-debit mandate and records a signed one', async () => {
    expect(await (await api('/projects/100240/direct-debit')).json()).toMatchObject({ required: true, amount: '14.90', interval: 'MONTHLY', mandateReference: null });
    expect((await api('/projects/100234/direct-debit')).status).toBe(404);
    expect((await api('/projects/100241/direct-debit')).status).toBe(404);
    const mandate = { mandateReference: 'KP-100240-20261125-7QX3KD', creditorId: 'DE98ZZZ09999999999', masterDataId: 'MDS-1', signedAt: '2026-11-25T10:00:00.000Z', documentSha256: 'a'.repeat(64), portalUserId: 'kp|jonas-weber' };
    expect((await api('/projects/100240/direct-debit/mandate', { method: 'POST', json: mandate })).status).toBe(200);
    expect(await (await api('/projects/100240/direct-debit')).json()).toMatchObject({ mandateReference: 'KP-100240-20261125-7QX3KD' });
    expect((await api('/projects/100240/direct-debit/mandate', { method: 'POST', json: { ...mandate, mandateReference: 'KP_1' } })).status).toBe(400);
  });

  it('registers referrals once per portal id, refuses the same person twice, and lets the back office confirm and pay out', async () => {
    const referral = { externalId: 'portal-1', name: 'Lena Koch', email: 'lena.koch@example.de', portalUserId: 'kp|jonas-weber' };
    const created = await api('/projects/100240/referrals', { method: 'POST', json: referral });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(((await (await api('/projects/100240/referrals', { method: 'POST', json: referral })).json()) as { id: string }).id).toBe(id);
    expect((await api('/projects/100240/referrals', { method: 'POST', json: { ...referral, externalId: 'portal-2', email: 'LENA.KOCH@example.de' } })).status).toBe(409);
    expect(await (await api('/projects/100240/referrals')).json()).toMatchObject({ reward: '100.00', items: [{ id, status: 'SUBMITTED', reward: '100.00' }] });

    expect((await control(`/referrals/${id}/payout`)).status).toBe(409);
    // The tester page's buttons (plain forms, German).
    expect((await tester(`/tester/referrals/${id}/confirm`, { referredProjectId: '100237' })).status).toBe(303);
    expect((await tester(`/tester/referrals/${id}/payout`)).status).toBe(303);
    const [state] = ((await (await api('/projects/100240/referrals')).json()) as { items: { status: string; confirmedAt: string; paidOutAt: string }[] }).items;
    expect(state).toMatchObject({ status: 'PAID_OUT', confirmedAt: expect.any(String), paidOutAt: expect.any(String) });
    const page = await (await fetch(`${sandbox.url}/management/`)).text();
    expect(page).toContain('Lena Koch');
    expect(page).toContain('ausgezahlt');
  });

  it('lets a tester set refunds and direct debits on the German page', async () => {
    const set = await tester('/tester/projects/100239/refund', { amount: '-12,50', reason: 'Nachberechnung Zählerschrank' });
    expect(decodeURIComponent(set.headers.get('location') ?? '')).toContain('Erstattung eingetragen');
    expect(await (await api('/projects/100239/refund')).json()).toMatchObject({ amount: '-12.50' });
    const bad = await tester('/tester/projects/100239/refund', { amount: 'zwölf', reason: 'x' });
    expect(decodeURIComponent(bad.headers.get('location') ?? '')).toContain('Bitte gib einen Betrag');
    await tester('/tester/projects/100239/direct-debit', { purpose: 'Wartungsvertrag', amount: '9.90', interval: 'YEARLY' });
    expect(await (await api('/projects/100239/direct-debit')).json()).toMatchObject({ purpose: 'Wartungsvertrag', amount: '9.90', interval: 'YEARLY' });
    const page = await (await fetch(`${sandbox.url}/management/`)).text();
    expect(page).toContain('Mandat anfordern');
    expect(page).toContain('−12,50 €');
  });
});
