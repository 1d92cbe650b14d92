import { createHmac } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { BrowserLikeClient } from '../../tests/support/browser-like-client.ts';
import { jsonCall } from '../../tests/support/json-call.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { usePortal } from '../../tests/support/use-portal.ts';


const { portal, data } = usePortal();

const call = (client: BrowserLikeClient, method: string, path: string, body?: unknown) => jsonCall(portal.url, client, method, path, body);

const base = (projectId: number) => `/api/v1/internal/project/${projectId}/embedded-signing`;
const POA = 'NETWORK_OPERATOR_POWER_OF_ATTORNEY';

/** A signed-in customer with a project of theirs at the step "Vollmacht Netzbetreiber". */
async function customerAtPowerOfAttorney() {
  const customer = await data.customer();
  const project = await data.project({ phase: 'PLANNING', step: 'POWER_OF_ATTORNEY', portalUserIds: [customer.sub] });
  return { customer, project, client: await signedInClient(portal.url, customer) };
}

const journeyOf = async (client: BrowserLikeClient, projectId: number) =>
  (await call(client, 'GET', `/api/v1/internal/project/${projectId}/journey`)).body as {
    current: { step: string } | null;
    signedDocuments: { envelopeId: string; href: string }[];
    actions: { kind: string; signingType: string | null }[];
  };

