import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '~/bff/config.ts';
import { waitForMail } from '~/tests/support/mailbox.ts';
import { startSandbox, type SandboxHandle } from '../server.ts';

describe('sandbox marketing service', () => {
  let sandbox: SandboxHandle;
  let config: Config;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-marketing-'));
    config = loadConfig({ NODE_ENV: 'test' });
    sandbox = await startSandbox(config, { dataDir, httpPort: 0, ports: { smtp: 0 }, log: () => {} });
  });
  afterAll(async () => {
    await sandbox?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const api = (pathname: string, init: RequestInit & { json?: unknown } = {}) =>
    fetch(`${sandbox.url}/marketing/api/v3${pathname}`, {
      ...init,
      headers: { 'api-key': config.MARKETING_API_KEY, ...(init.json === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });
  const event = (name: string, email: string) =>
    api('/events', { method: 'POST', json: { event_name: name, identifiers: { email_id: email, ext_id: 'kp|test' }, contact_properties: { FIRSTNAME: 'Erika', LASTNAME: 'Test' } } });
  const contact = async (email: string) => (await api(`/contacts/${encodeURIComponent(email)}`)).json() as Promise<Record<string, unknown>>;

  it('refuses a caller without the API key and unknown events', async () => {
    expect((await fetch(`${sandbox.url}/marketing/api/v3/contacts/x%40example.de`)).status).toBe(401);
    expect((await event('newsletter_maybe', 'x@example.de')).status).toBe(400);
    expect((await api('/contacts/niemand%40example.de')).status).toBe(404);
  });

  it('newsletter_subscribed makes the contact pending and mails the double opt-in; the link page confirms with a button', async () => {
    const email = `news-${randomBytes(3).toString('hex')}@example.de`;
    const since = new Date();
    expect((await event('newsletter_subscribed', email)).status).toBe(204);
    expect(await contact(email)).toMatchObject({ email, ext_id: 'kp|test', subscriptionStatus: 'PENDING', emailBlacklisted: false });

    const mail = await waitForMail(sandbox.url, email, since);
    expect(mail.subject).toBe('Bitte bestätige Deine Newsletter-Anmeldung');
    const link = /Anmeldung bestätigen: (\S+)/.exec(mail.text)?.[1] ?? '';
    const page = await fetch(link);
    expect(await page.text()).toContain('Anmeldung bestätigen');
    expect((await contact(email)).subscriptionStatus).toBe('PENDING');
    const token = new URL(link).searchParams.get('token') ?? '';
    const done = await fetch(`${sandbox.url}/marketing/doi`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }) });
    expect(await done.text()).toContain('bekommt ab jetzt unseren Newsletter');
    expect(await contact(email)).toMatchObject({ subscriptionStatus: 'SUBSCRIBED' });
    // A second subscription of a subscribed contact sends no second mail.
    await event('newsletter_subscribed', email);
    expect((await (await fetch(`${sandbox.url}/mailbox/api/messages?to=${encodeURIComponent(email)}`)).json()).messages).toHaveLength(1);
  });

  it('newsletter_unsubscribed unsubscribes; the address can change; the contact can be deleted', async () => {
    const email = `news-${randomBytes(3).toString('hex')}@example.de`;
    await event('newsletter_subscribed', email);
    await event('newsletter_unsubscribed', email);
    expect(await contact(email)).toMatchObject({ subscriptionStatus: 'UNSUBSCRIBED', emailBlacklisted: true });
    const events = (await (await fetch(`${sandbox.url}/marketing/_control/events`)).json()) as { items: { name: string; email: string }[] };
    expect(events.items.filter((e) => e.email === email).map((e) => e.name)).toEqual(['newsletter_subscribed', 'newsletter_unsubscribed']);

    const moved = `neu-${email}`;
    expect((await api(`/contacts/${encodeURIComponent(email)}`, { method: 'PUT', json: { attributes: { EMAIL: moved } } })).status).toBe(204);
    expect((await api(`/contacts/${encodeURIComponent(moved)}`)).status).toBe(200);
    expect((await api(`/contacts/${encodeURIComponent(moved)}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/contacts/${encodeURIComponent(moved)}`)).status).toBe(404);
  });

  it('fails like an unavailable service when a test switches the fault on; the tester page lists contacts', async () => {
    await fetch(`${sandbox.url}/marketing/_control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'fail', status: 502 }) });
    expect((await event('newsletter_subscribed', 'x@example.de')).status).toBe(502);
    await fetch(`${sandbox.url}/marketing/_control/faults`, { method: 'DELETE' });
    const page = await fetch(`${sandbox.url}/marketing/`);
    expect(await page.text()).toContain('<html lang="de">');
  });
});
