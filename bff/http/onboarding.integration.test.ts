import { afterEach, describe, expect, it } from 'vitest';
import { TWO_FACTOR } from '../contracts/onboarding.ts';
import type { BrowserLikeClient } from '../../tests/support/browser-like-client.ts';
import { identityAdminHeaders } from '../../tests/support/identity-admin.ts';
import { jsonCall } from '../../tests/support/json-call.ts';
import { waitForMail, type SandboxMail } from '../../tests/support/mailbox.ts';
import { signedInClient, signInAnywhere } from '../../tests/support/sign-in.ts';
import type { TestCustomer } from '../../tests/support/test-data.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

const logLines: string[] = [];

const { portal, data } = usePortal({ logLines });
afterEach(async () => {
  await fetch(`${portal.sandboxUrl}/oidc/admin/_control/faults`, { method: 'DELETE' });
});

const call = (client: BrowserLikeClient, method: string, path: string, body?: unknown) => jsonCall(portal.url, client, method, path, body);
const codeOf = (mail: SandboxMail) => {
  const code = /Dein Bestätigungscode\n- (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in "${mail.subject}"`);
  return code;
};
const admin = async (sub: string) =>
  fetch(`${portal.config.services.identityAdmin.url}/users/${encodeURIComponent(sub)}`, { headers: await identityAdminHeaders(portal.config) }).then((r) => r.json() as Promise<Record<string, unknown>>);
/** Lets time pass for the pending code: it was created `seconds` ago. */
const ageCode = (sub: string, seconds: number) => portal.knex('users').where({ userId: sub }).update({ twoFaCodeCreatedAt: new Date(Date.now() - seconds * 1000) });

/** A newly registered customer's first sign-in, asking for `path`: answers the client, the URL and the MFA mail. */
async function firstSignIn(path = '/home/app/messages') {
  const customer = await data.customer({ onboarded: false, customerNumber: null, givenName: 'Mehmet', familyName: 'Testkunde' });
  const since = new Date();
  const { client, url } = await signInAnywhere(portal.url, customer, `/api/auth/login?returnTo=${encodeURIComponent(path)}`);
  const mail = await waitForMail(portal.sandboxUrl, customer.email, since);
  return { customer, client, url, mail };
}

const validBaseData = { salutation: 'MR', firstName: 'Mehmet', lastName: 'Yılmaz', phone: '+49 221 555 123', street: 'Domstraße', houseNumber: '12a', zip: '50667', city: 'Köln', preferredContact: 'PHONE' };

describe('first sign-in: onboarding', () => {
  it('lands on the two-factor page with the page asked for as returnTo and a code in the mailbox; only its hash is stored', async () => {
    const { customer, url, mail } = await firstSignIn('/home/app/messages');
    expect(url.pathname).toBe('/onboarding/two-factor');
    expect(url.searchParams.get('returnTo')).toBe('/home/app/messages');
    expect(mail.subject).toBe('Dein Bestätigungscode für das Kundenportal');
    const code = codeOf(mail);
    expect(mail.text).toContain('/home/dashboard');
    expect(mail.text).not.toContain(`dashboard?${code}`);

    const user = await portal.knex('users').where({ userId: customer.sub }).first();
    expect(user.twoFaCode).toMatch(/^[0-9a-f]{64}$/);
    expect(user.twoFaCode).not.toContain(code);
    const activity = await portal.knex('activity_log').where({ userId: customer.sub, type: 'MFA_EMAIL_SENT' });
    expect(activity).toHaveLength(1);
    const logged = await portal.knex('mail_log').where({ activityLogId: activity[0].id }).first();
    expect(`${logged.text}${logged.html}`).not.toContain(code);
    expect(logLines.join('\n')).not.toContain(code);
  });

  it('the page guard keeps the customer on the open step and never lets a later step be skipped', async () => {
    const { client } = await firstSignIn();
    for (const path of ['/home/app/profile', '/home/dashboard', '/onboarding/tour', '/onboarding/base-data']) {
      const response = await client.request(`${portal.url}${path}`);
      expect(response.status, path).toBe(302);
      const location = new URL(response.headers.get('location') ?? '', portal.url);
      expect(location.pathname, path).toBe('/onboarding/two-factor');
      expect(location.searchParams.get('returnTo'), path).toBe(path.startsWith('/onboarding') ? '/home/dashboard' : path);
    }
    // A hostile returnTo is refused by the one redirect rule.
    const hostile = await client.request(`${portal.url}/onboarding/tour?returnTo=${encodeURIComponent('//evil.example/x')}`);
    expect(new URL(hostile.headers.get('location') ?? '', portal.url).searchParams.get('returnTo')).toBe('/home/dashboard');
    // The API stays reachable (the two-factor page's own calls), public pages too.
    expect((await client.request(`${portal.url}/onboarding/two-factor`)).status).toBe(200);
    expect((await client.request(`${portal.url}/privacy-policy`)).status).toBe(200);
    // Deleting the account needs no finished onboarding.
    expect((await client.request(`${portal.url}/home/app/settings/delete-account`)).status).toBe(200);
  });

  it('"Weiter" (a GET) brings the session up to date only when clicked on the portal: another site can only lead on', async () => {
    const { customer, client } = await firstSignIn();
    // Finished meanwhile in another browser.
    await portal.knex('users').where({ userId: customer.sub }).update({ twoFaConfirmedAt: new Date() });
    await portal.knex('userMeta').insert({ userId: customer.sub, journeyStatus: 'CONTACT_DETAILS_COMPLETED', dashboardTourSeenAt: new Date() }).onConflict('userId').merge();
    const continueUrl = `${portal.url}/api/v1/internal/user/onboarding/continue?returnTo=${encodeURIComponent('/home/app/profile')}`;
    const guarded = async () => new URL((await client.request(`${portal.url}/home/app/profile`)).headers.get('location') ?? '/', portal.url).pathname;

    // A link or an image on another site: the session stays as it was, the page guard still holds the customer.
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { referer: 'https://evil.example/' }] as Record<string, string>[]) {
      expect((await client.request(continueUrl, { headers })).status).toBe(303);
    }
    expect(await guarded()).toBe('/onboarding/two-factor');

    const own = await client.request(continueUrl, { headers: { 'sec-fetch-site': 'same-origin' } });
    expect([own.status, own.headers.get('location')]).toEqual([303, '/home/app/profile']);
    expect((await client.request(`${portal.url}/home/app/profile`)).status).toBe(200);
  });

  it('counts wrong codes: 422 with the attempts left, the fifth kills the code (429), even the right one then', async () => {
    const { client, mail } = await firstSignIn();
    const code = codeOf(mail);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = TWO_FACTOR.maxAttempts - 1; left >= 1; left--) {
      const answer = await call(client, 'POST', '/api/v1/internal/user/two-factor/confirm', { code: wrong });
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ code: 'ONBOARDING.CODE_INVALID', attemptsLeft: left });
    }
    expect((await call(client, 'POST', '/api/v1/internal/user/two-factor/confirm', { code: wrong })).body).toMatchObject({ code: 'ONBOARDING.TOO_MANY_ATTEMPTS' });
    const right = await call(client, 'POST', '/api/v1/internal/user/two-factor/confirm', { code });
    expect(right.status).toBe(429);
  });

  it('a code expires after ten minutes', async () => {
    const { customer, client, mail } = await firstSignIn();
    await ageCode(customer.sub, TWO_FACTOR.ttlMinutes * 60 + 1);
    const answer = await call(client, 'POST', '/api/v1/internal/user/two-factor/confirm', { code: codeOf(mail) });
    expect(answer.status).toBe(410);
    expect(answer.body).toMatchObject({ code: 'ONBOARDING.CODE_EXPIRED' });
  });

  it('a resend waits longer each time (Retry-After) and replaces the code', async () => {
    const { customer, client, mail } = await firstSignIn();
    const first = codeOf(mail);
    const early = await call(client, 'POST', '/api/v1/internal/user/two-factor/send');
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ code: 'ONBOARDING.RESEND_COOLDOWN' });
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(25);
    expect(Number(early.headers.get('retry-after'))).toBeLessThanOrEqual(TWO_FACTOR.resendCooldownSeconds[0]);

    await ageCode(customer.sub, TWO_FACTOR.resendCooldownSeconds[0] + 1);
    const since = new Date();
    const second = await call(client, 'POST', '/api/v1/internal/user/two-factor/send');
    expect(second.status).toBe(200);
    const secondCode = codeOf(await waitForMail(portal.sandboxUrl, customer.email, since));
    const next = await call(client, 'POST', '/api/v1/internal/user/two-factor/send');
    expect(next.status).toBe(429);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(TWO_FACTOR.resendCooldownSeconds[0]);
    expect(Number(next.headers.get('retry-after'))).toBeLessThanOrEqual(TWO_FACTOR.resendCooldownSeconds[1]);

    // The first code is replaced by the second.
    if (first !== secondCode) expect((await call(client, 'POST', '/api/v1/internal/user/two-factor/confirm', { code: first })).status).toBe(422);
    expect((await call(client, 'POST', '/api/v1/internal/user/two-factor/confirm', { code: secondCode })).status).toBe(200);
  });

  it('walks the whole onboarding and lands on the page asked for; each step is logged once', async () => {
    const { customer, client, mail } = await firstSignIn('/home/app/messages');

    const confirmed = await call(client, 'POST', '/api/v1/internal/user/two-factor/confirm?returnTo=%2Fhome%2Fapp%2Fmessages', { code: ` ${codeOf(mail).slice(0, 3)} ${codeOf(mail).slice(3)} ` });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ next: '/onboarding/base-data?returnTo=%2Fhome%2Fapp%2Fmessages' });
    expect(await portal.knex('activity_log').where({ userId: customer.sub, type: 'TWO_FA_CODE_CONFIRMED' })).toHaveLength(1);
    expect(await admin(customer.sub)).toMatchObject({ emailVerified: true });
    expect((await call(client, 'GET', '/api/auth/me')).body).toMatchObject({ emailVerified: true });
    // Confirmed: the guard now holds the customer on the base data.
    expect(new URL((await client.request(`${portal.url}/home/app/profile`)).headers.get('location') ?? '', portal.url).pathname).toBe('/onboarding/base-data');

    const invalid = await call(client, 'POST', '/api/v1/internal/user/base-data', { ...validBaseData, zip: '123', phone: 'abc', city: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'ONBOARDING.BASE_DATA_INVALID' });
    expect(String(invalid.body?.problems).split(',').sort()).toEqual(['city:required', 'phone:format', 'zip:format']);
    // Mass assignment: a field the form does not have is refused.
    expect((await call(client, 'POST', '/api/v1/internal/user/base-data', { ...validBaseData, customerNumber: '700100' })).status).toBe(400);

    const saved = await call(client, 'POST', '/api/v1/internal/user/base-data?returnTo=%2Fhome%2Fapp%2Fmessages', validBaseData);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ baseData: { phone: '+49221555123', lastName: 'Yılmaz' }, next: '/onboarding/tour?returnTo=%2Fhome%2Fapp%2Fmessages' });
    expect(await admin(customer.sub)).toMatchObject({ firstName: 'Mehmet', lastName: 'Yılmaz' });
    expect((await call(client, 'GET', '/api/auth/me')).body).toMatchObject({ lastName: 'Yılmaz' });
    expect(await portal.knex('user_meta').where({ userId: customer.sub }).first()).toMatchObject({ journeyStatus: 'CONTACT_DETAILS_COMPLETED' });

    const toured = await call(client, 'POST', '/api/v1/internal/user/tour?returnTo=%2Fhome%2Fapp%2Fmessages');
    expect(toured.body).toEqual({ next: '/home/app/messages' });
    await call(client, 'POST', '/api/v1/internal/user/tour');
    expect(await portal.knex('activity_log').where({ userId: customer.sub, type: 'DASHBOARD_TOUR_SEEN' })).toHaveLength(1);
    expect((await client.request(`${portal.url}/home/app/profile`)).status).toBe(200);
  });

  it('the plain forms of the pages work without JavaScript and go back with the error', async () => {
    const { client, mail } = await firstSignIn('/home/app/profile');
    const post = (path: string, fields: Record<string, string>) =>
      client.request(`${portal.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' }, body: new URLSearchParams(fields).toString() });
    const wrong = await post('/api/v1/internal/user/two-factor/confirm', { code: '12', returnTo: '/home/app/profile' });
    expect(wrong.status).toBe(303);
    const back = new URL(wrong.headers.get('location') ?? '', portal.url);
    expect(back.pathname).toBe('/onboarding/two-factor');
    expect(back.searchParams.get('error')).toBe('VALIDATION');
    expect(back.searchParams.get('returnTo')).toBe('/home/app/profile');

    const right = await post('/api/v1/internal/user/two-factor/confirm', { code: codeOf(mail), returnTo: '/home/app/profile' });
    expect(right.headers.get('location')).toBe('/onboarding/base-data?returnTo=%2Fhome%2Fapp%2Fprofile');

    const bad = await post('/api/v1/internal/user/base-data', { ...validBaseData, zip: '0123', returnTo: '/home/app/profile', from: '/onboarding/base-data' });
    const badBack = new URL(bad.headers.get('location') ?? '', portal.url);
    expect([badBack.searchParams.get('fields'), badBack.searchParams.get('form'), badBack.hash]).toEqual(['zip:format', 'base-data', '#base-data-errors']);
    // What was typed comes back, so nothing is lost, through the session (the form flash), never in the address
    // (access logs, history, Referer): the page shows it once.
    expect(bad.headers.get('location')).not.toMatch(/Dom|Mehmet|555|v_/);
    const shown = (await (await client.request(badBack.href)).json()) as { locals: { formFlash: { page: string; form: string; values: Record<string, string> } | null } };
    expect(shown.locals.formFlash).toEqual({ page: '/onboarding/base-data', form: 'base-data', values: { ...validBaseData, zip: '0123' } });
    const again = (await (await client.request(badBack.href)).json()) as { locals: { formFlash: unknown } };
    expect(again.locals.formFlash).toBeNull();
    const good = await post('/api/v1/internal/user/base-data', { ...validBaseData, returnTo: '/home/app/profile', from: '/onboarding/base-data' });
    expect(good.headers.get('location')).toBe('/onboarding/tour?returnTo=%2Fhome%2Fapp%2Fprofile');
    const tour = await post('/api/v1/internal/user/tour', { returnTo: '/home/app/profile' });
    expect(tour.headers.get('location')).toBe('/home/app/profile');
  });

  it('PATCH /user/journey moves only forward', async () => {
    const customer = await data.customer();
    const client = await signedInClient(portal.url, customer);
    expect((await call(client, 'PATCH', '/api/v1/internal/user/journey', { journeyStatus: 'LEAD_PHASE_TOUR_SEEN' })).body).toEqual({ journeyStatus: 'LEAD_PHASE_TOUR_SEEN' });
    const back = await call(client, 'PATCH', '/api/v1/internal/user/journey', { journeyStatus: 'REGISTERED' });
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({ code: 'ONBOARDING.JOURNEY_BACKWARDS', journeyStatus: 'LEAD_PHASE_TOUR_SEEN' });
    expect((await call(client, 'PATCH', '/api/v1/internal/user/journey', { journeyStatus: 'LEAD_PHASE_TOUR_SEEN' })).status).toBe(200);
    expect((await call(client, 'PATCH', '/api/v1/internal/user/journey', { journeyStatus: 'SOMETHING' })).status).toBe(400);
  });
});

