import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { importJWK, SignJWT, type JWK } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../contracts/http.ts';
import { BrowserLikeClient } from '../../tests/support/browser-like-client.ts';
import { identityAdminHeaders } from '../../tests/support/identity-admin.ts';
import { jsonCall } from '../../tests/support/json-call.ts';
import { mailsTo } from '../../tests/support/mailbox.ts';
import { openPasswordScreen, signedInClient, submitPasswordScreen } from '../../tests/support/sign-in.ts';
import type { TestCustomer } from '../../tests/support/test-data.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

/**
 * Sessions that end for good (docs/account.md "Sessions"): the other sessions of a customer end after a password
 * change, an e-mail change, an account deletion and a back-channel logout from the identity provider, even while
 * they are loading something at that moment; blocking a user at the provider ends their portal session on their next
 * request; the back-channel logout endpoint checks its token like Back-Channel Logout 1.0 section 2.6 asks.
 */

const { portal, data } = usePortal();
afterEach(async () => {
  await fetch(`${portal.sandboxUrl}/management/_control/faults`, { method: 'DELETE' });
});

const me = async (client: BrowserLikeClient) => (await jsonCall(portal.url, client, 'GET', '/api/auth/me')).status;
const admin = async (pathname: string, init: RequestInit & { json?: unknown } = {}) =>
  fetch(`${portal.config.services.identityAdmin.url}${pathname}`, {
    ...init,
    headers: { ...(await identityAdminHeaders(portal.config)), ...(init.json === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
const managementSlow = (delayMs: number) =>
  fetch(`${portal.sandboxUrl}/management/_control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'slow', delayMs }) });

/**
 * A request of `client` that is in flight while `change` runs and writes its session when it ends: choosing the
 * session's project waits for the management service (slowed for this one request) and then saves the session.
 * Before sessions had generations, that save brought an ended session back.
 */
async function whileInFlight(client: BrowserLikeClient, projectId: number, change: () => Promise<unknown>, answers = [204]) {
  await managementSlow(2_500);
  const inFlight = client.request(`${portal.url}/api/v1/internal/util/auth-session-project-id`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' },
    body: JSON.stringify({ projectId }),
  });
  await new Promise((resolve) => setTimeout(resolve, 400));
  await fetch(`${portal.sandboxUrl}/management/_control/faults`, { method: 'DELETE' });
  await change();
  const answered = await inFlight;
  // It was let in before the change: it finished its work, but its session is not saved back.
  expect(answers).toContain(answered.status);
}

async function customerWithProject(): Promise<{ customer: TestCustomer; projectId: number }> {
  const customer = await data.customer();
  const project = await data.project({ portalUserIds: [customer.sub] });
  return { customer, projectId: project.id };
}

describe('every other session ends, whatever it is doing at that moment', () => {
  it('after a password change at the identity provider', async () => {
    const { customer, projectId } = await customerWithProject();
    const here = await signedInClient(portal.url, customer);
    const busy = await signedInClient(portal.url, customer);
    const idle = await signedInClient(portal.url, customer);
    const pages = (async () => {
      // Loading pages while it happens; afterwards every page sends it to the sign-in.
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) statuses.push((await idle.request(`${portal.url}/home/app/profile`)).status);
      return statuses;
    })();

    await whileInFlight(busy, projectId, async () => {
      const screen = await openPasswordScreen(here, portal.url);
      const next = 'Neues-Sonnen-Passwort-9';
      const done = await submitPasswordScreen(here, screen.url, { current: customer.password, new: next, repeat: next });
      expect(done.url.searchParams.get('done')).toBe('PASSWORD_CHANGED');
    });

    expect(await me(busy)).toBe(204);
    expect(await me(here)).toBe(200);
    await pages;
    expect(await me(idle)).toBe(204);
    expect((await idle.request(`${portal.url}/home/app/profile`)).status).toBe(302);
    // The current session got a new id and still works.
    expect((await here.request(`${portal.url}/home/app/profile`)).status).toBe(200);
  });

  it('after an e-mail change', async () => {
    const { customer, projectId } = await customerWithProject();
    const here = await signedInClient(portal.url, customer);
    const busy = await signedInClient(portal.url, customer);
    const target = `neu-${Math.random().toString(16).slice(2, 10)}@example.de`;
    await jsonCall(portal.url, here, 'POST', '/api/v1/internal/user/email', { email: target });
    const uuid = (await portal.knex('update_email').where({ userId: customer.sub }).first()).uuid as string;

    await whileInFlight(busy, projectId, async () => {
      expect((await jsonCall(portal.url, here, 'POST', '/api/v1/internal/user/email/confirm', { uuid })).body).toEqual({ email: target });
    });

    expect(await me(busy)).toBe(204);
    expect((await jsonCall(portal.url, here, 'GET', '/api/auth/me')).body).toMatchObject({ email: target });
  });

  it('after the account is deleted, and its provider session ends too (the next sign-in is a normal sign-in page)', async () => {
    const { customer, projectId } = await customerWithProject();
    const here = await signedInClient(portal.url, customer);
    const busy = await signedInClient(portal.url, customer);

    // The deletion unlinks the project meanwhile, so the switch may find it gone (404) instead.
    await whileInFlight(
      busy,
      projectId,
      async () => {
        expect((await jsonCall(portal.url, here, 'POST', '/api/v1/internal/user/delete-account', { confirmation: 'LÖSCHEN' })).status).toBe(204);
      },
      [204, 404],
    );

    expect(await me(busy)).toBe(204);
    expect(await me(here)).toBe(204);
    // The other browser's provider session ended with the account: "Anmelden" shows the sign-in page, no error, no loop.
    const again = await busy.follow(`${portal.url}/api/auth/login`);
    expect(again.response.status).toBe(200);
    const page = await again.response.text();
    expect(page).toContain('<h1>Anmelden</h1>');
    expect(page).not.toContain('server_error');
  });

  it('after a back-channel logout (an administrator signs the customer out at the provider)', async () => {
    const { customer, projectId } = await customerWithProject();
    const busy = await signedInClient(portal.url, customer);
    const other = await signedInClient(portal.url, customer);

    await whileInFlight(busy, projectId, async () => {
      expect((await admin(`/users/${encodeURIComponent(customer.sub)}/logout`, { method: 'POST' })).status).toBe(204);
    });

    expect(await me(busy)).toBe(204);
    expect(await me(other)).toBe(204);
  });
});

describe('blocking and signing out at the identity provider', () => {
  it('blocking a user at the provider ends their portal session on their next request', async () => {
    const customer = await data.customer();
    const client = await signedInClient(portal.url, customer);
    expect(await me(client)).toBe(200);

    expect((await admin(`/users/${encodeURIComponent(customer.sub)}`, { method: 'PUT', json: { enabled: false } })).status).toBe(204);

    expect(await me(client)).toBe(204);
    const page = await client.request(`${portal.url}/home/dashboard`);
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toMatch(/^\/api\/auth\/login\?returnTo=/);
  });

  it('five wrong passwords in another browser block the account and end the portal session', async () => {
    const customer = await data.customer();
    const client = await signedInClient(portal.url, customer);
    const browser = new BrowserLikeClient();
    const start = await browser.follow(`${portal.url}/api/auth/login`);
    for (let i = 0; i < 5; i++) {
      await browser.request(`${start.url}/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: customer.email, password: `falsch-${i}` }).toString() });
    }
    expect(await me(client)).toBe(204);
    expect((await mailsTo(portal.sandboxUrl, customer.email)).map((mail) => mail.subject)).toContain('Dein Konto im Kundenportal ist gesperrt');
  });

  it('a sign-out at the provider ends the portal session of that provider session, not the customer’s others', async () => {
    const customer = await data.customer();
    const signedOut = await signedInClient(portal.url, customer);
    const elsewhere = await signedInClient(portal.url, customer);
    // At the provider directly (no portal involved): its sign-out page asks, the button signs out.
    const discovery = (await (await fetch(`${portal.config.oidcIssuer}/.well-known/openid-configuration`)).json()) as { end_session_endpoint: string };
    const page = await (await signedOut.request(`${discovery.end_session_endpoint}?client_id=${portal.config.OIDC_CLIENT_ID}`)).text();
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(page)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
    await signedOut.request(new URL(action, portal.config.oidcIssuer).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });

    expect(await me(signedOut)).toBe(204);
    expect(await me(elsewhere)).toBe(200);
  });
});

