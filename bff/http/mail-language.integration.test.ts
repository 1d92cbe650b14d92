import { describe, expect, it } from 'vitest';
import type { BrowserLikeClient } from '../../tests/support/browser-like-client.ts';
import { jsonCall } from '../../tests/support/json-call.ts';
import { waitForMail } from '../../tests/support/mailbox.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { identityAdminHeaders } from '../../tests/support/identity-admin.ts';
import { usePortal } from '../../tests/support/use-portal.ts';


const { portal, data } = usePortal();

const call = (client: BrowserLikeClient, method: string, path: string, body?: unknown) => jsonCall(portal.url, client, method, path, body);
const languageOf = async (sub: string) => ((await portal.knex('users').where({ userId: sub }).first()) as { language: string | null } | undefined)?.language ?? null;
const newAddress = () => `neu-${Math.random().toString(16).slice(2, 10)}@example.de`;

describe("mails in the customer's language", () => {
  it('keeps the language a signed-in customer switches to, and writes the next mail in it', async () => {
    const customer = await data.customer();
    const client = await signedInClient(portal.url, customer);
    expect(await languageOf(customer.sub)).toBe('de');

    const switched = await client.request(`${portal.url}/home/dashboard?lang=en`, { redirect: 'manual' });
    expect(switched.status).toBe(302);
    expect(await languageOf(customer.sub)).toBe('en');
    // The identity provider's own mails (sign-in code, block notice) follow: Keycloak's `locale` attribute.
    const account = await fetch(`${portal.config.services.identityAdmin.url}/users/${encodeURIComponent(customer.sub)}`, { headers: await identityAdminHeaders(portal.config) });
    expect(await account.json()).toMatchObject({ attributes: { locale: ['en'] } });

    const target = newAddress();
    const since = new Date();
    expect((await call(client, 'POST', '/api/v1/internal/user/email', { email: target })).status).toBe(202);
    const mail = await waitForMail(portal.sandboxUrl, target, since);
    expect(mail.subject).toBe('Confirm your new e-mail address');
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain('Kind regards');
    expect(mail.text).not.toMatch(/\b(Hallo|Dein|Deine|Grüße)\b/);

    await client.request(`${portal.url}/home/dashboard?lang=de`, { redirect: 'manual' });
    expect(await languageOf(customer.sub)).toBe('de');
  });

  it("an e-mail change to another customer's address tells that customer nothing about the requester", async () => {
    const requester = await data.customer({ givenName: 'Mehmet', familyName: 'Yılmaz' });
    const other = await data.customer({ givenName: 'Anna', familyName: 'Schmidt' });
    const client = await signedInClient(portal.url, requester);
    const since = new Date();
    expect((await call(client, 'POST', '/api/v1/internal/user/email', { email: other.email })).status).toBe(202);
    const mail = await waitForMail(portal.sandboxUrl, other.email, since);
    expect(mail.text).toContain('Hallo,');
    for (const part of [mail.subject, mail.text]) {
      expect(part).not.toContain('Mehmet');
      expect(part).not.toContain('Yılmaz');
      expect(part).not.toContain(requester.email);
    }
  });
});
