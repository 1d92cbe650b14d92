import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '~/bff/config.ts';
import { authorizationRequest } from '~/tests/support/authorization-request.ts';
import { BrowserLikeClient, readForm } from '~/tests/support/browser-like-client.ts';
import { identityAdminHeaders } from '~/tests/support/identity-admin.ts';
import { waitForMail } from '~/tests/support/mailbox.ts';
import { sandboxWithPortal } from '~/tests/support/sandbox-with-portal.ts';
import type { SandboxHandle } from '../server.ts';
import { loadRealm } from './realm.ts';

/** Wrong passwords in a row that block: the realm file's brute-force `failureFactor`. */
const MAX_FAILURES = loadRealm(loadConfig({ NODE_ENV: 'test' })).lockoutAfter;

/** Sign-in help and the admin API of the sandbox identity provider (docs/account.md). */
describe('sandbox identity provider: sign-in help and admin API', () => {
  let sandbox: SandboxHandle;
  let config: Config;
  let close: (() => Promise<void>) | undefined;
  const events: { event: string; data: Record<string, unknown>; signed: boolean }[] = [];
  const password = 'Test-Sonne-2026!';

  /** The portal's check of `t=…,v1=…` (HMAC-SHA256 of "<t>.<raw body>"), written out here: the sandbox imports no BFF code. */
  const signed = (raw: Buffer, header: string | undefined) => {
    const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
    return parts.v1 === createHmac('sha256', config.IDENTITY_WEBHOOK_SECRET).update(`${parts.t}.`).update(raw).digest('hex');
  };

  beforeAll(async () => {
    // A stand-in for the portal's event endpoint, checking the signature the way the portal does (back-channel logouts
    // are answered and otherwise left to sessions.test.ts).
    ({ sandbox, config, close } = await sandboxWithPortal({
      name: 'oidc-help',
      portalEnv: (url) => ({ PUBLIC_URL: url }),
      answer: ({ url, raw, headers }, res) => {
        if (url !== '/api/identity/events') return void res.writeHead(200).end();
        const body = JSON.parse(raw.toString('utf8')) as { event: string; data: Record<string, unknown> };
        events.push({ ...body, signed: signed(raw, headers['x-identity-signature'] as string | undefined) });
        res.writeHead(204).end();
      },
    }));
  });

  afterAll(() => close?.());

  const admin = async (pathname: string, init: RequestInit & { json?: unknown } = {}) =>
    fetch(`${sandbox.issuer}/admin/realms/kundenportal${pathname}`, {
      ...init,
      headers: { ...(await identityAdminHeaders({ ...config, oidcIssuer: sandbox.issuer })), ...(init.json === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });

  async function newAccount(extra: Record<string, unknown> = {}) {
    const email = `hilfe-${randomBytes(4).toString('hex')}@example.de`;
    const res = await fetch(`${sandbox.issuer}/_control/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, givenName: 'Erika', familyName: 'Test', customerNumber: null, ...extra }),
    });
    const { sub } = (await res.json()) as { sub: string };
    return { sub, email };
  }

  /** Opens the provider's login page for a fresh authorization request; answers the page's URL. */
  async function loginPage(browser: BrowserLikeClient, loginHint?: string): Promise<string> {
    const res = await browser.request(authorizationRequest(`${sandbox.issuer}/auth`, config, loginHint ? { login_hint: loginHint } : {}).url);
    return new URL(res.headers.get('location') ?? '', sandbox.issuer).href;
  }

  const post = (browser: BrowserLikeClient, url: string, fields: Record<string, string>) =>
    browser.request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

  describe('admin API (Keycloak shape)', () => {
    it('takes only a client-credentials token of the realm’s service account', async () => {
      const url = `${sandbox.issuer}/admin/realms/kundenportal/users?email=anna.schmidt@example.de`;
      expect((await fetch(url)).status).toBe(401);
      // The fixed token the portal used to send, and a made-up one, are refused.
      expect((await fetch(url, { headers: { authorization: 'Bearer local-development-identity-admin-token' } })).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: `Bearer ${randomBytes(32).toString('base64url')}` } })).status).toBe(401);
      expect((await fetch(url, { headers: await identityAdminHeaders({ ...config, oidcIssuer: sandbox.issuer }) })).status).toBe(200);
      // The portal's own client cannot get such a token, nor can a wrong secret.
      await expect(identityAdminHeaders({ ...config, oidcIssuer: sandbox.issuer, IDENTITY_ADMIN_CLIENT_ID: config.OIDC_CLIENT_ID, identityAdminClientSecret: config.oidcClientSecret })).rejects.toThrow(/40[01]/);
      await expect(identityAdminHeaders({ ...config, oidcIssuer: sandbox.issuer, identityAdminClientSecret: 'ein-falsches-geheimnis-0000' })).rejects.toThrow(/401/);
    });

    it('finds a user by e-mail and changes e-mail, name and the verified flag; a taken address is 409', async () => {
      const { sub, email } = await newAccount();
      const found = (await (await admin(`/users?${new URLSearchParams({ email: email.toUpperCase(), exact: 'true' })}`)).json()) as { id: string }[];
      expect(found).toEqual([expect.objectContaining({ id: sub, email, firstName: 'Erika', enabled: true })]);

      const newEmail = `neu-${randomBytes(3).toString('hex')}@example.de`;
      expect((await admin(`/users/${encodeURIComponent(sub)}`, { method: 'PUT', json: { email: newEmail, emailVerified: true, lastName: 'Neu' } })).status).toBe(204);
      expect(await (await admin(`/users/${encodeURIComponent(sub)}`)).json()).toMatchObject({ email: newEmail, lastName: 'Neu', emailVerified: true });

      const taken = await admin(`/users/${encodeURIComponent(sub)}`, { method: 'PUT', json: { email: 'anna.schmidt@example.de' } });
      expect(taken.status).toBe(409);
      expect((await admin(`/users/${encodeURIComponent(sub)}`, { method: 'PUT', json: { role: 'admin' } })).status).toBe(400);
    });

    it('sets a new password by the realm’s policy, lists the password credential, and deletes the user (sign-in fails afterwards)', async () => {
      const { sub, email } = await newAccount();
      const signsIn = async (value: string) => {
        const browser = new BrowserLikeClient();
        return (await post(browser, `${await loginPage(browser)}/login`, { email, password: value })).status === 303;
      };
      expect(await (await admin(`/users/${encodeURIComponent(sub)}/credentials`)).json()).toEqual([expect.objectContaining({ type: 'password' })]);
      expect((await admin(`/users/${encodeURIComponent(sub)}/reset-password`, { method: 'PUT', json: { type: 'password', value: 'kurz', temporary: false } })).status).toBe(400);
      expect((await admin(`/users/${encodeURIComponent(sub)}/reset-password`, { method: 'PUT', json: { type: 'password', value: email, temporary: false } })).status).toBe(400);
      expect((await admin(`/users/${encodeURIComponent(sub)}/reset-password`, { method: 'PUT', json: { type: 'password', value: 'Neues-Passwort-2026', temporary: false } })).status).toBe(204);
      expect(await signsIn(password)).toBe(false);
      expect(await signsIn('Neues-Passwort-2026')).toBe(true);

      expect((await admin(`/users/${encodeURIComponent(sub)}`, { method: 'DELETE' })).status).toBe(204);
      expect((await admin(`/users/${encodeURIComponent(sub)}`)).status).toBe(404);
      const browser = new BrowserLikeClient();
      const page = await loginPage(browser);
      const res = await post(browser, `${page}/login`, { email, password: 'Neues-Passwort-2026' });
      expect(await res.text()).toContain('E-Mail-Adresse oder Passwort ist falsch.');
    });

    it('an account disabled by an administrator is refused even with the right password', async () => {
      const { sub, email } = await newAccount();
      await admin(`/users/${encodeURIComponent(sub)}`, { method: 'PUT', json: { enabled: false } });
      const browser = new BrowserLikeClient();
      const res = await post(browser, `${await loginPage(browser)}/login`, { email, password });
      expect(await res.text()).toContain('Dein Konto ist gesperrt. Bitte wende Dich an unseren Kundenservice.');
    });

    it('creates a passwordless account with realm roles (the portal’s lead), changes its attributes and swaps its roles', async () => {
      const email = `lead-${randomBytes(4).toString('hex')}@example.de`;
      const user = { username: email, email, firstName: 'Lena', lastName: 'Krüger', enabled: true, emailVerified: false, attributes: { phone: ['+491711234567'], phase: ['LEAD'] } };
      const created = await admin('/users', { method: 'POST', json: user });
      expect(created.status).toBe(201);
      expect((await admin('/users', { method: 'POST', json: user })).status).toBe(409);
      const [found] = (await (await admin(`/users?${new URLSearchParams({ email, exact: 'true' })}`)).json()) as { id: string; attributes: Record<string, string[]> }[];
      expect(created.headers.get('location')).toContain(encodeURIComponent(found?.id ?? ''));
      expect(found?.attributes).toMatchObject({ phone: ['+491711234567'], phase: ['LEAD'], customerNumber: [] });
      const id = encodeURIComponent(found?.id ?? '');
      // The roles it can get, with the ids role mappings want (Keycloak: needs view-users only).
      const role = async (name: string) => ((await (await admin(`/users/${id}/role-mappings/realm/available`)).json()) as { id: string; name: string }[]).find((r) => r.name === name);
      expect(await role('rol_gibt_es_nicht')).toBeUndefined();
      expect((await admin(`/users/${id}/role-mappings/realm`, { method: 'POST', json: [await role(config.LEAD_ROLE_ID)] })).status).toBe(204);
      const roles = async () => ((await (await admin(`/users/${id}/role-mappings/realm`)).json()) as { name: string }[]).map((r) => r.name);
      expect(await roles()).toEqual([config.LEAD_ROLE_ID]);
      expect(await role(config.LEAD_ROLE_ID)).toBeUndefined();
      // No password: no credential.
      expect(await (await admin(`/users/${id}/credentials`)).json()).toEqual([]);

      expect((await admin(`/users/${id}`, { method: 'PUT', json: { attributes: { ...found?.attributes, phase: ['PROJECT'], customerNumber: ['781234'] } } })).status).toBe(204);
      await admin(`/users/${id}/role-mappings/realm`, { method: 'POST', json: [await role(config.CUSTOMER_ROLE_ID)] });
      await admin(`/users/${id}/role-mappings/realm`, { method: 'DELETE', json: [{ name: config.LEAD_ROLE_ID }] });
      expect(await roles()).toEqual([config.CUSTOMER_ROLE_ID]);
      expect(await (await admin(`/users/${id}`)).json()).toMatchObject({ attributes: { phase: ['PROJECT'], customerNumber: ['781234'], phone: ['+491711234567'] } });
    });

    it('sends a hinted account without a password straight to the e-mail code, which signs in and verifies the address', async () => {
      const email = `lead-${randomBytes(4).toString('hex')}@example.de`;
      await admin('/users', { method: 'POST', json: { username: email, email, firstName: 'Lena', lastName: 'Krüger', emailVerified: false, attributes: { phase: ['LEAD'] } } });
      const browser = new BrowserLikeClient();
      const page = await loginPage(browser, email);
      const first = await browser.request(page);
      expect(first.status).toBe(303);
      const codeScreen = new URL(first.headers.get('location') ?? '', sandbox.issuer).href;
      const html = await (await browser.request(codeScreen)).text();
      expect(html).toContain('Mit Code anmelden');
      expect(html).toContain(`value="${email}"`);
      // The way back to the password form does not loop to the code screen.
      expect((await browser.request(`${page}?view=login`)).status).toBe(200);
      // A customer's hinted address keeps the password form.
      const customer = await newAccount();
      const other = new BrowserLikeClient();
      expect((await other.request(await loginPage(other, customer.email))).status).toBe(200);

      const since = new Date();
      await post(browser, `${page}/passwordless`, { email });
      const code = /Dein Code: (\d{6})/.exec((await waitForMail(sandbox.url, email, since)).text)?.[1] ?? '';
      expect((await post(browser, `${page}/passwordless/code`, { email, code })).status).toBe(303);
      const [found] = (await (await admin(`/users?${new URLSearchParams({ email, exact: 'true' })}`)).json()) as { emailVerified: boolean }[];
      expect(found?.emailVerified).toBe(true);
    });

    it('answers 503 when a test switches the fault on', async () => {
      await fetch(`${sandbox.issuer}/admin/_control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'fail' }) });
      expect((await admin('/users?email=anna.schmidt@example.de')).status).toBe(503);
      await fetch(`${sandbox.issuer}/admin/_control/faults`, { method: 'DELETE' });
      expect((await admin('/users?email=anna.schmidt@example.de')).status).toBe(200);
    });
  });

  describe('blocking after wrong passwords', () => {
    it(`blocks after ${MAX_FAILURES} wrong passwords, mails the notice with an unblock link, and the link unblocks`, async () => {
      const { sub, email } = await newAccount();
      const since = new Date();
      const browser = new BrowserLikeClient();
      const page = await loginPage(browser);
      for (let i = 1; i < MAX_FAILURES; i++) {
        expect(await (await post(browser, `${page}/login`, { email, password: `falsch-${i}` })).text()).toContain('E-Mail-Adresse oder Passwort ist falsch.');
      }
      expect(await (await post(browser, `${page}/login`, { email, password: 'falsch-5' })).text()).toContain('Dein Konto ist jetzt gesperrt');
      // Blocked: even the right password is refused.
      expect(await (await post(browser, `${page}/login`, { email, password })).text()).toContain('Dein Konto ist nach zu vielen Fehlversuchen gesperrt');
      expect(await (await admin(`/attack-detection/brute-force/users/${encodeURIComponent(sub)}`)).json()).toMatchObject({ disabled: true, numFailures: MAX_FAILURES });

      const mail = await waitForMail(sandbox.url, email, since);
      expect(mail.subject).toBe('Dein Konto im Kundenportal ist gesperrt');
      const link = /Konto entsperren: (\S+)/.exec(mail.text)?.[1] ?? '';
      expect(link).toContain('/oidc/unblock?token=');

      // Opening the link changes nothing (mail scanners open links); the button does.
      const confirmPage = await browser.request(link);
      expect(await confirmPage.text()).toContain('Konto entsperren');
      expect(await (await admin(`/attack-detection/brute-force/users/${encodeURIComponent(sub)}`)).json()).toMatchObject({ disabled: true });
      const token = new URL(link).searchParams.get('token') ?? '';
      const unblocked = await post(browser, `${sandbox.issuer}/unblock`, { token });
      expect(await unblocked.text()).toContain('Dein Konto ist entsperrt');
      // Single use.
      expect((await post(browser, `${sandbox.issuer}/unblock`, { token })).status).toBe(410);

      const again = new BrowserLikeClient();
      const res = await post(again, `${await loginPage(again)}/login`, { email, password });
      expect(res.status).toBe(303);

      await expect.poll(() => events.find((e) => e.event === 'account.blocked' && e.data.userId === sub)).toMatchObject({ signed: true, data: { email } });
    });

    it('writes the notice in the account\'s language (Keycloak\'s locale attribute, which the portal sets)', async () => {
      const { sub, email } = await newAccount();
      const current = (await (await admin(`/users/${encodeURIComponent(sub)}`)).json()) as { attributes: Record<string, string[]> };
      expect((await admin(`/users/${encodeURIComponent(sub)}`, { method: 'PUT', json: { attributes: { ...current.attributes, locale: ['en'] } } })).status).toBe(204);
      expect(await (await admin(`/users/${encodeURIComponent(sub)}`)).json()).toMatchObject({ attributes: { locale: ['en'] } });
      const since = new Date();
      const browser = new BrowserLikeClient();
      const page = await loginPage(browser);
      for (let i = 1; i <= MAX_FAILURES; i++) await post(browser, `${page}/login`, { email, password: `falsch-${i}` });
      const mail = await waitForMail(sandbox.url, email, since);
      expect(mail.subject).toBe('Your customer portal account is locked');
      expect(mail.text).toContain('Hello Erika,');
      expect(mail.text).toMatch(/Unlock account: \S+\/oidc\/unblock\?token=/);
    });

    it('an unknown address is "blocked" exactly like a real one, and nobody gets a mail', async () => {
      const email = `niemand-${randomBytes(3).toString('hex')}@example.de`;
      const browser = new BrowserLikeClient();
      const page = await loginPage(browser);
      let last = '';
      for (let i = 0; i < MAX_FAILURES; i++) last = await (await post(browser, `${page}/login`, { email, password: 'falsch' })).text();
      expect(last).toContain('Dein Konto ist jetzt gesperrt');
      const mails = (await (await fetch(`${sandbox.url}/mailbox/api/messages?to=${encodeURIComponent(email)}`)).json()) as { messages: unknown[] };
      expect(mails.messages).toEqual([]);
    });

    it('the admin API unblocks a blocked account', async () => {
      const { sub, email } = await newAccount();
      const browser = new BrowserLikeClient();
      const page = await loginPage(browser);
      for (let i = 0; i < MAX_FAILURES; i++) await post(browser, `${page}/login`, { email, password: 'falsch' });
      expect((await admin(`/attack-detection/brute-force/users/${encodeURIComponent(sub)}`, { method: 'DELETE' })).status).toBe(204);
      expect((await post(browser, `${page}/login`, { email, password })).status).toBe(303);
    });
  });

  describe('sign-in with an e-mail code', () => {
    async function requestCode(browser: BrowserLikeClient, email: string) {
      const page = await loginPage(browser);
      const html = await (await browser.request(page)).text();
      const link = /<a href="([^"]+\/passwordless)">Ohne Passwort anmelden/.exec(html)?.[1] ?? '';
      expect(link).not.toBe('');
      const form = await (await browser.request(new URL(link, sandbox.issuer).href)).text();
      const action = new URL(readForm(form).action, sandbox.issuer).href;
      const res = await post(browser, action, { email });
      return { page, action, html: await res.text(), status: res.status };
    }

    it('mails a six-digit code that signs the customer in once; the provider reports it to the portal', async () => {
      const { sub, email } = await newAccount();
      const since = new Date();
      const browser = new BrowserLikeClient();
      const { action, html } = await requestCode(browser, email);
      expect(html).toContain('Code eingeben');
      const mail = await waitForMail(sandbox.url, email, since);
      const code = /Dein Code: (\d{6})/.exec(mail.text)?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);

      const wrong = await post(browser, `${action}/code`, { email, code: code === '000000' ? '111111' : '000000' });
      expect(await wrong.text()).toContain('Du hast noch 4 Versuche.');
      const ok = await post(browser, `${action}/code`, { email, code });
      expect(ok.status).toBe(303);
      // Single use: the same code in a new login is refused.
      const browser2 = new BrowserLikeClient();
      const page2 = await loginPage(browser2);
      expect(await (await post(browser2, `${page2}/passwordless/code`, { email, code })).text()).toContain('keinen gültigen Code');
      // A new code for the same address only after the cooldown.
      expect((await requestCode(browser2, email)).html).toContain('Code eingeben');
      expect((await requestCode(browser2, email)).html).toContain('Wir haben Dir gerade erst einen Code geschickt');
      await expect.poll(() => events.find((e) => e.event === 'passwordless.code_sent' && e.data.userId === sub)).toMatchObject({ signed: true });
    });

    it('five wrong codes kill the code; an unknown address gets the same pages and no mail', async () => {
      const { email } = await newAccount();
      const browser = new BrowserLikeClient();
      const { action } = await requestCode(browser, email);
      let last = '';
      for (let i = 0; i < 5; i++) last = await (await post(browser, `${action}/code`, { email, code: '999999' })).text();
      expect(last).toMatch(/zu oft falsch|stimmt nicht/);
      expect(await (await post(browser, `${action}/code`, { email, code: '999999' })).text()).toContain('keinen gültigen Code');

      const unknown = `unbekannt-${randomBytes(3).toString('hex')}@example.de`;
      const other = new BrowserLikeClient();
      const result = await requestCode(other, unknown);
      expect(result.html).toContain('Code eingeben');
      const mails = (await (await fetch(`${sandbox.url}/mailbox/api/messages?to=${encodeURIComponent(unknown)}`)).json()) as { messages: unknown[] };
      expect(mails.messages).toEqual([]);
    });
  });
});
