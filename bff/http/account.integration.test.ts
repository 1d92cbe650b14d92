import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { EMAIL_CHANGE_TTL_HOURS } from '../contracts/account.ts';
import type { BrowserLikeClient } from '../../tests/support/browser-like-client.ts';
import { jsonCall } from '../../tests/support/json-call.ts';
import { mailsTo, waitForMail } from '../../tests/support/mailbox.ts';
import { signedInClient, signInAnywhere } from '../../tests/support/sign-in.ts';
import { testData, type TestData } from '../../tests/support/test-data.ts';
import { startTestPortal } from '../../tests/support/test-portal.ts';

type Portal = Awaited<ReturnType<typeof startTestPortal>>;
let portal: Portal;
let data: TestData;
const logLines: string[] = [];

beforeAll(async () => {
  portal = await startTestPortal({ databaseUrl: inject('databaseUrl'), logLines });
});
afterAll(() => portal?.close());
beforeEach(() => {
  data = testData(portal.sandboxUrl);
});
afterEach(async () => {
  await fetch(`${portal.sandboxUrl}/marketing/_control/faults`, { method: 'DELETE' });
  await fetch(`${portal.sandboxUrl}/oidc/admin/_control/faults`, { method: 'DELETE' });
  await data.cleanup();
});

const call = (client: BrowserLikeClient, method: string, path: string, body?: unknown) => jsonCall(portal.url, client, method, path, body);
const admin = (sub: string) =>
  fetch(`${portal.config.services.identityAdmin.url}/users/${encodeURIComponent(sub)}`, { headers: portal.config.services.identityAdmin.headers }).then((r) => r.json() as Promise<Record<string, unknown>>);
const fault = (service: 'marketing' | 'oidc/admin') =>
  fetch(`${portal.sandboxUrl}/${service}/_control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'fail' }) });
const newAddress = () => `neu-${Math.random().toString(16).slice(2, 10)}@example.de`;

describe('changing the e-mail address', () => {
  it('mails a link to the new address; the provider changes only on confirmation; the old address is told; the new one signs in', async () => {
    const customer = await data.customer();
    const client = await signedInClient(portal.url, customer);
    const target = newAddress();
    const since = new Date();

    const requested = await call(client, 'POST', '/api/v1/internal/user/email', { email: ` ${target.toUpperCase()} ` });
    expect(requested.status).toBe(202);
    const mail = await waitForMail(portal.sandboxUrl, target, since);
    expect(mail.subject).toBe('Bestätige Deine neue E-Mail-Adresse');
    const link = new URL(/Neue Adresse bestätigen: (\S+)/.exec(mail.text)?.[1] ?? '');
    expect(link.pathname).toBe('/home/app/settings');
    const uuid = link.searchParams.get('emailChange') ?? '';
    expect(await admin(customer.sub)).toMatchObject({ email: customer.email });
    expect((await portal.knex('activity_log').where({ userId: customer.sub, type: 'SUCCESS_UPDATE_EMAIL_EMAIL' })).length).toBe(1);

    // Another customer cannot confirm it: the same answer as an unknown link.
    const other = await signedInClient(portal.url, await data.customer());
    expect((await call(other, 'POST', '/api/v1/internal/user/email/confirm', { uuid })).status).toBe(404);

    const confirmed = await call(client, 'POST', '/api/v1/internal/user/email/confirm', { uuid });
    expect(confirmed.body).toEqual({ email: target });
    expect(await admin(customer.sub)).toMatchObject({ email: target, emailVerified: true });
    expect((await call(client, 'GET', '/api/auth/me')).body).toMatchObject({ email: target });
    const notice = (await mailsTo(portal.sandboxUrl, customer.email)).find((m) => m.subject === 'Deine E-Mail-Adresse im Kundenportal wurde geändert');
    expect(notice?.text).toContain(`${target[0]}***@example.de`);
    expect(await portal.knex('activity_log').where({ userId: customer.sub, type: 'EMAIL_VERIFICATION' })).toHaveLength(1);
    // Single use.
    expect((await call(client, 'POST', '/api/v1/internal/user/email/confirm', { uuid })).status).toBe(404);

    const { url } = await signInAnywhere(portal.url, { email: target, password: customer.password });
    expect(url.pathname).toBe('/home/dashboard');
    const old = await signInAnywhere(portal.url, { email: customer.email, password: customer.password });
    expect(old.url.pathname).not.toBe('/home/dashboard');
  });

  it('a link is valid 24 hours; the same address, a taken one and a bad one are refused', async () => {
    const customer = await data.customer();
    const client = await signedInClient(portal.url, customer);
    expect((await call(client, 'POST', '/api/v1/internal/user/email', { email: customer.email })).body).toMatchObject({ code: 'ACCOUNT.EMAIL_SAME' });
    expect((await call(client, 'POST', '/api/v1/internal/user/email', { email: 'keine-adresse' })).status).toBe(400);
    expect((await call(client, 'POST', '/api/v1/internal/user/email', { email: 'x@example.de', role: 'admin' })).status).toBe(400);

    await call(client, 'POST', '/api/v1/internal/user/email', { email: newAddress() });
    const row = await portal.knex('update_email').where({ userId: customer.sub }).first();
    await portal.knex('update_email').where({ uuid: row.uuid }).update({ uuidCreatedAt: new Date(Date.now() - (EMAIL_CHANGE_TTL_HOURS * 3600 + 1) * 1000) });
    const expired = await call(client, 'POST', '/api/v1/internal/user/email/confirm', { uuid: row.uuid });
    expect(expired.status).toBe(410);

    const taken = await data.customer();
    await call(client, 'POST', '/api/v1/internal/user/email', { email: taken.email });
    const pending = await portal.knex('update_email').where({ userId: customer.sub, email: taken.email }).first();
    expect((await call(client, 'POST', '/api/v1/internal/user/email/confirm', { uuid: pending.uuid })).body).toMatchObject({ code: 'ACCOUNT.EMAIL_TAKEN' });
    expect(await admin(customer.sub)).toMatchObject({ email: customer.email });
  });

  it('the plain form keeps a refused address in the session for the page, not in the address', async () => {
    const customer = await data.customer();
    const client = await signedInClient(portal.url, customer);
    const typed = 'neue.adresse-ohne-at.example.de';
    const refused = await client.request(`${portal.url}/api/v1/internal/user/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({ email: typed }).toString(),
    });
    const location = refused.headers.get('location') ?? '';
    expect(location).toBe('/home/app/settings?error=ACCOUNT.EMAIL_INVALID&fields=email&form=email#email-errors');
    const page = (await (await client.request(`${portal.url}${location}`)).json()) as { locals: { formFlash: unknown } };
    expect(page.locals.formFlash).toEqual({ page: '/home/app/settings', form: 'email', values: { email: typed } });
  });
});

