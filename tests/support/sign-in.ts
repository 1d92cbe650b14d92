import { BrowserLikeClient, readForm } from './browser-like-client.ts';

export const DEMO_PASSWORD = 'Sonne2026!';

/**
 * Walks the real login for integration tests: portal -> identity provider login page -> form post -> callback.
 * Returns the final response of the redirect chain.
 */
export async function signInThroughProvider(
  client: BrowserLikeClient,
  portalUrl: string,
  path: string,
  credentials: { email: string; password: string } | 'cancel',
) {
  const start = await client.follow(`${portalUrl}${path}`);
  const { action } = readForm(await start.response.text());
  const target = credentials === 'cancel' ? action.replace(/\/login$/, '/abort') : action;
  return client.follow(new URL(target, start.url).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: credentials === 'cancel' ? '' : new URLSearchParams(credentials).toString(),
  });
}

/** A signed-in client for a customer (a test customer, or a demo one by e-mail), acting from its own client address. */
export async function signedInClient(
  portalUrl: string,
  who: string | { email: string; password: string },
  ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
) {
  const credentials = typeof who === 'string' ? { email: who, password: DEMO_PASSWORD } : { email: who.email, password: who.password };
  const email = credentials.email;
  const client = new BrowserLikeClient({ 'x-forwarded-for': ip });
  const result = await signInThroughProvider(client, portalUrl, '/api/auth/login', credentials);
  if (!result.url.endsWith('/home/dashboard')) throw new Error(`sign-in for ${email} ended at ${result.url}`);
  return client;
}

/**
 * Signs in without expecting the dashboard (a first sign-in that goes through onboarding): answers the client and the
 * page the sign-in ended on.
 */
export async function signInAnywhere(portalUrl: string, who: { email: string; password: string }, path = '/api/auth/login') {
  const client = new BrowserLikeClient({ 'x-forwarded-for': `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  const result = await signInThroughProvider(client, portalUrl, path, who);
  return { client, url: new URL(result.url), response: result.response };
}

/**
 * The settings' password change as a browser does it: the form goes to the portal, which sends the browser to the
 * identity provider's update-password screen (Keycloak's `kc_action=UPDATE_PASSWORD`); answers that screen's URL and
 * page. `submitPasswordScreen` then fills it in.
 */
export async function openPasswordScreen(client: BrowserLikeClient, portalUrl: string) {
  const started = await client.request(`${portalUrl}/api/v1/internal/user/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: '',
  });
  if (started.status !== 303) throw new Error(`password change answered ${started.status}`);
  const screen = await client.follow(new URL(started.headers.get('location') ?? '', portalUrl).href);
  return { authorizationUrl: new URL(started.headers.get('location') ?? ''), url: screen.url, html: await screen.response.text() };
}

/** Posts the provider's update-password screen (or its Abbrechen) and follows the way back; answers where it ended. */
export async function submitPasswordScreen(client: BrowserLikeClient, screenUrl: string, fields: { current?: string; new: string; repeat: string } | 'cancel') {
  const result = await client.follow(fields === 'cancel' ? `${screenUrl}/cancel` : screenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields === 'cancel' ? '' : new URLSearchParams(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString(),
  });
  return { url: new URL(result.url), response: result.response, visited: result.visited };
}