describe('POST /api/auth/backchannel-logout checks the logout token', () => {
  const url = () => `${portal.url}/api/auth/backchannel-logout`;
  const post = (body: string) => fetch(url(), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  const event = { 'http://schemas.openid.net/event/backchannel-logout': {} };

  /** A logout token signed with the provider's own key (the sandbox keeps it in its data folder). */
  async function signed(claims: Record<string, unknown>, options: { header?: Record<string, unknown>; iat?: number } = {}) {
    const jwk = JSON.parse(await readFile(path.join(portal.sandboxDataDir, 'oidc-signing-key.json'), 'utf8')) as JWK & { kid: string };
    const iat = options.iat ?? Math.floor(Date.now() / 1000);
    return new SignJWT({ iss: portal.config.oidcIssuer, aud: portal.config.OIDC_CLIENT_ID, iat, exp: iat + 120, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'logout+jwt', ...options.header })
      .sign(await importJWK(jwk, 'RS256'));
  }
  const jti = () => `jti-${Math.random().toString(16).slice(2)}`;

  it('ends every session of the subject (no sid), once per jti, and is never cached', async () => {
    const customer = await data.customer();
    const client = await signedInClient(portal.url, customer);
    const token = await signed({ sub: customer.sub, events: event, jti: jti() });

    const first = await post(new URLSearchParams({ logout_token: token }).toString());
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await me(client)).toBe(204);
    // The same token again is a replay.
    expect((await post(new URLSearchParams({ logout_token: token }).toString())).status).toBe(400);
  });

  it.each([
    ['no token', async () => ''],
    ['not a JWT', async () => 'kein.jwt.token'],
    ['no logout event', async (sub: string) => signed({ sub, jti: jti() })],
    ['an ID token’s nonce', async (sub: string) => signed({ sub, events: event, jti: jti(), nonce: 'n' })],
    ['neither sub nor sid', async () => signed({ events: event, jti: jti() })],
    ['no jti', async (sub: string) => signed({ sub, events: event })],
    ['issued long ago', async (sub: string) => signed({ sub, events: event, jti: jti() }, { iat: Math.floor(Date.now() / 1000) - 3600 })],
    ['another audience', async (sub: string) => signed({ sub, events: event, jti: jti(), aud: 'someone-else' })],
    ['an unknown key', async (sub: string) => signed({ sub, events: event, jti: jti() }, { header: { kid: 'unbekannt' } })],
  ])('refuses a token with %s (400) and ends nothing', async (_case, make) => {
    const customer = await data.customer();
    const client = await signedInClient(portal.url, customer);
    const response = await post(new URLSearchParams({ logout_token: await make(customer.sub) }).toString());
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
    expect(await me(client)).toBe(200);
  });
});
