import { afterEach, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_TTL_HOURS } from '../contracts/account.ts';
import type { BrowserLikeClient } from '../../tests/support/browser-like-client.ts';
import { identityAdminHeaders } from '../../tests/support/identity-admin.ts';
import { jsonCall } from '../../tests/support/json-call.ts';
import { mailsTo, waitForMail } from '../../tests/support/mailbox.ts';
import { openPasswordScreen, signedInClient, signInAnywhere, submitPasswordScreen } from '../../tests/support/sign-in.ts';
import { createRequestContext } from '../domain/request-context.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

const logLines: string[] = [];

const { portal, data } = usePortal({ logLines });
afterEach(async () => {
  await fetch(`${portal.sandboxUrl}/marketing/_control/faults`, { method: 'DELETE' });
  await fetch(`${portal.sandboxUrl}/oidc/admin/_control/faults`, { method: 'DELETE' });
});

const call = (client: BrowserLikeClient, method: string, path: string, body?: unknown) => jsonCall(portal.url, client, method, path, body);
const admin = async (sub: string) =>
  fetch(`${portal.config.services.identityAdmin.url}/users/${encodeURIComponent(sub)}`, { headers: await identityAdminHeaders(portal.config) }).then((r) => r.json() as Promise<Record<string, unknown>>);
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