describe('changing the password', () => {
  it('needs the current password; afterwards the new one signs in, the old one not, and other sessions end', async () => {
    const customer = await data.customer();
    const client = await signedInClient(portal.url, customer);
    const elsewhere = await signedInClient(portal.url, customer);
    const next = 'Neues-Sonnen-Passwort-9';

    const wrong = await call(client, 'POST', '/api/v1/internal/user/password', { currentPassword: 'falsch', newPassword: next });
    expect(wrong.body).toMatchObject({ code: 'ACCOUNT.PASSWORD_WRONG' });
    expect((await call(client, 'POST', '/api/v1/internal/user/password', { currentPassword: customer.password, newPassword: 'kurz' })).body).toMatchObject({ code: 'ACCOUNT.PASSWORD_WEAK' });
    expect((await call(client, 'POST', '/api/v1/internal/user/password', { currentPassword: customer.password, newPassword: customer.password })).body).toMatchObject({ code: 'ACCOUNT.PASSWORD_SAME' });

    const since = new Date();
    expect((await call(client, 'POST', '/api/v1/internal/user/password', { currentPassword: customer.password, newPassword: next })).status).toBe(204);
    expect((await waitForMail(portal.sandboxUrl, customer.email, since)).subject).toBe('Dein Passwort im Kundenportal wurde geändert');
    expect(await portal.knex('activity_log').where({ userId: customer.sub, type: 'PASSWORD_CHANGE' })).toHaveLength(1);
    expect((await call(client, 'GET', '/api/auth/me')).status).toBe(200);
    expect((await call(elsewhere, 'GET', '/api/auth/me')).status).toBe(204);
    expect(logLines.join('\n')).not.toContain(next);

    expect((await signInAnywhere(portal.url, { email: customer.email, password: next })).url.pathname).toBe('/home/dashboard');
    expect((await signInAnywhere(portal.url, { email: customer.email, password: customer.password })).url.pathname).not.toBe('/home/dashboard');
  });

  it('five checks in 15 minutes at most (429 with Retry-After); the form never sends a password back', async () => {
    const customer = await data.customer();
    const client = await signedInClient(portal.url, customer);
    for (let i = 0; i < 5; i++) await call(client, 'POST', '/api/v1/internal/user/password', { currentPassword: `falsch-${i}`, newPassword: 'Neues-Sonnen-Passwort-9' });
    const limited = await call(client, 'POST', '/api/v1/internal/user/password', { currentPassword: customer.password, newPassword: 'Neues-Sonnen-Passwort-9' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    const other = await data.customer();
    const formClient = await signedInClient(portal.url, other);
    const response = await formClient.request(`${portal.url}/api/v1/internal/user/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({ currentPassword: 'geheim-falsch', newPassword: 'Neues-Sonnen-Passwort-9', newPasswordRepeat: 'Neues-Sonnen-Passwort-9' }).toString(),
    });
    const location = response.headers.get('location') ?? '';
    expect(location).toContain('error=ACCOUNT.PASSWORD_WRONG');
    expect(location).not.toContain('geheim');
    expect(location).not.toContain('Sonnen');

    // An empty current password goes back to the password form.
    const empty = await formClient.request(`${portal.url}/api/v1/internal/user/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({ currentPassword: '', newPassword: '', newPasswordRepeat: '' }).toString(),
    });
    // (site/features/settings/labels.test.ts: the page words it at the password form.)
    expect(empty.headers.get('location')).toBe('/home/app/settings?error=VALIDATION&fields=currentPassword&form=password#password-errors');
    // No password is ever kept, not even in the session.
    const settings = (await (await formClient.request(`${portal.url}/home/app/settings`)).json()) as { locals: { formFlash: unknown } };
    expect(settings.locals.formFlash).toBeNull();
  });

  it('an unavailable identity provider gives the German 503, and nothing changes', async () => {
    const customer = await data.customer();
    const client = await signedInClient(portal.url, customer);
    await fault('oidc/admin');
    const answer = await call(client, 'POST', '/api/v1/internal/user/password', { currentPassword: customer.password, newPassword: 'Neues-Sonnen-Passwort-9' });
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: 'UPSTREAM.UNAVAILABLE', service: 'identityAdmin' });
  });
});

