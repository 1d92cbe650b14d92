import { randomBytes } from 'node:crypto';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '~/bff/config.ts';
import { EMAIL_CODE_SCOPE, UPDATE_PASSWORD_ACTION } from '~/bff/contracts/auth.ts';
import { authorizationRequest } from '~/tests/support/authorization-request.ts';
import { BrowserLikeClient } from '~/tests/support/browser-like-client.ts';
import { identityAdminHeaders } from '~/tests/support/identity-admin.ts';
import { waitForMail } from '~/tests/support/mailbox.ts';
import { sandboxWithPortal } from '~/tests/support/sandbox-with-portal.ts';
import type { SandboxHandle } from '../server.ts';

/**
 * The sandbox provider's session ends and the update-password action, as the portal meets them: back-channel logout
 * tokens on a sign-out, a block, an administrator's sign-out and a deletion; Keycloak's `kc_action=UPDATE_PASSWORD`;
 * the lead login's e-mail code scope; a session whose account is gone.
 */
describe('sandbox identity provider: sessions, back-channel logout and the update-password action', () => {
  let sandbox: SandboxHandle;
  let config: Config;
  let close: (() => Promise<void>) | undefined;
  let discovery: { authorization_endpoint: string; token_endpoint: string; end_session_endpoint: string; jwks_uri: string };
  /** Logout tokens the portal stand-in received. */
  let logoutTokens: string[] = [];
  const password = 'Test-Sonne-2026!';

  beforeAll(async () => {
    ({ sandbox, config, close } = await sandboxWithPortal({
      name: 'oidc-sessions',
      portalEnv: (url) => ({ PUBLIC_URL: url }),
      answer: ({ url, headers, body }, res) => {
        if (url === '/api/auth/backchannel-logout') {
          expect(headers['content-type']).toBe('application/x-www-form-urlencoded');
          logoutTokens.push(new URLSearchParams(body).get('logout_token') ?? '');
        }
        res.writeHead(200).end();
      },
    }));
    discovery = (await (await fetch(`${sandbox.issuer}/.well-known/openid-configuration`)).json()) as typeof discovery;
  });

  afterAll(() => close?.());

  beforeEach(() => {
    logoutTokens = [];
  });

  const form = (fields: Record<string, string>): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const admin = async (pathname: string, init: RequestInit & { json?: unknown } = {}) =>
    fetch(`${sandbox.issuer}/admin/realms/kundenportal${pathname}`, {
      ...init,
      headers: { ...(await identityAdminHeaders({ ...config, oidcIssuer: sandbox.issuer })), ...(init.json === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });

  async function newAccount() {
    const email = `sitzung-${randomBytes(4).toString('hex')}@example.de`;
    const res = await fetch(`${sandbox.issuer}/_control/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, givenName: 'Erika', familyName: 'Test', customerNumber: null }),
    });
    const { sub } = (await res.json()) as { sub: string };
    return { sub, email };
  }

  const authorization = (extra: Record<string, string> = {}) => authorizationRequest(discovery.authorization_endpoint, config, extra);

  /** Follows the provider's redirects until one leaves it (the portal's callback) or a page answers. */
  async function follow(browser: BrowserLikeClient, response: Response, from: string): Promise<{ url: URL; response: Response }> {
    let current = response;
    let url = new URL(from);
    for (let hops = 0; hops < 8 && current.status >= 300 && current.status < 400; hops++) {
      url = new URL(current.headers.get('location') ?? '', url);
      if (url.origin === new URL(config.publicUrl).origin) return { url, response: current };
      current = await browser.request(url.href);
    }
    return { url, response: current };
  }

  async function exchange(callback: URL, verifier: string): Promise<{ id_token: string }> {
    const basic = Buffer.from(`${config.OIDC_CLIENT_ID}:${config.oidcClientSecret}`).toString('base64');
    const response = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: callback.searchParams.get('code') ?? '', redirect_uri: `${config.publicUrl}/api/auth/callback`, code_verifier: verifier }).toString(),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { id_token: string };
  }

  const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

  /** Signs in with the password; answers the browser and the provider session's `sid` from the ID token. */
  async function signIn(email: string, secret = password, browser = new BrowserLikeClient()) {
    const request = authorization();
    const start = await follow(browser, await browser.request(request.url), request.url);
    const done = await follow(browser, await browser.request(`${start.url.href}/login`, form({ email, password: secret })), start.url.href);
    expect(done.url.pathname).toBe('/api/auth/callback');
    const { id_token: idToken } = await exchange(done.url, request.verifier);
    return { browser, sid: String(claimsOf(idToken).sid), idToken };
  }

  /** A received logout token, checked the way Back-Channel Logout 1.0 section 2.6 asks the portal to. */
  async function verifiedLogout(token: string): Promise<JWTPayload> {
    expect(decodeProtectedHeader(token).typ).toBe('logout+jwt');
    const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(discovery.jwks_uri)), { issuer: sandbox.issuer, audience: config.OIDC_CLIENT_ID, maxTokenAge: 60 });
    expect(payload.events).toEqual({ 'http://schemas.openid.net/event/backchannel-logout': {} });
    expect(payload).not.toHaveProperty('nonce');
    expect(payload.jti).toEqual(expect.any(String));
    return payload;
  }

  /** Whether the browser's provider session is gone: a new authorization shows a screen instead of the callback. */
  async function signedOutAtProvider(browser: BrowserLikeClient) {
    const request = authorization();
    const next = await follow(browser, await browser.request(request.url), request.url);
    return next.url.pathname.startsWith('/oidc/interaction/');
  }

  it('a sign-out at the provider posts a signed logout token with sub, sid and the logout event to the portal', async () => {
    const { sub } = await newAccount();
    const email = (await (await admin(`/users/${encodeURIComponent(sub)}`)).json()) as { email: string };
    const { browser, sid, idToken } = await signIn(email.email);
    expect(sid).toMatch(/.+/);

    const page = await browser.request(`${discovery.end_session_endpoint}?${new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: `${config.publicUrl}/?loggedOut=1` })}`);
    const html = await page.text();
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    expect((await browser.request(action, form({ xsrf, logout: 'yes' }))).status).toBe(303);

    expect(logoutTokens).toHaveLength(1);
    expect(await verifiedLogout(logoutTokens[0] ?? '')).toMatchObject({ sub, sid });
  });

  it('disabling, an administrator’s sign-out and deleting each end the account’s provider sessions before the call answers', async () => {
    for (const change of [
      (sub: string) => admin(`/users/${encodeURIComponent(sub)}`, { method: 'PUT', json: { enabled: false } }),
      (sub: string) => admin(`/users/${encodeURIComponent(sub)}/logout`, { method: 'POST' }),
      (sub: string) => admin(`/users/${encodeURIComponent(sub)}`, { method: 'DELETE' }),
    ]) {
      logoutTokens = [];
      const { sub, email } = await newAccount();
      const first = await signIn(email);
      const second = await signIn(email);
      expect((await change(sub)).status).toBe(204);
      const received = await Promise.all(logoutTokens.map(verifiedLogout));
      expect(received.map((token) => token.sid).toSorted()).toEqual([first.sid, second.sid].toSorted());
      expect(received.every((token) => token.sub === sub)).toBe(true);
      expect(await signedOutAtProvider(first.browser)).toBe(true);
    }
  });

  it('the fifth wrong password blocks the account and ends its sessions elsewhere', async () => {
    const { sub, email } = await newAccount();
    const { sid, browser } = await signIn(email);
    const attacker = new BrowserLikeClient();
    const request = authorization();
    const page = (await follow(attacker, await attacker.request(request.url), request.url)).url.href;
    for (let i = 0; i < 5; i++) await attacker.request(`${page}/login`, form({ email, password: `falsch-${i}` }));
    expect(await Promise.all(logoutTokens.map(verifiedLogout))).toEqual([expect.objectContaining({ sub, sid })]);
    expect(await signedOutAtProvider(browser)).toBe(true);
  });

  it('a session whose account is gone meets the sign-in page, not "server_error: oops"', async () => {
    const { sub, email } = await newAccount();
    const { browser } = await signIn(email);
    // Gone without its sessions ending (e.g. removed in the provider's own database).
    expect((await fetch(`${sandbox.issuer}/_control/accounts/${encodeURIComponent(sub)}`, { method: 'DELETE' })).status).toBe(204);
    const request = authorization();
    const next = await follow(browser, await browser.request(request.url), request.url);
    expect(next.response.status).toBe(200);
    const html = await next.response.text();
    expect(html).toContain('<h1>Anmelden</h1>');
    expect(html).not.toContain('server_error');
    // And signing in as someone else from there works: the provider first ends the old session (its page posts
    // itself in a browser; done by hand here), then answers the callback.
    const other = await newAccount();
    let done = await follow(browser, await browser.request(`${next.url.href}/login`, form({ email: other.email, password })), next.url.href);
    if (done.url.pathname !== '/api/auth/callback') {
      const page = await done.response.text();
      const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1] ?? '';
      const fields = Object.fromEntries([...page.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']));
      expect(action).toContain('/session/end/confirm');
      done = await follow(browser, await browser.request(new URL(action, sandbox.issuer).href, form(fields)), action);
    }
    expect(done.url.pathname).toBe('/api/auth/callback');
    expect(done.url.searchParams.get('code')).toBeTruthy();
  });

  describe('kc_action=UPDATE_PASSWORD', () => {
    async function startAction(browser: BrowserLikeClient, email: string) {
      const request = authorization({ kc_action: UPDATE_PASSWORD_ACTION, login_hint: email });
      const screen = await follow(browser, await browser.request(request.url), request.url);
      expect(screen.url.pathname).toMatch(/\/interaction\/[\w-]+\/password$/);
      return { request, screen: screen.url.href, html: await screen.response.text() };
    }

    it('asks for the current password and a new one by the realm’s policy, answers kc_action_status=success and ends the other sessions', async () => {
      const { sub, email } = await newAccount();
      const other = await signIn(email);
      const { browser, sid } = await signIn(email);
      const { request, screen, html } = await startAction(browser, email);
      expect(html).toContain('<h1>Passwort ändern</h1>');
      expect(html).toMatch(/<label for="current">Aktuelles Passwort<\/label>/);

      const attempt = async (fields: Record<string, string>) => {
        const response = await browser.request(screen, form(fields));
        return { status: response.status, html: response.status === 422 ? await response.text() : '', response };
      };
      const next = 'Sonnen-Strom-2027';
      expect((await attempt({ current: 'falsch', new: next, repeat: next })).html).toMatch(/id="current-error" class="alert" role="alert">Dein aktuelles Passwort stimmt nicht\./);
      expect((await attempt({ current: password, new: 'kurz', repeat: 'kurz' })).html).toContain('Es braucht mindestens 10 Zeichen.');
      expect((await attempt({ current: password, new: email, repeat: email })).html).toContain('darf nicht Deine E-Mail-Adresse sein');
      expect((await attempt({ current: password, new: password, repeat: password })).html).toContain('dasselbe wie das alte');
      const mismatch = await attempt({ current: password, new: next, repeat: `${next}x` });
      expect(mismatch.html).toMatch(/id="repeat"[^>]*aria-invalid="true" aria-describedby="repeat-error"/);
      expect(logoutTokens).toEqual([]);

      const ok = await attempt({ current: password, new: next, repeat: next });
      const back = await follow(browser, ok.response, screen);
      expect(back.url.pathname).toBe('/api/auth/callback');
      expect(back.url.searchParams.get('kc_action_status')).toBe('success');
      const { id_token: idToken } = await exchange(back.url, request.verifier);
      expect(claimsOf(idToken)).toMatchObject({ sub, sid });

      // The other session ended (Keycloak's default "sign out other devices"), this one not.
      expect(await Promise.all(logoutTokens.map(verifiedLogout))).toEqual([expect.objectContaining({ sub, sid: other.sid })]);
      expect(await signedOutAtProvider(other.browser)).toBe(true);
      expect((await signIn(email, next)).sid).toEqual(expect.any(String));
    });

    it('Abbrechen changes nothing and answers kc_action_status=cancelled with a code', async () => {
      const { email } = await newAccount();
      const { browser } = await signIn(email);
      const { request, screen } = await startAction(browser, email);
      const back = await follow(browser, await browser.request(`${screen}/cancel`, form({})), screen);
      expect(back.url.searchParams.get('kc_action_status')).toBe('cancelled');
      await exchange(back.url, request.verifier);
      expect((await signIn(email)).sid).toEqual(expect.any(String));
    });

    it('an account without a password proves it with a code by e-mail and then sets one', async () => {
      const email = `ohne-passwort-${randomBytes(4).toString('hex')}@example.de`;
      expect((await admin('/users', { method: 'POST', json: { username: email, email, firstName: 'Lena', lastName: 'Krüger', attributes: { phase: ['PROJECT'] } } })).status).toBe(201);
      const browser = new BrowserLikeClient();
      // Signs in with the e-mail code (the lead login's scope goes straight to it).
      const login = authorization({ scope: `openid email profile ${EMAIL_CODE_SCOPE}`, login_hint: email });
      const codeScreen = await follow(browser, await browser.request(login.url), login.url);
      expect(await codeScreen.response.text()).toContain(`value="${email}"`);
      const interaction = codeScreen.url.href.replace(/\/passwordless.*$/, '');
      let since = new Date();
      await browser.request(`${interaction}/passwordless`, form({ email }));
      let code = /Dein Code: (\d{6})/.exec((await waitForMail(sandbox.url, email, since)).text)?.[1] ?? '';
      const signedIn = await follow(browser, await browser.request(`${interaction}/passwordless/code`, form({ email, code })), interaction);
      expect(signedIn.url.pathname).toBe('/api/auth/callback');

      const { screen, html } = await startAction(browser, email);
      expect(html).toContain('Bestätige, dass Du es bist');
      expect(html).toContain('e***@example.de'.replace('e', email[0] ?? 'e'));
      since = new Date();
      expect(await (await browser.request(`${screen}/code`, form({}))).text()).toContain('Code eingeben');
      code = /Dein Code: (\d{6})/.exec((await waitForMail(sandbox.url, email, since)).text)?.[1] ?? '';
      const verified = await browser.request(`${screen}/code/verify`, form({ code }));
      expect(verified.status).toBe(303);
      const setForm = await (await browser.request(screen)).text();
      expect(setForm).toContain('<h1>Passwort festlegen</h1>');
      expect(setForm).not.toContain('Aktuelles Passwort');
      const back = await follow(browser, await browser.request(screen, form({ new: 'Eigenes-Passwort-2027', repeat: 'Eigenes-Passwort-2027' })), screen);
      expect(back.url.searchParams.get('kc_action_status')).toBe('success');
      expect((await signIn(email, 'Eigenes-Passwort-2027')).sid).toEqual(expect.any(String));
    });
  });

  it('the lead login’s scope shows the e-mail code first, in any browser (no hint needed)', async () => {
    const browser = new BrowserLikeClient();
    const request = authorization({ scope: `openid email profile ${EMAIL_CODE_SCOPE}` });
    const screen = await follow(browser, await browser.request(request.url), request.url);
    const html = await screen.response.text();
    expect(screen.url.pathname).toMatch(/\/passwordless$/);
    expect(html).toContain('<h1>Mit Code anmelden</h1>');
    expect(html).toMatch(/<input id="email"[^>]*value=""/);
  });
});
