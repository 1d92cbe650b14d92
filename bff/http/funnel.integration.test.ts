import { randomInt, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { BrowserLikeClient } from '../../tests/support/browser-like-client.ts';
import { waitForMail } from '../../tests/support/mailbox.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { testData } from '../../tests/support/test-data.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

const logLines: string[] = [];
// Behind a proxy as in production, so each test browser is its own client address (per-IP limits).
const { portal } = usePortal({ env: { TRUST_PROXY: 'true', LOG_LEVEL: 'debug' }, logLines, data: 'none' });

const FUNNEL = '/api/v2/app/funnel';
/** A fresh German mobile number in its own block of 10,000 (the tests share one database's counters). */
const mobile = () => `0171 ${randomInt(1_000_000, 9_999_999)}`;
const e164 = (national: string) => `+49${national.replace(/\D/g, '').slice(1)}`;
/** A browser of its own address that made its consent choice on the portal's banner (marketing: conversion tracking). */
async function browser(marketing = false) {
  const client = new BrowserLikeClient({ 'x-forwarded-for': `10.18.${randomInt(0, 250)}.${randomInt(1, 250)}` });
  const choice: Record<string, string> = marketing ? { choice: 'custom', marketing: 'on' } : { choice: 'none' };
  const chosen = await post(client, '/api/consent', { ...choice, returnTo: '/angebot' });
  if (chosen.status !== 303) throw new Error(`consent answered ${chosen.status}`);
  return client;
}
/** A plain form post from the portal's own page (the browser vouches with Sec-Fetch-Site). */
function post(client: BrowserLikeClient, path: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return client.request(`${portal.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: body.toString(),
  });
}
const details = (phone: string, overrides: Record<string, string | string[]> = {}) => ({
  firstName: 'Lena',
  lastName: 'Krüger',
  email: `lena.${randomInt(1e6)}@example.de`,
  phoneCountry: 'DE',
  phone,
  topics: ['SOLAR', 'STORAGE'],
  contactConsent: 'yes',
  quelle: 'google-pv-fruehjahr',
  ...overrides,
});
async function smsCode(phone: string): Promise<string> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const { messages } = (await (await fetch(`${portal.sandboxUrl}/sms/_control/messages?to=${encodeURIComponent(e164(phone))}`)).json()) as { messages: { body: string }[] };
    const code = /: (\d{6})\./.exec(messages[0]?.body ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no SMS to ${phone}`);
}
const funnelToken = (subject = 'funnel', secret = portal.config.FUNNEL_API_SECRET) =>
  new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(subject).setAudience(portal.config.API_AUDIENCE).setIssuedAt().setJti(randomUUID()).setExpirationTime('2m').sign(new TextEncoder().encode(secret));
const machine = async (path: string, init: RequestInit = {}, token?: string) =>
  fetch(`${portal.url}/api/funnel${path}`, { ...init, headers: { authorization: `Bearer ${token ?? (await funnelToken())}`, 'content-type': 'application/json', ...init.headers } });

describe('lead funnel over HTTP (plain forms, real PostgreSQL and sandbox)', () => {
  it('sends one SMS with one code for a double click on "Code per SMS anfordern" (two posts at the same time)', async () => {
    const phone = mobile();
    const client = await browser();
    // The first, refused post makes the request (and its cookie) the two clicks then share.
    const refused = await post(client, `${FUNNEL}/details`, details(phone, { contactConsent: '' }));
    expect(refused.headers.get('location')).toContain('error=FUNNEL.INVALID');
    const form = details(phone);
    const answers = await Promise.all([post(client, `${FUNNEL}/details`, form), post(client, `${FUNNEL}/details`, form)]);
    expect(answers.map((a) => [a.status, a.headers.get('location')])).toEqual([
      [303, '/angebot/code'],
      [303, '/angebot/code'],
    ]);
    const { messages } = (await (await fetch(`${portal.sandboxUrl}/sms/_control/messages?to=${encodeURIComponent(e164(phone))}`)).json()) as { messages: unknown[] };
    expect(messages).toHaveLength(1);
    expect(await portal.knex('funnel_sms_code').where({ phoneNumber: e164(phone) }).whereNull('replacedAt').count({ n: '*' }).first()).toEqual({ n: '1' });
    const right = await post(client, `${FUNNEL}/verify`, { code: await smsCode(phone) });
    expect(right.headers.get('location')).toBe('/angebot/fertig');
  });

  it('sends a code, refuses a wrong one, verifies the right one and hands the lead to sales with a confirmation mail', async () => {
    const phone = mobile();
    const client = await browser();
    const form = details(phone);
    const since = new Date();
    const sent = await post(client, `${FUNNEL}/details`, form);
    expect([sent.status, sent.headers.get('location')]).toEqual([303, '/angebot/code']);
    const cookie = sent.headers.getSetCookie().find((c) => c.startsWith('kundenportal.funnel='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const code = await smsCode(phone);
    const stored = await portal.knex('funnel_sms_code').where({ phoneNumber: e164(phone) }).first();
    expect(stored.code).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);
    const digits = e164(phone).slice(3);
    expect((await portal.knex('rate_limit').pluck('key')).filter((key: string) => key.includes(digits))).toEqual([]);

    const wrong = await post(client, `${FUNNEL}/verify`, { code: code === '000000' ? '000001' : '000000' });
    expect([wrong.status, wrong.headers.get('location')]).toEqual([303, '/angebot/code?error=FUNNEL.CODE_INVALID&fields=code&attemptsLeft=4&form=funnel-code#funnel-code-errors']);

    const right = await post(client, `${FUNNEL}/verify`, { code });
    expect([right.status, right.headers.get('location')]).toEqual([303, '/angebot/fertig']);

    const lead = await portal.knex('funnel_lead').where({ phoneNumber: e164(phone) }).first();
    expect(lead).toMatchObject({ firstName: 'Lena', email: form.email, leadsourceId: 'LS-2101', topics: ['SOLAR', 'STORAGE'], status: 'OPEN' });
    expect(lead.salesLeadId).toMatch(/^L-\d+$/);
    const { leads } = (await (await fetch(`${portal.sandboxUrl}/sales/_control/leads`)).json()) as { leads: { id: string; phone: string; externalRef: string }[] };
    expect(leads.find((l) => l.id === lead.salesLeadId)).toMatchObject({ phone: e164(phone), externalRef: lead.id });

    const mail = await waitForMail(portal.sandboxUrl, form.email, since);
    expect(mail.subject).toBe('Danke für Deine Anfrage bei der Beispiel Solar GmbH');
    expect(mail.text).toContain('Photovoltaik');
    const logged = await portal.knex('activity_log').where({ username: form.email, type: 'SUCCESS_FUNNEL_EMAIL' });
    expect(logged).toHaveLength(1);
    expect(await portal.knex('mail_log').where({ activityLogId: logged[0].id }).pluck('receiver')).toEqual([form.email]);

    const view = await portal.services.funnel.forRequest().page(client.cookie(portal.url, 'kundenportal.funnel') ?? null);
    expect(view).toMatchObject({ state: 'VALIDATED', done: { firstName: 'Lena', salesRep: { name: 'Tobias Neumann' } } });
    expect(logLines.join('\n')).not.toContain(code);
    expect(logLines.join('\n')).not.toContain(digits);
  });

  it('keeps what was typed when a field is wrong and names the fields; a script gets 422 with them', async () => {
    const client = await browser();
    const back = await post(client, `${FUNNEL}/details`, details('0171-123', { firstName: '', contactConsent: '', quelle: 'partner-mueller' }));
    expect([back.status, back.headers.get('location')]).toEqual([303, '/angebot?quelle=partner-mueller&error=FUNNEL.INVALID&fields=firstName%2Cphone%2CcontactConsent&form=funnel-details#funnel-details-errors']);
    const view = await portal.services.funnel.forRequest().page(client.cookie(portal.url, 'kundenportal.funnel') ?? null);
    expect(view.state).toBe('DRAFT');
    expect(view.draft).toMatchObject({ lastName: 'Krüger', phone: '0171-123', topics: ['SOLAR', 'STORAGE'], contactConsent: false });
    expect(view.errors).toEqual({ firstName: 'required', phone: 'phoneInvalid', contactConsent: 'consent' });

    const script = await client.request(`${portal.url}${FUNNEL}/details`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-kundenportal-csrf': '1' },
      body: new URLSearchParams({ ...details('030 1234567'), topics: 'SOLAR' }).toString(),
    });
    expect(script.status).toBe(422);
    expect(await script.json()).toMatchObject({ code: 'FUNNEL.INVALID', fields: 'phone' });
  });

  it('refuses a form posted from another site', async () => {
    const answer = await fetch(`${portal.url}${FUNNEL}/details`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: new URLSearchParams({ ...details(mobile()), topics: 'SOLAR' }).toString(),
    });
    expect(answer.status).toBe(403);
  });

  it('kills the code after five wrong ones (429) and then refuses the right code too', async () => {
    const phone = mobile();
    const client = await browser();
    await post(client, `${FUNNEL}/details`, details(phone));
    const code = await smsCode(phone);
    const wrong = code === '999999' ? '999998' : '999999';
    const json = (body: Record<string, string>) =>
      client.request(`${portal.url}${FUNNEL}/verify`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-kundenportal-csrf': '1' }, body: JSON.stringify(body) });
    for (let i = 1; i <= 4; i++) expect((await json({ code: wrong })).status).toBe(422);
    const fifth = await json({ code: wrong });
    expect([fifth.status, (await fifth.json()).code]).toEqual([429, 'FUNNEL.TOO_MANY_ATTEMPTS']);
    expect((await json({ code })).status).toBe(429);
    expect(await portal.knex('funnel_lead').where({ phoneNumber: e164(phone) })).toEqual([]);
  });

  it('goes back to the form with a German reason when the SMS gateway is down, and counts no code', async () => {
    const phone = mobile();
    const client = await browser();
    await fetch(`${portal.sandboxUrl}/sms/_control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'fail', status: 503 }) });
    try {
      const back = await post(client, `${FUNNEL}/details`, details(phone, { quelle: '' }));
      expect([back.status, back.headers.get('location')]).toEqual([303, '/angebot?error=UPSTREAM.UNAVAILABLE&service=sms&form=funnel-details#funnel-details-errors']);
    } finally {
      await fetch(`${portal.sandboxUrl}/sms/_control/faults`, { method: 'DELETE' });
    }
    expect(await portal.knex('funnel_sms_code').where({ phoneNumber: e164(phone) })).toEqual([]);
    const again = await post(client, `${FUNNEL}/details`, details(phone, { quelle: '' }));
    expect(again.headers.get('location')).toBe('/angebot/code');
  });

  it('reports a verified lead from an ad once, only with the marketing consent, and forwards leads sales missed later', async () => {
    const phone = mobile();
    const client = await browser(true);
    await fetch(`${portal.sandboxUrl}/sales/_control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'fail', status: 503 }) });
    try {
      await post(client, `${FUNNEL}/details`, details(phone, { clickId: 'Cj0KCQiA-integration-test', clickIdType: 'gclid' }));
      const done = await post(client, `${FUNNEL}/verify`, { code: await smsCode(phone) });
      expect(done.headers.get('location')).toBe('/angebot/fertig');
    } finally {
      await fetch(`${portal.sandboxUrl}/sales/_control/faults`, { method: 'DELETE' });
    }
    const lead = await portal.knex('funnel_lead').where({ phoneNumber: e164(phone) }).first();
    expect(lead.salesLeadId).toBeNull();
    const { conversions } = (await (await fetch(`${portal.sandboxUrl}/conversions/_control/conversions`)).json()) as { conversions: { conversionId: string; clickId: string; campaign: string; fields: string[] }[] };
    const mine = conversions.filter((c) => c.conversionId === lead.id);
    expect(mine).toEqual([expect.objectContaining({ clickId: 'Cj0KCQiA-integration-test', campaign: 'gads-cmp-18533-pv-fruehjahr', fields: ['campaign', 'clickId', 'clickIdType', 'conversionId', 'name', 'occurredAt'] })]);

    const [lost] = await portal.knex('funnel_lead')
      .insert({ phoneNumber: e164(mobile()), firstName: 'Alt', lastName: 'Verloren', email: 'alt@example.de', topics: portal.knex.raw("'{SOLAR}'::text[]"), leadsourceId: 'LS-1000', contactConsentAt: new Date('2023-01-01'), contactConsentVersion: '2026-11', status: 'LOST', salesForwardedAt: new Date('2023-01-02'), updatedAt: new Date('2023-01-02') })
      .returning('id');
    const result = await portal.services.jobs.run('funnel');
    expect(result.pending).toBe(0);
    expect(result.lostLeadsDeleted).toBeGreaterThanOrEqual(1);
    expect(await portal.knex('funnel_lead').where({ id: lost.id })).toEqual([]);
    expect((await portal.knex('funnel_lead').where({ id: lead.id }).first()).salesLeadId).toMatch(/^L-\d+$/);
  });
});

