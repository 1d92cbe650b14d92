import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ESIGN_ACCOUNT_ID, createEsignRouter, webhookSignature } from './router.ts';
import { EsignStore } from './store.ts';

const TOKEN = 'test-esign-token-0123456789';
const SECRET = 'test-esign-webhook-secret';

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function samplePdf(): Promise<string> {
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText('Vollmacht Netzbetreiber');
  return Buffer.from(await pdf.save()).toString('base64');
}

describe('e-signature stand-in (DocuSign-like embedded signing)', () => {
  let dir: string;
  let clock: number;
  let provider: { server: http.Server; url: string };
  let portal: { server: http.Server; url: string };
  const webhooks: { body: string; signature: string | undefined }[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'esign-'));
    clock = Date.parse('2026-11-24T10:00:00Z');
    webhooks.length = 0;
    const store = await EsignStore.open(path.join(dir, 'esign.json'), () => {});
    const app = express();
    app.use('/esign', createEsignRouter(store, { token: TOKEN, webhookSecret: SECRET, log: () => {}, now: () => new Date(clock) }));
    provider = await listen(app);
    portal = await listen((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        webhooks.push({ body, signature: req.headers['x-docusign-signature-1'] as string | undefined });
        res.writeHead(200).end();
      });
    });
  });
  afterEach(async () => {
    provider.server.close();
    portal.server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const api = (p: string, init: RequestInit = {}) =>
    fetch(`${provider.url}/esign/restapi/v2.1/accounts/${ESIGN_ACCOUNT_ID}${p}`, {
      ...init,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...init.headers },
    });
  const returnUrl = () => `${portal.url}/home/app/my-project?step=grid`;
  const signer = { recipientId: '1', name: 'Anna Schmidt', email: 'anna.schmidt@example.de', clientUserId: 'kp|anna' };

  async function envelope() {
    const response = await api('/envelopes', {
      method: 'POST',
      body: JSON.stringify({
        emailSubject: 'Vollmacht Netzbetreiber',
        documents: [{ documentId: '1', name: 'Vollmacht Netzbetreiber', documentBase64: await samplePdf() }],
        recipients: { signers: [signer] },
        status: 'sent',
        eventNotification: { url: `${portal.url}/api/esign/webhook` },
      }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { envelopeId: string }).envelopeId;
  }
  async function signingUrl(envelopeId: string) {
    const response = await api(`/envelopes/${envelopeId}/views/recipient`, {
      method: 'POST',
      body: JSON.stringify({ returnUrl: returnUrl(), clientUserId: signer.clientUserId, userName: signer.name, email: signer.email, authenticationMethod: 'none' }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { url: string }).url;
  }
  const submit = (url: string, fields: Record<string, string>) =>
    fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  const status = async (id: string) => ((await (await api(`/envelopes/${id}`)).json()) as { status: string }).status;

  it('signs with the typed name: page once, redirect with signing_complete, stamped PDF, HMAC-signed webhook', async () => {
    const id = await envelope();
    expect(await status(id)).toBe('sent');
    const url = await signingUrl(id);

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${portal.url}`);
    const html = await page.text();
    expect(html).toContain('Dokument unterschreiben');
    expect(html).toContain('mein getippter Name gilt als meine Unterschrift');
    expect(await status(id)).toBe('delivered');
    // Single use: a second opening is refused.
    expect((await fetch(url)).status).toBe(410);

    const done = await submit(url, { action: 'sign', typedName: 'Anna Schmidt', typedOnly: '1', consent: '1' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${returnUrl()}&event=signing_complete`);
    expect(await status(id)).toBe('completed');

    const signed = await api(`/envelopes/${id}/documents/combined`);
    expect(signed.headers.get('content-type')).toContain('application/pdf');
    const pdf = await PDFDocument.load(new Uint8Array(await signed.arrayBuffer()));
    expect(pdf.getPageCount()).toBe(2); // the document and the audit trail

    await expect.poll(() => webhooks.length).toBe(1);
    const [hook] = webhooks;
    expect(JSON.parse(hook?.body ?? '{}')).toMatchObject({ event: 'envelope-completed', data: { envelopeId: id, envelopeSummary: { status: 'completed' } } });
    expect(hook?.signature).toBe(webhookSignature(SECRET, hook?.body ?? ''));
  });

  it('takes a drawn signature as PNG', async () => {
    const id = await envelope();
    const url = await signingUrl(id);
    await fetch(url);
    // A 1×1 PNG, as the pad sends it.
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const done = await submit(url, { action: 'sign', typedName: 'Anna Schmidt', signaturePng: `data:image/png;base64,${png}`, consent: '1' });
    expect(done.status).toBe(303);
    expect(await status(id)).toBe('completed');
  });

  it('explains every missing input in German and keeps the session open', async () => {
    const id = await envelope();
    const url = await signingUrl(id);
    await fetch(url);
    const invalid = await submit(url, { action: 'sign', typedName: ' ' });
    expect(invalid.status).toBe(422);
    const html = await invalid.text();
    expect(html).toContain('Bitte gib Deinen Vor- und Nachnamen ein.');
    expect(html).toContain('Bitte zeichne Deine Unterschrift oder bestätige');
    expect(html).toContain('Bitte bestätige, dass Du das Dokument gelesen hast');
    expect(html).toContain('aria-invalid="true"');
    expect(await status(id)).toBe('delivered');
    expect((await submit(url, { action: 'sign', typedName: 'Anna Schmidt', typedOnly: '1', consent: '1' })).status).toBe(303);
  });

  it('a cancelled signing can be resumed with a fresh URL; the old one is used up', async () => {
    const id = await envelope();
    const first = await signingUrl(id);
    await fetch(first);
    const cancelled = await submit(first, { action: 'cancel' });
    expect(cancelled.headers.get('location')).toBe(`${returnUrl()}&event=cancel`);
    expect(await status(id)).toBe('delivered');
    expect((await submit(first, { action: 'sign', typedName: 'Anna Schmidt', typedOnly: '1', consent: '1' })).headers.get('location')).toContain('event=session_timeout');

    const second = await signingUrl(id);
    expect((await fetch(second)).status).toBe(200);
    expect((await submit(second, { action: 'sign', typedName: 'Anna Schmidt', typedOnly: '1', consent: '1' })).status).toBe(303);
    expect(await status(id)).toBe('completed');
  });

  it('a signing URL expires after five minutes: back to the portal with ttl_expired', async () => {
    const id = await envelope();
    const url = await signingUrl(id);
    clock += 5 * 60 * 1000 + 1;
    const expired = await fetch(url, { redirect: 'manual' });
    expect(expired.status).toBe(303);
    expect(expired.headers.get('location')).toBe(`${returnUrl()}&event=ttl_expired`);
    expect(await status(id)).toBe('sent');
  });

  it('decline ends the envelope; only open envelopes can be voided, and a voided one cannot be signed', async () => {
    const declinedId = await envelope();
    const url = await signingUrl(declinedId);
    await fetch(url);
    expect((await submit(url, { action: 'decline' })).headers.get('location')).toContain('event=decline');
    expect(await status(declinedId)).toBe('declined');
    const late = await api(`/envelopes/${declinedId}`, { method: 'PUT', body: JSON.stringify({ status: 'voided', voidedReason: 'neu' }) });
    expect(late.status).toBe(400);

    const voidedId = await envelope();
    const link = await signingUrl(voidedId);
    const voided = await api(`/envelopes/${voidedId}`, { method: 'PUT', body: JSON.stringify({ status: 'voided', voidedReason: 'Projekt storniert' }) });
    expect(voided.status).toBe(200);
    expect(await status(voidedId)).toBe('voided');
    expect((await fetch(link)).status).toBe(410);
  });

  it('refuses a wrong token, a non-PDF, a second document and a recipient other than the embedded signer', async () => {
    expect((await api('/envelopes/x', { headers: { authorization: 'Bearer falsch' } })).status).toBe(401);
    const base = {
      emailSubject: 'x',
      recipients: { signers: [signer] },
      status: 'sent',
    };
    const notPdf = await api('/envelopes', {
      method: 'POST',
      body: JSON.stringify({ ...base, documents: [{ documentId: '1', name: 'x', documentBase64: Buffer.from('hallo').toString('base64') }] }),
    });
    expect(notPdf.status).toBe(400);
    const pdf = await samplePdf();
    const two = await api('/envelopes', {
      method: 'POST',
      body: JSON.stringify({ ...base, documents: [1, 2].map((n) => ({ documentId: String(n), name: 'x', documentBase64: pdf })) }),
    });
    expect(two.status).toBe(400);
    const id = await envelope();
    const stranger = await api(`/envelopes/${id}/views/recipient`, {
      method: 'POST',
      body: JSON.stringify({ returnUrl: returnUrl(), clientUserId: 'kp|mallory', userName: 'M', email: signer.email, authenticationMethod: 'none' }),
    });
    expect(stranger.status).toBe(400);
    expect((await api('/envelopes/unbekannt')).status).toBe(404);
  });
});