describe('customers who count as onboarded', () => {
  it('test customers (the provider marks them) and the demo customers land on their page at once', async () => {
    const customer: TestCustomer = await data.customer();
    const { url } = await signInAnywhere(portal.url, customer, `/api/auth/login?returnTo=${encodeURIComponent('/home/app/profile')}`);
    expect(url.pathname).toBe('/home/app/profile');
    const row = await portal.knex('users').where({ userId: customer.sub }).first();
    expect(row.twoFaConfirmedAt).not.toBeNull();
    // Marked as onboarded, not as having done it: no TWO_FA_CODE_CONFIRMED or tour activity.
    expect(await portal.knex('activity_log').where({ userId: customer.sub }).whereIn('type', ['TWO_FA_CODE_CONFIRMED', 'DASHBOARD_TOUR_SEEN', 'MFA_EMAIL_SENT'])).toEqual([]);

    const anna = await signInAnywhere(portal.url, { email: 'anna.schmidt@example.de', password: 'Sonne2026!' });
    expect(anna.url.pathname).toBe('/home/dashboard');
  });
});

describe('the identity provider reports to the portal', () => {
  it('a passwordless sign-in code is logged as PASSWORDLESS_LOGIN_CODE with origin IDENTITY_PROVIDER; forged events are refused', async () => {
    const customer = await data.customer();
    await signedInClient(portal.url, customer);
    const since = new Date();
    const { BrowserLikeClient: Client, readForm } = await import('../../tests/support/browser-like-client.ts');
    const browser = new Client();
    const start = await browser.follow(`${portal.url}/api/auth/login`);
    const loginPage = start.url;
    const passwordless = await browser.follow(`${loginPage}/passwordless`);
    const action = new URL(readForm(await passwordless.response.text()).action, loginPage).href;
    await browser.request(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: customer.email }).toString() });
    const code = /Dein Code: (\d{6})/.exec((await waitForMail(portal.sandboxUrl, customer.email, since)).text)?.[1] ?? '';
    const done = await browser.follow(`${action}/code`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: customer.email, code }).toString() });
    expect(new URL(done.url).pathname).toBe('/home/dashboard');
    await expect.poll(() => portal.knex('activity_log').where({ userId: customer.sub, type: 'PASSWORDLESS_LOGIN_CODE' }).first()).toMatchObject({ origin: 'IDENTITY_PROVIDER', username: customer.email });

    const forged = await fetch(`${portal.url}/api/identity/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-identity-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      body: JSON.stringify({ event: 'account.blocked', data: { userId: customer.sub, email: customer.email } }),
    });
    expect(forged.status).toBe(401);
  });
});