/** What the customer does on the provider's page: open the single-use URL, then sign, cancel or decline. */
async function actAtProvider(url: string, action: 'sign' | 'cancel' | 'decline') {
  const open = await fetch(url, { redirect: 'manual' });
  expect(open.status).toBe(200);
  const body = new URLSearchParams({ action, typedName: 'Erika Test', typedOnly: 'on', consent: 'on' });
  const answer = await fetch(url, { method: 'POST', body, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location') ?? '');
}

describe('embedded signing of the grid-operator power of attorney', () => {
  it('advances the step only after the provider confirms the signature; complete twice is harmless; the signed PDF downloads', async () => {
    const { project, client } = await customerAtPowerOfAttorney();
    expect((await call(client, 'GET', `${base(project.id)}/envelope?type=${POA}`)).body).toEqual({ envelope: null });

    const initiated = await call(client, 'POST', `${base(project.id)}/initiate/?documentType=${POA}`);
    expect(initiated.status).toBe(200);
    const { envelopeId, url } = initiated.body as { envelopeId: string; url: string };
    expect(url).toContain('/esign/signing/');

    // Claiming completion before signing changes nothing.
    const early = await call(client, 'POST', `${base(project.id)}/complete?documentType=${POA}&envelopeId=${envelopeId}`);
    expect(early.status).toBe(200);
    expect(early.body?.envelope).toMatchObject({ status: 'OPEN', documentHref: null });
    expect((await journeyOf(client, project.id)).current?.step).toBe('POWER_OF_ATTORNEY');

    const back = await actAtProvider(url, 'sign');
    expect(back.searchParams.get('event')).toBe('signing_complete');
    expect(back.pathname).toBe('/home/app/my-project/planning-phase/power-of-attorney');
    expect(back.searchParams.get('signing')).toBe(envelopeId);

    const done = await call(client, 'POST', `${base(project.id)}/complete?documentType=${POA}&envelopeId=${envelopeId}`);
    expect(done.body?.envelope).toMatchObject({ status: 'COMPLETED', envelopeId });
    const again = await call(client, 'POST', `${base(project.id)}/complete?documentType=${POA}&envelopeId=${envelopeId}`);
    expect(again.body?.envelope).toMatchObject({ status: 'COMPLETED', completedAt: done.body?.envelope.completedAt });

    const journey = await journeyOf(client, project.id);
    expect(journey.current?.step).toBe('POWER_OF_ATTORNEY_MASTR');
    expect(journey.signedDocuments.map((d) => d.envelopeId)).toEqual([envelopeId]);
    const pdf = await client.request(`${portal.url}${journey.signedDocuments[0]?.href}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment;/);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The provider's signed copy: the power of attorney plus its audit-trail page.
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);

    const twice = await call(client, 'POST', `${base(project.id)}/initiate/?documentType=${POA}`);
    expect(twice.status).toBe(409);
    expect(twice.body?.code).toBe('SIGNING.ALREADY_SIGNED');
  });

  it('resumes after a cancel and after an expired link with a fresh URL for the same envelope, and starts anew after a decline', async () => {
    const { project, client } = await customerAtPowerOfAttorney();
    const first = (await call(client, 'POST', `${base(project.id)}/initiate/?documentType=${POA}`)).body as { envelopeId: string; url: string };
    expect((await actAtProvider(first.url, 'cancel')).searchParams.get('event')).toBe('cancel');
    expect((await call(client, 'POST', `${base(project.id)}/complete?documentType=${POA}&envelopeId=${first.envelopeId}`)).body?.envelope.status).toBe('OPEN');

    const resumed = (await call(client, 'POST', `${base(project.id)}/initiate/?documentType=${POA}`)).body as { envelopeId: string; url: string };
    expect(resumed.envelopeId).toBe(first.envelopeId);
    expect(resumed.url).not.toBe(first.url);
    // The used link is dead: the provider shows that it is over and links back to the portal.
    expect((await fetch(first.url, { redirect: 'manual' })).status).toBe(410);

    const fresh = await call(client, 'PUT', `${base(project.id)}/${first.envelopeId}`);
    expect(fresh.status).toBe(200);
    expect((fresh.body as { envelopeId: string }).envelopeId).toBe(first.envelopeId);

    expect((await actAtProvider((fresh.body as { url: string }).url, 'decline')).searchParams.get('event')).toBe('decline');
    expect((await call(client, 'GET', `${base(project.id)}/envelope?type=${POA}`)).body?.envelope.status).toBe('DECLINED');
    expect((await call(client, 'PUT', `${base(project.id)}/${first.envelopeId}`)).status).toBe(409);
    const anew = (await call(client, 'POST', `${base(project.id)}/initiate/?documentType=${POA}`)).body as { envelopeId: string };
    expect(anew.envelopeId).not.toBe(first.envelopeId);
    expect((await journeyOf(client, project.id)).current?.step).toBe('POWER_OF_ATTORNEY');
  });

  it('voids an open envelope, and refuses what the project does not wait for', async () => {
    const { project, client } = await customerAtPowerOfAttorney();
    const { envelopeId } = (await call(client, 'POST', `${base(project.id)}/initiate/?documentType=${POA}`)).body as { envelopeId: string };
    const voided = await call(client, 'DELETE', `${base(project.id)}/${envelopeId}`);
    expect(voided.body?.envelope.status).toBe('VOIDED');
    expect((await call(client, 'DELETE', `${base(project.id)}/${envelopeId}`)).status).toBe(409);

    const mastr = await call(client, 'POST', `${base(project.id)}/initiate/?documentType=MARKET_REGISTER_AUTHORIZATION`);
    expect(mastr.status).toBe(409);
    expect(mastr.body?.code).toBe('SIGNING.NOT_EXPECTED');
    expect((await call(client, 'POST', `${base(project.id)}/initiate/?documentType=SOMETHING`)).status).toBe(400);
  });

  it('needs the representative’s name for a DC representative power of attorney', async () => {
    const customer = await data.customer();
    const project = await data.project({ phase: 'ASSEMBLY', step: 'DC', portalUserIds: [customer.sub] });
    const journey = await (await fetch(`${portal.managementApiUrl}/projects/${project.id}/journey`, { headers: { authorization: 'Bearer local-development-management-token' } })).json();
    const start = new Date(Date.now() + 3 * 86_400_000);
    journey.appointments = [{ kind: 'DC', start: start.toISOString(), end: new Date(start.getTime() + 8 * 3_600_000).toISOString(), status: 'CONFIRMED', representative: null }];
    await fetch(`${portal.sandboxUrl}/management/_control/projects/${project.id}/journey`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(journey) });
    const client = await signedInClient(portal.url, customer);

    const missing = await call(client, 'POST', `${base(project.id)}/initiate/?documentType=DC_REPRESENTATIVE_POA`, {});
    expect(missing.status).toBe(400);
    expect(missing.body?.code).toBe('SIGNING.REPRESENTATIVE_REQUIRED');
    const ok = await call(client, 'POST', `${base(project.id)}/initiate/?documentType=DC_REPRESENTATIVE_POA`, { representative: 'Maria Test' });
    expect(ok.status).toBe(200);
    await actAtProvider((ok.body as { url: string }).url, 'sign');
    await call(client, 'POST', `${base(project.id)}/complete?documentType=DC_REPRESENTATIVE_POA&envelopeId=${(ok.body as { envelopeId: string }).envelopeId}`);
    const after = await (await fetch(`${portal.managementApiUrl}/projects/${project.id}/journey`, { headers: { authorization: 'Bearer local-development-management-token' } })).json();
    expect(after.appointments[0].representative).toBe('Maria Test');
    expect(after.steps.find((s: { step: string }) => s.step === 'DC').status).toBe('ACTIVE');
  });

  it('answers 404 for another customer’s project and envelope, exactly like unknown ones', async () => {
    const { project, client } = await customerAtPowerOfAttorney();
    const { envelopeId } = (await call(client, 'POST', `${base(project.id)}/initiate/?documentType=${POA}`)).body as { envelopeId: string };
    const stranger = await signedInClient(portal.url, await data.customer());
    const own = await data.project({ phase: 'PLANNING', step: 'POWER_OF_ATTORNEY', portalUserIds: [] });

    for (const [method, path] of [
      ['GET', `${base(project.id)}/envelope?type=${POA}`],
      ['POST', `${base(project.id)}/initiate/?documentType=${POA}`],
      ['POST', `${base(project.id)}/complete?documentType=${POA}&envelopeId=${envelopeId}`],
      ['PUT', `${base(project.id)}/${envelopeId}`],
      ['DELETE', `${base(project.id)}/${envelopeId}`],
      ['GET', `${base(project.id)}/${envelopeId}/document`],
      ['GET', `${base(own.id)}/envelope?type=${POA}`],
    ] as const) {
      const answer = await call(stranger, method, path);
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    // The owner asking with an envelope of another project is 404 too.
    const other = await data.project({ phase: 'PLANNING', step: 'POWER_OF_ATTORNEY', portalUserIds: [] });
    expect((await call(client, 'POST', `${base(other.id)}/complete?documentType=${POA}&envelopeId=${envelopeId}`)).status).toBe(404);
  });
});

describe('the provider’s completion webhook', () => {
  const post = (body: string, signature?: string) =>
    fetch(`${portal.url}/api/esign/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-docusign-signature-1': signature } : {}) },
      body,
    });
  const sign = (body: string) => createHmac('sha256', portal.config.ESIGN_WEBHOOK_SECRET).update(body).digest('base64');

  it('refuses a forged or unsigned call with 401 and advances nothing without a signature at the provider', async () => {
    const { project, client } = await customerAtPowerOfAttorney();
    const { envelopeId } = (await call(client, 'POST', `${base(project.id)}/initiate/?documentType=${POA}`)).body as { envelopeId: string };
    const body = JSON.stringify({ event: 'envelope-completed', generatedDateTime: new Date().toISOString(), data: { envelopeId } });

    expect((await post(body)).status).toBe(401);
    expect((await post(body, createHmac('sha256', 'wrong-secret-123456').update(body).digest('base64'))).status).toBe(401);
    expect((await post(body, sign(`${body} `))).status).toBe(401);

    // Correctly signed, but the provider has no signature: nothing changes.
    expect((await post(body, sign(body))).status).toBe(204);
    expect((await journeyOf(client, project.id)).current?.step).toBe('POWER_OF_ATTORNEY');
    const unknown = JSON.stringify({ event: 'envelope-completed', generatedDateTime: new Date().toISOString(), data: { envelopeId: 'unknown' } });
    expect((await post(unknown, sign(unknown))).status).toBe(204);
  });

  it('refuses a captured call sent again later: the signed body’s time must be within five minutes', async () => {
    const { project, client } = await customerAtPowerOfAttorney();
    const { envelopeId } = (await call(client, 'POST', `${base(project.id)}/initiate/?documentType=${POA}`)).body as { envelopeId: string };
    const at = (minutesAgo: number) => JSON.stringify({ event: 'envelope-completed', generatedDateTime: new Date(Date.now() - minutesAgo * 60_000).toISOString(), data: { envelopeId } });
    for (const [why, body] of [
      ['ten minutes old', at(10)],
      ['from the future', at(-10)],
      ['without a time', JSON.stringify({ event: 'envelope-completed', data: { envelopeId } })],
      ['an unreadable time', JSON.stringify({ event: 'envelope-completed', generatedDateTime: 'gestern', data: { envelopeId } })],
    ] as const) {
      expect((await post(body, sign(body))).status, why).toBe(401);
    }
    // One body, signed as sent: two calls of at(1) may fall into different milliseconds.
    const fresh = at(1);
    expect((await post(fresh, sign(fresh))).status).toBe(204);
  });

  it('completes the signing on its own when the customer never comes back to the portal', async () => {
    const { project, client } = await customerAtPowerOfAttorney();
    const { url } = (await call(client, 'POST', `${base(project.id)}/initiate/?documentType=${POA}`)).body as { url: string };
    await actAtProvider(url, 'sign');
    // The stand-in posts its signed webhook to the portal; nobody calls complete.
    await expect.poll(async () => (await journeyOf(client, project.id)).current?.step, { timeout: 10_000 }).toBe('POWER_OF_ATTORNEY_MASTR');
  });
});