describe('the funnel endpoint /api/funnel (funnel token)', () => {
  it('answers only with the funnel token: not without one, not with another caller’s, not with a customer session', async () => {
    expect((await fetch(`${portal.url}/api/funnel/sources`)).status).toBe(401);
    expect((await machine('/sources', {}, await funnelToken('cron', portal.config.CRON_API_SECRET))).status).toBe(401);
    expect((await machine('/sources', {}, await funnelToken('funnel', 'x'.repeat(40)))).status).toBe(401);
    expect((await machine('/events', { method: 'POST', body: JSON.stringify({ event: 'lead.lost', data: { salesLeadId: 'L-1' } }) }, 'abc.def.ghi')).status).toBe(401);
    const customer = await testData(portal.sandboxUrl).customer();
    const session = await signedInClient(portal.url, customer);
    expect((await session.request(`${portal.url}/api/funnel/sources`)).status).toBe(401);

    const listed = await machine('/sources');
    expect(listed.status).toBe(200);
    const { sources } = (await listed.json()) as { sources: { urlParam: string; leadsourceId: string; isActive: boolean }[] };
    expect(sources).toEqual(expect.arrayContaining([expect.objectContaining({ urlParam: 'google-pv-fruehjahr', leadsourceId: 'LS-2101', isActive: true }), expect.objectContaining({ urlParam: 'messe-intersolar-2025', isActive: false })]));
  });

  it('lets the lead funnel add and switch off a lead source', async () => {
    const param = `test-quelle-${randomInt(1e6)}`;
    const saved = await machine(`/sources/${param}`, { method: 'PUT', body: JSON.stringify({ leadsourceId: 'LS-9001', externalId: 'cmp-9001', isActive: true }) });
    expect(await saved.json()).toMatchObject({ urlParam: param, leadsourceId: 'LS-9001', isActive: true });
    await machine(`/sources/${param}`, { method: 'PUT', body: JSON.stringify({ leadsourceId: 'LS-9001', isActive: false }) });
    const { request } = await portal.services.funnel.begin(null, { quelle: param }, { ip: '10.99.0.1', marketing: false });
    expect(request.leadsourceId).toBe(portal.config.FUNNEL_DEFAULT_LEADSOURCE_ID);
    expect(logLines.some((line) => line.includes('lead source unknown or inactive') && line.includes(param))).toBe(true);
    expect((await machine('/sources/Not%20Valid', { method: 'PUT', body: JSON.stringify({ leadsourceId: 'x', isActive: true }) })).status).toBe(400);
    expect((await machine(`/sources/${param}`, { method: 'PUT', body: JSON.stringify({ leadsourceId: 'LS-9001', isActive: true, extra: 1 }) })).status).toBe(400);
  });

  it('takes the sales service’s “won” event when the sandbox closes a lead (the sale closed)', async () => {
    const phone = mobile();
    const client = await browser();
    await post(client, `${FUNNEL}/details`, details(phone));
    await post(client, `${FUNNEL}/verify`, { code: await smsCode(phone) });
    const lead = await portal.knex('funnel_lead').where({ phoneNumber: e164(phone) }).first();
    const address = { street: 'Lindenallee', houseNumber: '7', zip: '04109', city: 'Leipzig' };
    const closed = await fetch(`${portal.sandboxUrl}/sales/_control/leads/${lead.salesLeadId}/won`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ customerNumber: '780999', address }) });
    expect(((await closed.json()) as { portalStatus: number }).portalStatus).toBe(202);
    expect(await portal.knex('funnel_lead').where({ id: lead.id }).first()).toMatchObject({ status: 'WON', customerNumber: '780999' });
    expect((await machine('/events', { method: 'POST', body: JSON.stringify({ event: 'lead.won', data: { salesLeadId: 'L-0', customerNumber: '780998' } }) })).status).toBe(404);
    expect((await machine('/events', { method: 'POST', body: JSON.stringify({ event: 'lead.won', data: { salesLeadId: lead.salesLeadId } }) })).status).toBe(400);
  });
});
