import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '~/bff/config.ts';
import { startSandbox, type SandboxHandle } from '../server.ts';
import type { StoredMail } from './store.ts';
import { extractLinks, formatGermanDate, linkify } from './views.ts';

const config = loadConfig({ NODE_ENV: 'test' });
const FROM = 'Dein Kundenportal <kundenportal@example.de>';

function uniqueAddress(name: string): string {
  return `${name}.${randomBytes(4).toString('hex')}@example.de`;
}

describe('sandbox mail (SMTP + web mailbox)', () => {
  let dataDir: string;
  let sandbox: SandboxHandle;

  async function start(): Promise<SandboxHandle> {
    return startSandbox(config, { dataDir, httpPort: 0, ports: { smtp: 0 }, log: () => {} });
  }

  async function send(mail: { to: string | string[]; subject: string; text?: string; html?: string; cc?: string }) {
    const transport = nodemailer.createTransport({ host: 'localhost', port: sandbox.ports.smtp, secure: false });
    try {
      return await transport.sendMail({ from: FROM, ...mail });
    } finally {
      transport.close();
    }
  }

  async function messages(query = ''): Promise<StoredMail[]> {
    const res = await fetch(`${sandbox.url}/mailbox/api/messages${query}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { messages: StoredMail[] }).messages;
  }

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-mail-'));
    sandbox = await start();
  });

  afterEach(async () => {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('when the portal sends a mail over SMTP, then the mailbox stores it with all envelope recipients', async () => {
    const to = uniqueAddress('anna');
    const cc = uniqueAddress('kopie');

    await send({ to, cc, subject: 'Dein Bestätigungscode', text: 'Dein Code: 123456', html: '<p>Dein Code: <b>123456</b></p>' });

    const [mail] = await messages();
    expect(mail).toMatchObject({
      from: FROM,
      to: [to, cc],
      subject: 'Dein Bestätigungscode',
      text: expect.stringContaining('Dein Code: 123456'),
      html: expect.stringContaining('<p>Dein Code: <b>123456</b></p>'),
    });
    expect(mail?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(mail?.receivedAt ?? '')).not.toBeNaN();

    const single = await fetch(`${sandbox.url}/mailbox/api/messages/${mail?.id}`);
    expect(await single.json()).toEqual(mail);
    expect((await fetch(`${sandbox.url}/mailbox/api/messages/unbekannt`)).status).toBe(404);
  });

  it('lists mails newest first and filters by recipient, case-insensitively', async () => {
    const anna = uniqueAddress('anna');
    const jonas = uniqueAddress('jonas');
    await send({ to: anna, subject: 'Erste' });
    await send({ to: jonas, subject: 'Zweite' });
    await send({ to: anna, subject: 'Dritte' });

    expect((await messages()).map((m) => m.subject)).toEqual(['Dritte', 'Zweite', 'Erste']);
    const forAnna = await messages(`?to=${encodeURIComponent(anna.toUpperCase())}`);
    expect(forAnna.map((m) => m.subject)).toEqual(['Dritte', 'Erste']);
    expect(await messages(`?to=${encodeURIComponent(uniqueAddress('niemand'))}`)).toEqual([]);
  });

  it('escapes mail content in the HTML mailbox', async () => {
    const to = uniqueAddress('anna');
    await send({
      to,
      subject: '<script>alert(1)</script>',
      text: 'Bitte bestätige: http://localhost:4321/bestaetigen?token=a&b=<c>.',
      html: '<p onclick="x()">Hallo "Anna"</p><script>alert(2)</script>',
    });

    const list = await fetch(`${sandbox.url}/mailbox`);
    const listHtml = await list.text();
    expect(list.headers.get('content-type')).toContain('text/html');
    expect(listHtml).toContain('<html lang="de">');
    expect(listHtml).toContain('<title>Postfach – Sandbox</title>');
    expect(listHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(listHtml).not.toContain('<script>');

    const [mail] = await messages();
    const detail = await fetch(`${sandbox.url}/mailbox/${mail?.id}`);
    const detailHtml = await detail.text();
    expect(detailHtml).not.toContain('<script>');
    expect(detailHtml).toContain(
      '<iframe sandbox srcdoc="&lt;p onclick=&quot;x()&quot;&gt;Hallo &quot;Anna&quot;&lt;/p&gt;&lt;script&gt;alert(2)&lt;/script&gt;',
    );
    expect(detailHtml).toContain(
      '<a href="http://localhost:4321/bestaetigen?token=a&amp;b=">http://localhost:4321/bestaetigen?token=a&amp;b=</a>&lt;c&gt;.',
    );
    expect(detail.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('shows the empty state and clears all mails', async () => {
    await send({ to: uniqueAddress('anna'), subject: 'Weg damit' });

    const cleared = await fetch(`${sandbox.url}/mailbox/clear`, { method: 'POST', redirect: 'manual' });
    expect(cleared.status).toBe(303);
    expect(await messages()).toEqual([]);
    expect(await (await fetch(`${sandbox.url}/mailbox`)).text()).toContain('Noch keine E-Mails empfangen.');

    const foreign = await fetch(`${sandbox.url}/mailbox/clear`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);

    await send({ to: uniqueAddress('jonas'), subject: 'Nochmal' });
    expect((await fetch(`${sandbox.url}/mailbox/api/messages`, { method: 'DELETE' })).status).toBe(204);
    expect(await messages()).toEqual([]);
  });

  it('keeps mails across a restart', async () => {
    const to = uniqueAddress('anna');
    await send({ to, subject: 'Bleibt' });
    await sandbox.close();

    const file = JSON.parse(await readFile(path.join(dataDir, 'mails.json'), 'utf8')) as StoredMail[];
    expect(file.map((m) => m.subject)).toEqual(['Bleibt']);

    sandbox = await start();
    expect((await messages(`?to=${to}`)).map((m) => m.subject)).toEqual(['Bleibt']);
  });
});

describe('mailbox formatting', () => {
  it('formats dates the German way in German time', () => {
    expect(formatGermanDate('2026-11-22T13:05:00.000Z')).toBe('22.11.2026, 14:05');
  });

  it('turns only http(s) URLs into links and escapes the rest', () => {
    expect(linkify('Siehe <https://example.de/a?b=1&c=2>, javascript:alert(1)')).toBe(
      'Siehe &lt;<a href="https://example.de/a?b=1&amp;c=2">https://example.de/a?b=1&amp;c=2</a>&gt;, javascript:alert(1)',
    );
  });

  it('collects the links of a mail once', () => {
    expect(
      extractLinks({
        html: '<a href="http://localhost:4321/x?a=1&amp;b=2">x</a><a href=\'mailto:a@b.de\'>m</a>',
        text: 'Link: http://localhost:4321/x?a=1&b=2.',
      }),
    ).toEqual(['http://localhost:4321/x?a=1&b=2']);
  });
});
