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
