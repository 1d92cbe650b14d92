import { createHash, createPublicKey, randomBytes, verify, type JsonWebKey } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '~/bff/config.ts';
import { authorizationRequest, type AuthorizationRequest } from '~/tests/support/authorization-request.ts';
import { startSandbox, type SandboxHandle } from '../server.ts';

/** A browser stand-in: fetch without following redirects, keeping cookies by name (paths are not needed here). */
class Browser {
  readonly cookies = new Map<string, string>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    headers.set('accept', 'text/html');
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0\b/i.test(a));
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** Follows one redirect and returns its absolute target. */
  static location(res: Response, base: string): string {
    const location = res.headers.get('location');
    if (!location) throw new Error(`expected a redirect, got ${res.status}`);
    return new URL(location, base).href;
  }
}

function decodeJwt(jwt: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [header = '', payload = ''] = jwt.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>,
  };
}

function form(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  };
}

describe('sandbox identity provider (OIDC)', () => {
  let sandbox: SandboxHandle;
  let config: Config;
  let dataDir: string;
  let discovery: Record<string, unknown>;
  const roleId = `rol_test_${randomBytes(4).toString('hex')}`;
  const redirectUri = () => `${config.publicUrl}/api/auth/callback`;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-oidc-'));
    config = loadConfig({ NODE_ENV: 'test', CUSTOMER_ROLE_ID: roleId, PUBLIC_URL: 'http://localhost:4999' });
    sandbox = await startSandbox(config, { dataDir, httpPort: 0, ports: { smtp: 0 }, log: () => {} });
    const res = await fetch(`${sandbox.issuer}/.well-known/openid-configuration`);
    discovery = (await res.json()) as Record<string, unknown>;
  });

  afterAll(async () => {
    await sandbox?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const authRequest = (overrides: Record<string, string> = {}) => authorizationRequest(String(discovery.authorization_endpoint), config, overrides);

  /** Starts a login and returns the URL of the login page it lands on. */
  async function openLoginPage(browser: Browser, request: AuthorizationRequest): Promise<string> {
    const res = await browser.request(request.url);
    expect(res.status).toBe(303);
    const loginUrl = Browser.location(res, request.url);
    expect(new URL(loginUrl).pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
    return loginUrl;
  }

  /** Follows redirects from `url` until one leaves the sandbox; returns that URL (the portal callback). */
  async function followToPortal(browser: Browser, res: Response, from: string): Promise<URL> {
    let current = res;
    let url = from;
    for (let hops = 0; hops < 5; hops++) {
      url = Browser.location(current, url);
      if (!url.startsWith(sandbox.url)) return new URL(url);
      current = await browser.request(url);
    }
    throw new Error('too many redirects');
  }

  async function login(browser: Browser, request: AuthorizationRequest, email: string, password: string): Promise<URL> {
    const loginUrl = await openLoginPage(browser, request);
    const res = await browser.request(`${loginUrl}/login`, form({ email, password }));
    expect(res.status).toBe(303);
    return followToPortal(browser, res, loginUrl);
  }

  async function exchangeCode(code: string, verifier: string): Promise<Response> {
    const basic = Buffer.from(
      `${encodeURIComponent(config.OIDC_CLIENT_ID)}:${encodeURIComponent(config.oidcClientSecret)}`,
    ).toString('base64');
    return fetch(String(discovery.token_endpoint), {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri(),
        code_verifier: verifier,
      }).toString(),
    });
  }

  it('publishes a discovery document with the configured issuer and an end-session endpoint', () => {
    expect(discovery.issuer).toBe(sandbox.issuer);
    expect(sandbox.issuer).toBe(`http://localhost:${sandbox.httpPort}/oidc`);
    expect(discovery.end_session_endpoint).toBe(`${sandbox.issuer}/session/end`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
  });

  it('when Anna signs in with code + PKCE, then the ID token carries her profile, the nonce and the app metadata', async () => {
    const browser = new Browser();
    const request = authRequest();

    const callback = await login(browser, request, '  Anna.Schmidt@Example.de ', 'Sonne2026!');

    expect(callback.origin + callback.pathname).toBe(redirectUri());
    expect(callback.searchParams.get('state')).toBe(request.state);
    expect(callback.searchParams.get('iss')).toBe(sandbox.issuer);
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();

    const tokenRes = await exchangeCode(code ?? '', request.verifier);
    expect(tokenRes.status).toBe(200);
    const tokens = (await tokenRes.json()) as { id_token: string; access_token: string };
    const { header, payload } = decodeJwt(tokens.id_token);
    expect(payload).toMatchObject({
      iss: sandbox.issuer,
      aud: config.OIDC_CLIENT_ID,
      sub: 'kp|anna-schmidt',
      nonce: request.nonce,
      email: 'anna.schmidt@example.de',
      email_verified: true,
      given_name: 'Anna',
      family_name: 'Schmidt',
      name: 'Anna Schmidt',
      [config.APP_METADATA_CLAIM]: {
        roles: [roleId],
        customerNumber: '700100',
        phase: 'PROJECT',
        phone: '+49 30 1234567',
        onboarded: true,
      },
    });

    // The signature verifies with the published key.
    const jwks = (await (await fetch(String(discovery.jwks_uri))).json()) as { keys: (JsonWebKey & { kid: string })[] };
    const jwk = jwks.keys.find((k) => k.kid === header.kid);
    expect(jwk).toBeDefined();
    const [h, p, s] = tokens.id_token.split('.');
    const valid = verify(
      'sha256',
      Buffer.from(`${h}.${p}`),
      createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' }),
      Buffer.from(s ?? '', 'base64url'),
    );
    expect(valid).toBe(true);

    // A code is single use.
    expect((await exchangeCode(code ?? '', request.verifier)).status).toBe(400);
  });

  it('when a customer without customer number signs in, then customerNumber is null', async () => {
    const request = authRequest();
    const callback = await login(new Browser(), request, 'mehmet.yilmaz@example.de', 'Sonne2026!');
    const tokens = (await (await exchangeCode(callback.searchParams.get('code') ?? '', request.verifier)).json()) as {
      id_token: string;
    };
    const { payload } = decodeJwt(tokens.id_token);
    expect(payload.family_name).toBe('Yılmaz');
    // Newly registered: the portal sends him through onboarding (docs/account.md).
    expect(payload[config.APP_METADATA_CLAIM]).toMatchObject({ customerNumber: null, roles: [roleId], onboarded: false });
  });

  describe('control API for tests', () => {
    const controlUrl = () => `${sandbox.issuer}/_control/accounts`;
    const create = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(controlUrl(), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const account = (email: string, extra: Record<string, unknown> = {}) => ({
      email,
      password: 'Test-Sonne-2026!',
      givenName: 'Erika',
      familyName: 'Test',
      customerNumber: '8123456',
      ...extra,
    });

    it('creates an account that signs in with its own claims and roles, and removes it again', async () => {
      const email = `erika-${randomBytes(3).toString('hex')}@example.de`;
      const res = await create(account(email, { roles: ['rol_mitarbeiter'], phase: 'LEAD' }));
      expect(res.status).toBe(201);
      const { sub } = (await res.json()) as { sub: string; email: string };
      expect(sub).toMatch(/^kp\|test-/);

      const request = authRequest();
      const callback = await login(new Browser(), request, email.toUpperCase(), 'Test-Sonne-2026!');
      const tokens = (await (await exchangeCode(callback.searchParams.get('code') ?? '', request.verifier)).json()) as {
        id_token: string;
      };
      expect(decodeJwt(tokens.id_token).payload).toMatchObject({
        sub,
        email,
        given_name: 'Erika',
        [config.APP_METADATA_CLAIM]: { roles: ['rol_mitarbeiter'], customerNumber: '8123456', phase: 'LEAD' },
      });

      expect((await fetch(`${controlUrl()}/${encodeURIComponent(sub)}`, { method: 'DELETE' })).status).toBe(204);
      expect((await fetch(`${controlUrl()}/${encodeURIComponent(sub)}`, { method: 'DELETE' })).status).toBe(404);
      const loginUrl = await openLoginPage(new Browser(), authRequest());
      const refused = await new Browser().request(`${loginUrl}/login`, form({ email, password: 'Test-Sonne-2026!' }));
      expect(refused.status).not.toBe(303);
    });

    it('refuses a taken address (409), bad input (400), another origin (403) and removing a demo account', async () => {
      expect((await create(account('anna.schmidt@example.de'))).status).toBe(409);
      const bad = await create(account('keine-adresse', { password: 'kurz' }));
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error: 'bad_request', detail: expect.stringContaining('email') });
      expect((await create(account('x@example.de'), { origin: 'http://evil.example' })).status).toBe(403);
      expect((await fetch(`${controlUrl()}/${encodeURIComponent('kp|anna-schmidt')}`, { method: 'DELETE' })).status).toBe(404);
    });
  });

  it('shows a German, accessible login page', async () => {
    const browser = new Browser();
    const loginUrl = await openLoginPage(browser, authRequest());

    const res = await browser.request(loginUrl);
    const html = await res.text();

    expect(res.status).toBe(200);
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<title>Anmelden – Kundenportal</title>');
    expect(html).toContain('<h1>Anmelden</h1>');
    expect(html).toMatch(/<main>/);
    expect(html).toMatch(/<label for="email">E-Mail-Adresse<\/label>\s*<input id="email"[^>]*type="email"[^>]*autocomplete="username"/);
    expect(html).toMatch(/<label for="password">Passwort<\/label>\s*<input id="password"[^>]*type="password"[^>]*autocomplete="current-password"/);
    expect(html).toMatch(/<button type="submit" class="primary">Anmelden<\/button>/);
    expect(html).toMatch(/<button type="submit" class="secondary"[^>]*>Abbrechen<\/button>/);
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    // The shell's empty icon is allowed, so the browser reports no CSP violation on the sign-in page.
    expect(html).toContain('<link rel="icon" href="data:,">');
    expect(res.headers.get('content-security-policy')).toMatch(/img-src data:/);
  });

  it('when the password is wrong, then the login page says so in German and keeps the e-mail', async () => {
    const browser = new Browser();
    const loginUrl = await openLoginPage(browser, authRequest());

    const res = await browser.request(`${loginUrl}/login`, form({ email: 'anna.schmidt@example.de', password: 'falsch' }));
    const html = await res.text();

    expect(res.status).toBe(200);
    expect(html).toContain('<div id="login-error" class="alert" role="alert">E-Mail-Adresse oder Passwort ist falsch.</div>');
    expect(html).toContain('value="anna.schmidt@example.de"');
    expect(html).toMatch(/id="email"[^>]*aria-invalid="true" aria-describedby="login-error"/);
    expect(html).toMatch(/id="password"[^>]*aria-invalid="true" aria-describedby="login-error"/);
  });

  it('when the e-mail is unknown, then the same message is shown', async () => {
    const browser = new Browser();
    const loginUrl = await openLoginPage(browser, authRequest());
    const res = await browser.request(`${loginUrl}/login`, form({ email: 'nobody@example.de', password: 'Sonne2026!' }));
    expect(await res.text()).toContain('E-Mail-Adresse oder Passwort ist falsch.');
  });

  it('when a field is empty, then the customer is asked to fill in both', async () => {
    const browser = new Browser();
    const loginUrl = await openLoginPage(browser, authRequest());
    const res = await browser.request(`${loginUrl}/login`, form({ email: 'anna.schmidt@example.de', password: '' }));
    expect(await res.text()).toContain('Bitte gib Deine E-Mail-Adresse und Dein Passwort ein.');
  });

  it('when the customer presses Abbrechen, then the portal callback receives error=access_denied', async () => {
    const browser = new Browser();
    const request = authRequest();
    const loginUrl = await openLoginPage(browser, request);

    const res = await browser.request(`${loginUrl}/abort`, form({ email: '', password: '' }));
    expect(res.status).toBe(303);
    const callback = await followToPortal(browser, res, loginUrl);

    expect(callback.origin + callback.pathname).toBe(redirectUri());
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('error_description')).toBe('Anmeldung abgebrochen');
    expect(callback.searchParams.get('state')).toBe(request.state);
  });

  it('when the request has no PKCE challenge, then it is refused', async () => {
    const browser = new Browser();
    const request = authRequest({ code_challenge: '', code_challenge_method: '' });
    const res = await browser.request(request.url.replace(/&code_challenge=&code_challenge_method=/, ''));
    const callback = await followToPortal(browser, res, request.url);
    expect(callback.searchParams.get('error')).toBe('invalid_request');
  });

  it('when the portal logs out with id_token_hint, then the session ends and the browser returns to the portal', async () => {
    const browser = new Browser();
    const request = authRequest();
    const callback = await login(browser, request, 'jonas.weber@example.de', 'Sonne2026!');
    const tokens = (await (await exchangeCode(callback.searchParams.get('code') ?? '', request.verifier)).json()) as {
      id_token: string;
    };

    // Signed in at the provider: a second login goes straight back to the portal.
    const again = await browser.request(authRequest().url);
    expect((await followToPortal(browser, again, sandbox.issuer)).searchParams.get('code')).toBeTruthy();

    const postLogout = `${config.publicUrl}/?loggedOut=1`;
    const endSession = `${String(discovery.end_session_endpoint)}?${new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: postLogout,
      state: 'abc',
    })}`;
    const page = await browser.request(endSession);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Du wirst abgemeldet …');
    expect(html).toMatch(/<button type="submit" class="primary" form="op.logoutForm">Abmelden<\/button>/);
    const script = /<script>(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(script).toContain('.submit()');
    const scriptHash = createHash('sha256').update(script).digest('base64');
    expect(page.headers.get('content-security-policy')).toContain(`'sha256-${scriptHash}'`);

    // What the auto-submitting form posts.
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const confirm = await browser.request(action, form({ xsrf, logout: 'yes' }));
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${postLogout}&state=abc`);

    // Signed out at the provider: the next login shows the login page again.
    const next = await browser.request(authRequest().url);
    expect(new URL(Browser.location(next, sandbox.issuer)).pathname).toMatch(/^\/oidc\/interaction\//);
  });

  it('when someone links to the logout without id_token_hint, then the signed-in customer is asked first', async () => {
    const browser = new Browser();
    await login(browser, authRequest(), 'anna.schmidt@example.de', 'Sonne2026!');

    const page = await browser.request(`${String(discovery.end_session_endpoint)}?client_id=${config.OIDC_CLIENT_ID}`);
    const html = await page.text();

    expect(html).toContain('Möchtest Du Dich abmelden?');
    expect(html).not.toContain('<script');
    expect(html).toMatch(/<button type="submit" class="primary" form="op.logoutForm" autofocus>Abmelden<\/button>/);
  });

  it('when logout has no redirect target, then a German "Du bist abgemeldet." page is shown', async () => {
    const browser = new Browser();
    // Nobody is signed in, so oidc-provider answers with its own auto-posting form.
    const endSession = `${String(discovery.end_session_endpoint)}?client_id=${config.OIDC_CLIENT_ID}`;
    const html = await (await browser.request(endSession)).text();
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

    const confirm = await browser.request(action, form({ xsrf, logout: 'yes' }));
    const success = await browser.request(Browser.location(confirm, action));
    const successHtml = await success.text();

    expect(success.status).toBe(200);
    expect(successHtml).toContain('<html lang="de">');
    expect(successHtml).toContain('<h1>Du bist abgemeldet.</h1>');
  });

  it('renders provider errors as a German page without stack traces', async () => {
    const res = await new Browser().request(`${sandbox.issuer}/auth?client_id=unbekannt&response_type=code`);
    const html = await res.text();
    expect(res.status).toBe(400);
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Anmeldung nicht möglich');
    expect(html).not.toMatch(/at .*\.js:\d+/);
  });

  it('when the login page is opened without its interaction cookie, then a German expiry page is shown', async () => {
    const res = await new Browser().request(`${sandbox.issuer}/interaction/abc`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Deine Anmeldung ist abgelaufen');
  });
});
