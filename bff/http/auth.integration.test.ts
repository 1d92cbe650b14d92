import { beforeEach, describe, expect, it } from 'vitest';
import { BrowserLikeClient } from '../../tests/support/browser-like-client.ts';
import { signInThroughProvider } from '../../tests/support/sign-in.ts';
import type { TestCustomer } from '../../tests/support/test-data.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

/** A customer account of this test (created at the identity provider, removed afterwards). */
let customer: TestCustomer;

const { portal, data } = usePortal();
beforeEach(async () => {
  customer = await data.customer();
});

const signIn = (client: BrowserLikeClient, path: string, credentials: { email: string; password: string } | 'cancel' = customer) =>
  signInThroughProvider(client, portal.url, path, credentials === 'cancel' ? credentials : { email: credentials.email, password: credentials.password });

describe('sign-in through the identity provider', () => {
  it('opening a protected page signed out redirects to the login URL with returnTo', async () => {
    const client = new BrowserLikeClient();
    const response = await client.request(`${portal.url}/home/app/profile?tab=daten`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/api/auth/login?returnTo=%2Fhome%2Fapp%2Fprofile%3Ftab%3Ddaten');
  });

  it('after signing in the customer lands on the page they asked for, with a new session id', async () => {
    const client = new BrowserLikeClient();
    await client.request(`${portal.url}/api/auth/login?returnTo=/home/app/profile`);
    const anonymousSession = client.cookie(portal.url, 'kundenportal.sid');
    expect(anonymousSession).toBeTruthy();

    const result = await signIn(client, '/home/app/profile');

    expect(result.url).toBe(`${portal.url}/home/app/profile`);
    const page = (await result.response.json()) as { locals: { user: { firstName: string } } };
    expect(page.locals.user.firstName).toBe('Erika');
    expect(client.cookie(portal.url, 'kundenportal.sid')).not.toBe(anonymousSession);
  });

  it('each login attempt uses fresh state, nonce and PKCE challenge', async () => {
    const client = new BrowserLikeClient();
    const authorizationUrl = async () =>
      new URL((await client.request(`${portal.url}/api/auth/login`)).headers.get('location') ?? 'missing:');
    const first = await authorizationUrl();
    const second = await authorizationUrl();
    for (const parameter of ['state', 'nonce', 'code_challenge']) {
      expect(first.searchParams.get(parameter)).toBeTruthy();
      expect(first.searchParams.get(parameter)).not.toBe(second.searchParams.get(parameter));
    }
    expect(first.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('GET /api/auth/me answers the profile when signed in and 204 when not', async () => {
    const client = new BrowserLikeClient();
    expect((await client.request(`${portal.url}/api/auth/me`)).status).toBe(204);

    const named = await data.customer({ givenName: 'Jonas', familyName: 'Weber', customerNumber: '7004001' });
    await signIn(client, '/home/dashboard', named);
    const me = await client.request(`${portal.url}/api/auth/me`);

    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    const body = await me.json();
    expect(body).toEqual({
      id: named.sub,
      email: named.email,
      firstName: 'Jonas',
      lastName: 'Weber',
      customerNumber: '7004001',
      phase: 'PROJECT',
      emailVerified: true,
    });
    expect(JSON.stringify(body)).not.toMatch(/eyJ/);
  });

  it('refuses a returnTo that leaves the portal', async () => {
    const client = new BrowserLikeClient();
    const result = await signIn(client, '/api/auth/login?returnTo=//evil.example/steal');
    expect(result.url).toBe(`${portal.url}/home/dashboard`);
  });

  it.each(['%2F.%2F%2Fevil.example%2Fx', '/a/..//evil.example', '/%5Cevil.example', '%2F%09%2Fevil.example', 'https://evil.example'])(
    'never sends a signed-in customer off the portal with returnTo=%s',
    async (returnTo) => {
      const client = new BrowserLikeClient();
      await signIn(client, '/home/dashboard');
      const response = await client.request(`${portal.url}/api/auth/login?returnTo=${returnTo}`);
      expect(response.status).toBe(302);
      const location = response.headers.get('location') ?? '';
      expect(new URL(location, portal.url).origin).toBe(portal.url);
      expect(location).toBe('/home/dashboard');
    },
  );

  it.each(['//a//evil.example/steal?lang=en', '/.//evil.example/x?lang=en', '//evil.example?lang=de', '/%5C%5Cevil.example?lang=en'])(
    'the language switch stays on the portal for the request path %s',
    async (path) => {
      const response = await fetch(`${portal.url}${path}`, { redirect: 'manual' });
      expect(response.status).toBe(302);
      const location = response.headers.get('location') ?? '';
      expect(location.startsWith('/')).toBe(true);
      expect(location.startsWith('//')).toBe(false);
      expect(new URL(location, portal.url).origin).toBe(portal.url);
    },
  );

  it('the language switch keeps the page and its other parameters', async () => {
    const response = await fetch(`${portal.url}/home/app/help?question=abc&lang=en`, { redirect: 'manual' });
    expect(response.headers.get('location')).toBe('/home/app/help?question=abc');
  });

  it('an account without the customer role is refused with the forbidden message and no session', async () => {
    const client = new BrowserLikeClient();
    const result = await signIn(client, '/home/dashboard', await data.customer({ roles: ['rol_mitarbeiter'] }));
    expect(result.url).toBe(`${portal.url}/?loginError=forbidden`);
    expect((await client.request(`${portal.url}/api/auth/me`)).status).toBe(204);
  });

  it('a cancelled login returns to the start page with the cancelled message', async () => {
    const client = new BrowserLikeClient();
    const result = await signIn(client, '/home/dashboard', 'cancel');
    expect(result.url).toBe(`${portal.url}/?loginError=cancelled`);
  });

  it('a callback with a forged state fails without signing anybody in', async () => {
    const client = new BrowserLikeClient();
    await client.request(`${portal.url}/api/auth/login`);
    const result = await client.follow(`${portal.url}/api/auth/callback?code=forged&state=forged`);
    expect(result.url).toBe(`${portal.url}/?loginError=failed`);
    expect((await client.request(`${portal.url}/api/auth/me`)).status).toBe(204);
  });

  it('logs LOGIN on every sign-in and PAGE_VISITED only for the listed paths', async () => {
    const client = new BrowserLikeClient();
    await signIn(client, '/home/app/profile');
    await client.request(`${portal.url}/home/dashboard`);
    await client.request(`${portal.url}/home/app/settings`);
    // A prefetch of a listed page is not a visit.
    await client.request(`${portal.url}/home/app/profile`, { headers: { 'sec-purpose': 'prefetch' } });

    const me = (await (await client.request(`${portal.url}/api/auth/me`)).json()) as { id: string };
    const rows = await portal
      .knex('activity_log')
      .leftJoin('activity_log_page_visit', 'activity_log.id', 'activity_log_page_visit.activity_log_id')
      .where('activity_log.user_id', me.id)
      .orderBy('activity_log.id')
      .select('activity_log.type', 'activity_log_page_visit.path');
    const types = rows.map((r: { type: string; path: string | null }) => `${r.type}${r.path ? ` ${r.path}` : ''}`);
    expect(types.filter((t) => t.startsWith('LOGIN'))).not.toHaveLength(0);
    expect(types.filter((t) => t.startsWith('PAGE_VISITED'))).toEqual(['PAGE_VISITED /home/app/profile']);
  });
});

describe('sign-out', () => {
  const form = (headers: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: '',
  });

  it('is a same-origin form post answered by 303 to the provider; the ID token is in no body', async () => {
    const client = new BrowserLikeClient();
    await signIn(client, '/home/dashboard');

    const logout = await client.request(`${portal.url}/api/auth/logout`, form({ 'sec-fetch-site': 'same-origin', origin: portal.url }));
    expect(logout.status).toBe(303);
    expect(await logout.text()).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    expect(logout.headers.get('clear-site-data')).toBe('"cache", "storage"');
    const endSession = new URL(logout.headers.get('location') ?? 'missing:');
    expect(endSession.origin + endSession.pathname).toMatch(new RegExp(`^${portal.sandboxUrl}/oidc/`));
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${portal.url}/?loggedOut=1`);
    expect(endSession.searchParams.get('id_token_hint')).toBeTruthy();

    expect((await client.request(`${portal.url}/api/auth/me`)).status).toBe(204);
    expect((await client.request(`${portal.url}/home/dashboard`)).status).toBe(302);
  });

  it('an older browser without Sec-Fetch-Site passes with its own Origin', async () => {
    const client = new BrowserLikeClient();
    await signIn(client, '/home/dashboard');
    expect((await client.request(`${portal.url}/api/auth/logout`, form({ origin: portal.url }))).status).toBe(303);
    expect((await client.request(`${portal.url}/api/auth/me`)).status).toBe(204);
  });

  it.each([
    ['another site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['a sibling site', { 'sec-fetch-site': 'same-site' }],
    ['a foreign Origin without Sec-Fetch-Site', { origin: 'https://evil.example' }],
    ['neither header', {}],
    ['a JSON post without the CSRF header', { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }],
  ])('refuses a sign-out from %s and keeps the session', async (_name, headers) => {
    const client = new BrowserLikeClient();
    await signIn(client, '/home/dashboard');
    const forged = await client.request(`${portal.url}/api/auth/logout`, form(headers as Record<string, string>));
    expect(forged.status).toBe(403);
    expect((await client.request(`${portal.url}/api/auth/me`)).status).toBe(200);
  });

  it('signed out already, it goes back to the start page', async () => {
    const response = await fetch(`${portal.url}/api/auth/logout`, { ...form({ 'sec-fetch-site': 'same-origin' }), redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/?loggedOut=1');
  });
});

describe('security headers and cookies', () => {
  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/, without Secure on plain http', async () => {
    const response = await fetch(`${portal.url}/api/auth/login`, { redirect: 'manual' });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('kundenportal.sid=')) ?? '';
    expect(cookie).not.toBe('');
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it('answers API responses with nosniff, frame-ancestors none and a referrer policy', async () => {
    const response = await fetch(`${portal.url}/api/auth/me`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('marks signed-in page responses no-store', async () => {
    const client = new BrowserLikeClient();
    const result = await signIn(client, '/home/dashboard');
    expect(result.response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers any state-changing /api request without the CSRF header with 403', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const response = await fetch(`${portal.url}/api/v2/app/anything`, { method });
      expect(response.status).toBe(403);
    }
  });
});