describe('newsletter', () => {
  it('subscribing sends the event: subscribed (double opt-in pending), banner seen and logged once', async () => {
    const customer = await data.customer();
    const client = await signedInClient(portal.url, customer);
    expect((await call(client, 'GET', '/api/v1/internal/marketing-service/contact')).body).toEqual({ isSubscribed: false, isNewsletterBannerSeen: false, confirmationPending: false });

    const since = new Date();
    const subscribed = await call(client, 'POST', '/api/v1/internal/marketing-service/event', { eventName: 'newsletter_subscribed' });
    expect(subscribed.body).toMatchObject({ isSubscribed: true, isNewsletterBannerSeen: true });
    expect((await waitForMail(portal.sandboxUrl, customer.email, since)).subject).toBe('Bitte bestätige Deine Newsletter-Anmeldung');
    expect((await call(client, 'GET', '/api/v1/internal/marketing-service/contact')).body).toEqual({ isSubscribed: true, isNewsletterBannerSeen: true, confirmationPending: true });

    const unsubscribed = await call(client, 'POST', '/api/v1/internal/user/newsletter', { subscribed: false });
    expect(unsubscribed.body).toMatchObject({ isSubscribed: false, isNewsletterBannerSeen: true });
    expect(await portal.knex('activity_log').where({ userId: customer.sub, type: 'NEWSLETTER_BANNER_SEEN' })).toHaveLength(1);
    expect((await call(client, 'POST', '/api/v1/internal/marketing-service/event', { eventName: 'newsletter_maybe' })).status).toBe(400);
  });

  it('when the marketing service fails, the answer is 503 and the banner is not marked as seen (the site rolls back)', async () => {
    const customer = await data.customer();
    const client = await signedInClient(portal.url, customer);
    await fault('marketing');
    const failed = await call(client, 'POST', '/api/v1/internal/marketing-service/event', { eventName: 'newsletter_subscribed' });
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ code: 'UPSTREAM.UNAVAILABLE', service: 'marketing' });
    expect(await portal.knex('user_meta').where({ userId: customer.sub }).whereNotNull('newsletterBannerSeenAt')).toEqual([]);
  });
});

describe('data export (small: at once)', () => {
  it('downloads everything as a JSON attachment: sign-in account, base data, activity, mails', async () => {
    const customer = await data.customer();
    const client = await signedInClient(portal.url, customer);
    await call(client, 'POST', '/api/v1/internal/user/password', { currentPassword: customer.password, newPassword: 'Neues-Sonnen-Passwort-9' });
    const answer = await call(client, 'POST', '/api/v1/internal/user/data-export');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="kundenportal-meine-daten-\d{4}-\d{2}-\d{2}\.json"$/);
    const exported = answer.body as { format: string; customer: { id: string }; data: Record<string, unknown> };
    expect(exported.format).toBe('kundenportal-datenexport/1');
    expect(exported.customer.id).toBe(customer.sub);
    expect(exported.data.signIn).toMatchObject({ id: customer.sub, email: customer.email });
    expect(exported.data.activity).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'LOGIN', detail: { phase: 'PROJECT' } }), expect.objectContaining({ type: 'PASSWORD_CHANGE' })]));
    expect(exported.data.mails).toEqual(expect.arrayContaining([expect.objectContaining({ subject: 'Dein Passwort im Kundenportal wurde geändert' })]));
    expect(Object.keys(exported.data)).toEqual(expect.arrayContaining(['messages', 'projects', 'newsletter', 'account', 'signing', 'meterChange', 'linking', 'reminders']));
  });
});