describe('changing the password at the identity provider', () => {
  it('the settings start the provider’s update-password screen; afterwards only the new password signs in, the other sessions end, a notice goes out', async () => {
    const customer = await data.customer();
    const client = await signedInClient(portal.url, customer);
    const elsewhere = await signedInClient(portal.url, customer);
    const next = 'Neues-Sonnen-Passwort-9';

    const screen = await openPasswordScreen(client, portal.url);
    // Keycloak's application-initiated action, for the signed-in address; nothing of it is handled by the portal.
    expect(screen.authorizationUrl.searchParams.get('kc_action')).toBe('UPDATE_PASSWORD');
    expect(screen.authorizationUrl.searchParams.get('login_hint')).toBe(customer.email);
    expect(screen.url).toMatch(/\/oidc\/interaction\/[\w-]+\/password$/);
    expect(screen.html).toContain('Aktuelles Passwort');

    // A wrong current password stays at the provider, which says so.
    const wrong = await submitPasswordScreen(client, screen.url, { current: 'falsch', new: next, repeat: next });
    expect(wrong.url.href).toBe(screen.url);
    expect(await wrong.response.text()).toContain('Dein aktuelles Passwort stimmt nicht.');

    const since = new Date();
    const done = await submitPasswordScreen(client, screen.url, { current: customer.password, new: next, repeat: next });
    expect(done.url.pathname + done.url.search).toBe('/home/app/settings?done=PASSWORD_CHANGED');
    expect(done.visited.some((url) => new URL(url).searchParams.get('kc_action_status') === 'success')).toBe(true);
    expect((await waitForMail(portal.sandboxUrl, customer.email, since)).subject).toBe('Dein Passwort im Kundenportal wurde geändert');
    expect(await portal.knex('activity_log').where({ userId: customer.sub, type: 'PASSWORD_CHANGE' })).toHaveLength(1);
    expect((await call(client, 'GET', '/api/auth/me')).status).toBe(200);
    expect((await call(elsewhere, 'GET', '/api/auth/me')).status).toBe(204);
    expect(logLines.join('\n')).not.toContain(next);

    expect((await signInAnywhere(portal.url, { email: customer.email, password: next })).url.pathname).toBe('/home/dashboard');
    expect((await signInAnywhere(portal.url, { email: customer.email, password: customer.password })).url.pathname).not.toBe('/home/dashboard');
  });

  it('Abbrechen at the provider comes back as "unchanged" and ends nothing', async () => {
    const customer = await data.customer();
    const client = await signedInClient(portal.url, customer);
    const elsewhere = await signedInClient(portal.url, customer);
    const screen = await openPasswordScreen(client, portal.url);
    const back = await submitPasswordScreen(client, screen.url, 'cancel');
    expect(back.url.pathname + back.url.search).toBe('/home/app/settings?done=PASSWORD_UNCHANGED');
    expect((await call(client, 'GET', '/api/auth/me')).status).toBe(200);
    expect((await call(elsewhere, 'GET', '/api/auth/me')).status).toBe(200);
    expect(await portal.knex('activity_log').where({ userId: customer.sub, type: 'PASSWORD_CHANGE' })).toHaveLength(0);
  });

  it('an answer the provider did not give for this change (another account, a forged status) changes nothing here', async () => {
    const customer = await data.customer();
    const client = await signedInClient(portal.url, customer);
    const elsewhere = await signedInClient(portal.url, customer);
    const screen = await openPasswordScreen(client, portal.url);
    // The callback with a status but without the provider's code: refused, the other session stays.
    const state = screen.authorizationUrl.searchParams.get('state') ?? '';
    const forged = await client.follow(`${portal.url}/api/auth/callback?${new URLSearchParams({ state, kc_action_status: 'success' })}`);
    expect(new URL(forged.url).search).toBe('?error=ACCOUNT.PASSWORD_NOT_CHANGED&form=password');
    expect((await call(elsewhere, 'GET', '/api/auth/me')).status).toBe(200);
    expect((await call(client, 'GET', '/api/auth/me')).status).toBe(200);
  });

  it('a script gets the provider’s address; the old password check of the portal is gone', async () => {
    const customer = await data.customer();
    const client = await signedInClient(portal.url, customer);
    const answer = await call(client, 'POST', '/api/v1/internal/user/password', {});
    expect(answer.status).toBe(200);
    const location = new URL((answer.body as { location: string }).location);
    expect(location.origin + location.pathname).toBe(`${portal.sandboxUrl}/oidc/auth`);
    expect(location.searchParams.get('kc_action')).toBe('UPDATE_PASSWORD');
  });

  it('the settings know whether the account has a password (to offer "set" instead of "change")', async () => {
    const customer = await data.customer();
    const user = { id: customer.sub, email: customer.email, firstName: 'Erika', lastName: 'Test', customerNumber: customer.customerNumber, phase: 'PROJECT' as const };
    const settings = () => portal.services.account.forRequest(createRequestContext(user, undefined, 'de')).settings();
    expect((await settings()).password).toBe('SET');
    // An account the portal made (a lead's) has no password until it sets one.
    const email = `ohne-passwort-${Math.random().toString(16).slice(2, 10)}@example.de`;
    const headers = { ...(await identityAdminHeaders(portal.config)), 'content-type': 'application/json' };
    await fetch(`${portal.config.services.identityAdmin.url}/users`, { method: 'POST', headers, body: JSON.stringify({ username: email, email, firstName: 'Lena', lastName: 'Krüger' }) });
    const [made] = (await (await fetch(`${portal.config.services.identityAdmin.url}/users?${new URLSearchParams({ email, exact: 'true' })}`, { headers })).json()) as { id: string }[];
    const passwordless = await portal.services.account.forRequest(createRequestContext({ ...user, id: made?.id ?? '', email }, undefined, 'de')).settings();
    expect(passwordless.password).toBe('NONE');
    await fault('oidc/admin');
    expect((await settings()).password).toBeNull();
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
    const screen = await openPasswordScreen(client, portal.url);
    await submitPasswordScreen(client, screen.url, { current: customer.password, new: 'Neues-Sonnen-Passwort-9', repeat: 'Neues-Sonnen-Passwort-9' });
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

  it('lists every mail the customer received, also those the sign-in and newsletter services sent, and names every activity in words', async () => {
    const customer = await data.customer();
    await signedInClient(portal.url, customer);
    // A sign-in with a code by e-mail: the identity provider mails the code itself and reports it to the portal.
    const { BrowserLikeClient: Client, readForm } = await import('../../tests/support/browser-like-client.ts');
    const browser = new Client();
    const loginPage = (await browser.follow(`${portal.url}/api/auth/login`)).url;
    const action = new URL(readForm(await (await browser.follow(`${loginPage}/passwordless`)).response.text()).action, loginPage).href;
    const since = new Date();
    await browser.request(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: customer.email }).toString() });
    const code = /Dein Code: (\d{6})/.exec((await waitForMail(portal.sandboxUrl, customer.email, since)).text)?.[1] ?? '';
    await browser.follow(`${action}/code`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: customer.email, code }).toString() });
    await expect.poll(() => portal.knex('activity_log').where({ userId: customer.sub, type: 'PASSWORDLESS_LOGIN_CODE' }).first()).toBeTruthy();
    // The portal's own mail and the newsletter service's double opt-in.
    const screen = await openPasswordScreen(browser, portal.url);
    const next = 'Neues-Sonnen-Passwort-9';
    expect((await submitPasswordScreen(browser, screen.url, { current: customer.password, new: next, repeat: next })).url.searchParams.get('done')).toBe('PASSWORD_CHANGED');
    await call(browser, 'POST', '/api/v1/internal/marketing-service/event', { eventName: 'newsletter_subscribed' });
    await expect.poll(async () => (await mailsTo(portal.sandboxUrl, customer.email)).length).toBe(3);

    const exported = (await call(browser, 'POST', '/api/v1/internal/user/data-export')).body as { data: { mails: { sentBy: string; subject: string; sentAt: string }[]; activity: { type: string; name: { de: string; en: string } }[] } };
    const received = await mailsTo(portal.sandboxUrl, customer.email);
    expect(exported.data.mails).toHaveLength(received.length);
    expect(exported.data.mails.map((m) => m.sentBy).sort()).toEqual(['identityProvider', 'marketingService', 'portal']);
    expect(exported.data.mails.map((m) => m.subject)).toEqual(expect.arrayContaining(['Dein Passwort im Kundenportal wurde geändert', 'Bitte bestätige Deine Newsletter-Anmeldung']));
    expect(JSON.stringify(exported.data.mails)).not.toContain(code);
    for (const entry of exported.data.activity) {
      expect(entry.name.de, entry.type).not.toBe(entry.type);
      expect(entry.name.en, entry.type).not.toBe(entry.type);
    }
    expect(exported.data.activity).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'PASSWORDLESS_LOGIN_CODE', name: { de: 'Anmeldecode per E-Mail gesendet (Anmeldedienst)', en: 'Sign-in code sent by e-mail (sign-in service)' } })]));
  });
});
