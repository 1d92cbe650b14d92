import { randomInt } from 'node:crypto';
import { BrowserLikeClient, readForm } from './browser-like-client.ts';
import { waitForMail } from './mailbox.ts';

/**
 * A lead of the funnel (docs/funnel.md) for integration tests, made the way a visitor makes one: consent choice, the
 * details form, the SMS code from the sandbox's SMS gateway, and the sign-in with the identity provider's e-mail code.
 * The portal must run behind a proxy (TRUST_PROXY), so each test browser is a client address of its own.
 */

/** A German mobile number in a block of its own (the funnel's limits count per number and per block). */
const uniqueMobile = () => `0171 ${randomInt(1_000_000, 9_999_999)}`;
export const e164 = (national: string) => `+49${national.replace(/\D/g, '').slice(1)}`;

function formPost(client: BrowserLikeClient, url: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return client.request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' }, body: body.toString() });
}

async function smsCode(sandboxUrl: string, phone: string): Promise<string> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const { messages } = (await (await fetch(`${sandboxUrl}/sms/_control/messages?to=${encodeURIComponent(e164(phone))}`)).json()) as { messages: { body: string }[] };
    const code = /: (\d{6})\./.exec(messages[0]?.body ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no SMS to ${phone}`);
}

export interface FunnelLeadOptions {
  firstName?: string;
  email?: string;
  phone?: string;
  topics?: string[];
}

/** Runs the funnel up to the verified number; answers the browser (holding the funnel cookie) and what it typed. */
export async function verifiedLead(portalUrl: string, sandboxUrl: string, options: FunnelLeadOptions = {}) {
  const client = new BrowserLikeClient({ 'x-forwarded-for': `10.19.${randomInt(0, 250)}.${randomInt(1, 250)}` });
  const chosen = await formPost(client, `${portalUrl}/api/consent`, { choice: 'none', returnTo: '/angebot' });
  if (chosen.status !== 303) throw new Error(`consent answered ${chosen.status}`);
  const phone = options.phone ?? uniqueMobile();
  const email = options.email ?? `lead-${randomInt(1e9)}@example.de`;
  const sent = await formPost(client, `${portalUrl}/api/v2/app/funnel/details`, {
    firstName: options.firstName ?? 'Lena',
    lastName: 'Krüger',
    email,
    phoneCountry: 'DE',
    phone,
    topics: options.topics ?? ['SOLAR', 'STORAGE'],
    contactConsent: 'yes',
    quelle: 'google-pv-fruehjahr',
  });
  if (sent.headers.get('location') !== '/angebot/code') throw new Error(`details answered ${sent.status} ${sent.headers.get('location')}`);
  const verified = await formPost(client, `${portalUrl}/api/v2/app/funnel/verify`, { code: await smsCode(sandboxUrl, phone) });
  if (verified.headers.get('location') !== '/angebot/fertig') throw new Error(`verify answered ${verified.status} ${verified.headers.get('location')}`);
  return { client, phone, email };
}

/**
 * Signs in at the identity provider with the e-mail code (the way a lead signs in: it has no password), starting at
 * `path` (the lead login by default). Answers where the sign-in ended.
 */
export async function signInWithEmailCode(client: BrowserLikeClient, portalUrl: string, sandboxUrl: string, email: string, path = '/api/auth/login-lead') {
  const start = await client.follow(`${portalUrl}${path}`);
  const page = await start.response.text();
  let action = readForm(page).action;
  // Identity-first: a lead's address (the login hint) lands on the e-mail code screen; otherwise it is one link away.
  if (!action.endsWith('/passwordless')) action = `${new URL(start.url).pathname.replace(/\/$/, '')}/passwordless`;
  const since = new Date(Date.now() - 1000);
  const codePage = await client.follow(new URL(action, start.url).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }).toString(),
  });
  const mail = await waitForMail(sandboxUrl, email, since);
  const code = /(\d{6}) ist Dein Anmeldecode/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no sign-in code in "${mail.subject}"`);
  const codeAction = readForm(await codePage.response.text()).action;
  const done = await client.follow(new URL(codeAction, codePage.url).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, code }).toString(),
  });
  return { url: new URL(done.url), response: done.response, startPage: page };
}
