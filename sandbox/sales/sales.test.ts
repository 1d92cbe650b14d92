import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '~/bff/config.ts';
import { sandboxWithPortal } from '~/tests/support/sandbox-with-portal.ts';
import type { SandboxHandle } from '../server.ts';

describe('sandbox sales service', () => {
  let sandbox: SandboxHandle;
  let config: Config;
  let close: () => Promise<void>;
  const events: { body: { event: string; data: Record<string, string> }; authorization: string }[] = [];

  beforeAll(async () => {
    ({ sandbox, config, close } = await sandboxWithPortal({
      name: 'sales',
      answer: ({ body, headers }, res) => {
        events.push({ body: JSON.parse(body), authorization: String(headers.authorization) });
        res.writeHead(202).end();
      },
    }));
  });
  afterAll(() => close());

  const api = (p: string, init: RequestInit = {}) =>
    fetch(`${sandbox.url}/sales/api/v1${p}`, { ...init, headers: { authorization: `Bearer ${config.SALES_API_TOKEN}`, 'content-type': 'application/json', ...init.headers } });
  const lead = {
    externalRef: '0b6f5d1e-0000-4000-8000-000000000001',
    firstName: 'Lena',
    lastName: 'Krüger',
    email: 'lena.krueger@example.de',
    phone: '+436641234567',
    topics: ['SOLAR', 'STORAGE'],
    leadsourceId: 'LS-2101',
    contactConsentAt: new Date().toISOString(),
    verifiedAt: new Date().toISOString(),
  };

  it('takes a lead once per portal reference and assigns a representative with photo, video and German captions', async () => {
    expect((await fetch(`${sandbox.url}/sales/api/v1/leads/L-1`)).status).toBe(401);
    const created = await api('/leads', { method: 'POST', body: JSON.stringify(lead) });
    expect(created.status).toBe(201);
    const taken = (await created.json()) as { id: string; status: string; salesRep: { name: string; whatsapp: string; video: { url: string; captionsUrl: string } } };
    expect(taken).toMatchObject({ status: 'NEW', salesRep: { name: 'Julia Brandt' } });
    const again = await api('/leads', { method: 'POST', body: JSON.stringify({ ...lead, firstName: 'Lena Marie' }) });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: string }).id).toBe(taken.id);

    const captions = await fetch(taken.salesRep.video.captionsUrl, { headers: { authorization: `Bearer ${config.SALES_API_TOKEN}` } });
    expect(captions.headers.get('content-type')).toContain('text/vtt');
    expect(await captions.text()).toMatch(/^WEBVTT[\s\S]*00:00:00\.000 --> 00:00:04\.000\nHallo, ich bin Julia/);
    const video = await fetch(taken.salesRep.video.url, { headers: { authorization: `Bearer ${config.SALES_API_TOKEN}` } });
    expect(video.headers.get('content-type')).toBe('video/mp4');
    const bytes = Buffer.from(await video.arrayBuffer());
    // An ISO base media file: the `ftyp` box right at the start.
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect((await api('/leads', { method: 'POST', body: JSON.stringify({ ...lead, phone: '0171' }) })).status).toBe(400);
  });

  it('serves the video in byte ranges (206, 416) so a player can seek', async () => {
    const { leads } = (await (await fetch(`${sandbox.url}/sales/_control/leads`)).json()) as { leads: { salesRep: { video: { url: string } } }[] };
    const url = leads[0]?.salesRep.video.url ?? '';
    const auth = { authorization: `Bearer ${config.SALES_API_TOKEN}` };
    const whole = await fetch(url, { headers: auth });
    const size = (await whole.arrayBuffer()).byteLength;
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const part = await fetch(url, { headers: { ...auth, range: 'bytes=10-19' } });
    expect([part.status, part.headers.get('content-range'), (await part.arrayBuffer()).byteLength]).toEqual([206, `bytes 10-19/${size}`, 10]);
    const tail = await fetch(url, { headers: { ...auth, range: 'bytes=-5' } });
    expect([tail.status, tail.headers.get('content-range')]).toEqual([206, `bytes ${size - 5}-${size - 1}/${size}`]);
    await tail.arrayBuffer();
    const outside = await fetch(url, { headers: { ...auth, range: `bytes=${size}-` } });
    expect([outside.status, outside.headers.get('content-range')]).toEqual([416, `bytes */${size}`]);
  });

  it('takes the contact details a lead adds in the portal (strict) and shows them on the tester page', async () => {
    const { leads } = (await (await fetch(`${sandbox.url}/sales/_control/leads`)).json()) as { leads: { id: string }[] };
    const id = leads[0]?.id ?? '';
    const contact = { salutation: 'MS', firstName: 'Lena', lastName: 'Krüger', phone: '+436641234567', address: { street: 'Hauptstraße', houseNumber: '3', zip: '5020', city: 'Salzburg' }, preferredContact: 'WHATSAPP', topics: ['SOLAR'] };
    const saved = await api(`/leads/${id}`, { method: 'PATCH', body: JSON.stringify(contact) });
    expect(await saved.json()).toMatchObject({ id, topics: ['SOLAR'], contact: { preferredContact: 'WHATSAPP', address: { city: 'Salzburg' } } });
    expect((await api(`/leads/${id}`, { method: 'PATCH', body: JSON.stringify({ ...contact, status: 'WON' }) })).status).toBe(400);
    expect((await api('/leads/L-0', { method: 'PATCH', body: JSON.stringify(contact) })).status).toBe(404);
    expect(await (await fetch(`${sandbox.url}/sales/`)).text()).toContain('Hauptstraße 3, 5020 Salzburg');
  });

  it('closes a lead as won with the project created at the management service from its data, and tells the portal with a funnel token; the tester page is German', async () => {
    const { leads } = (await (await fetch(`${sandbox.url}/sales/_control/leads`)).json()) as { leads: { id: string }[] };
    const id = leads[0]?.id ?? '';
    const tester = (fields: Record<string, string>) =>
      fetch(`${sandbox.url}/sales/tester/leads/${id}/won`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ customerNumber: '780123', ...fields }).toString(),
      });
    // The management service takes German installation addresses only: the lead's Austrian one is refused, nothing is won.
    const refused = await tester({});
    expect(decodeURIComponent(refused.headers.get('location') ?? '')).toContain('Bitte gib die Adresse der Anlage an');
    expect(events).toEqual([]);

    const won = await tester({ street: 'Lindenallee', houseNumber: '7', zip: '04109', city: 'Leipzig' });
    expect(won.status).toBe(303);
    const sold = (await (await api(`/leads/${id}`)).json()) as { status: string; customerNumber: string; projectId: number };
    expect(sold).toMatchObject({ status: 'WON', customerNumber: '780123', projectId: expect.any(Number) });
    const { items } = (await (await fetch(`${sandbox.url}/management/_control/projects`)).json()) as { items: Record<string, unknown>[] };
    expect(items.find((p) => p.id === sold.projectId)).toMatchObject({
      customerNumber: '780123',
      address: { street: 'Lindenallee', houseNumber: '7', zip: '04109', city: 'Leipzig' },
      contact: { name: 'Lena Krüger', emails: ['lena.krueger@example.de'] },
      productLines: ['SOLAR'],
      phase: 'PLANNING',
      step: 'OFFER_CONFIRMATION',
    });
    expect(events.map((e) => e.body)).toEqual([expect.objectContaining({ event: 'lead.won', data: { salesLeadId: id, customerNumber: '780123' } })]);
    const token = events[0]?.authorization.replace('Bearer ', '') ?? '';
    const { payload } = await jwtVerify(token, new TextEncoder().encode(config.FUNNEL_API_SECRET), { audience: config.API_AUDIENCE, subject: 'funnel' });
    expect(payload.sub).toBe('funnel');
    const page = await (await fetch(`${sandbox.url}/sales/`)).text();
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('gewonnen (Kunde)');
    expect(page).toContain('<track kind="captions" srclang="de"');
  });
});
