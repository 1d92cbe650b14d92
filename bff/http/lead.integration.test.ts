import { describe, expect, it } from 'vitest';
import { BrowserLikeClient } from '../../tests/support/browser-like-client.ts';
import { identityAdminHeaders } from '../../tests/support/identity-admin.ts';
import { jsonCall, type JsonBody } from '../../tests/support/json-call.ts';
import { e164, signInWithEmailCode, verifiedLead } from '../../tests/support/lead.ts';
import type { SessionUser } from '../contracts/auth.ts';
import { createRequestContext } from '../domain/request-context.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { testData } from '../../tests/support/test-data.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

// Behind a proxy as in production, so each test browser is its own client address (the funnel's per-IP limits).
const { portal } = usePortal({ env: { TRUST_PROXY: 'true' }, data: 'none' });

const INTERNAL = '/api/v1/internal';
const adminHeaders = () => identityAdminHeaders(portal.config);
const identityAccount = async (email: string) => {
  const response = await fetch(`${portal.config.services.identityAdmin.url}/users?email=${encodeURIComponent(email)}&exact=true`, { headers: await adminHeaders() });
  return ((await response.json()) as { id: string; attributes: Record<string, string[]>; emailVerified: boolean }[])[0];
};
const roleNames = async (id: string) => {
  const response = await fetch(`${portal.config.services.identityAdmin.url}/users/${encodeURIComponent(id)}/role-mappings/realm`, { headers: await adminHeaders() });
  return ((await response.json()) as { name: string }[]).map((role) => role.name);
};

/** A verified lead signed in through the lead login with the e-mail code. */
async function signedInLead(options: Parameters<typeof verifiedLead>[2] = {}) {
  const lead = await verifiedLead(portal.url, portal.sandboxUrl, options);
  const signIn = await signInWithEmailCode(lead.client, portal.url, portal.sandboxUrl, lead.email);
  const row = await portal.knex('funnel_lead').where({ phoneNumber: e164(lead.phone) }).first();
  return { ...lead, signIn, row };
}

describe('the lead account and the lead login', () => {
  it('creates the lead account once when the code is confirmed, and the lead login signs in with the e-mail code to the lead dashboard', async () => {
    const lead = await verifiedLead(portal.url, portal.sandboxUrl);
    const row = await portal.knex('funnel_lead').where({ phoneNumber: e164(lead.phone) }).first();
    const account = await identityAccount(lead.email);
    expect(account).toMatchObject({ emailVerified: false, attributes: { phase: ['LEAD'], phone: [e164(lead.phone)] } });
    expect(row.accountUserId).toBe(account?.id);
    expect(await roleNames(account?.id ?? '')).toEqual([portal.config.LEAD_ROLE_ID]);
    expect(await portal.knex('user_meta').where({ userId: account?.id }).first()).toMatchObject({ journeyStatus: 'REGISTERED', journeyLeadId: row.id });
    // No password: the account has no credential at the provider.
    const credentials = await fetch(`${portal.config.services.identityAdmin.url}/users/${encodeURIComponent(account?.id ?? '')}/credentials`, { headers: await adminHeaders() });
    expect(await credentials.json()).toEqual([]);

    const signIn = await signInWithEmailCode(lead.client, portal.url, portal.sandboxUrl, lead.email);
    // Identity-first: the lead login's hint went straight to the code screen with the address filled in.
    expect(signIn.startPage).toContain('Mit Code anmelden');
    expect(signIn.startPage).toContain(`value="${lead.email}"`);
    expect(signIn.url.pathname).toBe('/home/lead');
    const me = await jsonCall(portal.url, lead.client, 'GET', '/api/auth/me');
    expect(me.body).toMatchObject({ id: account?.id, email: lead.email, phase: 'LEAD', customerNumber: null, emailVerified: true });
    const login = await portal.knex('activity_log').where({ userId: account?.id, type: 'LOGIN' }).first();
    expect(await portal.knex('activity_log_login').where({ activityLogId: login.id }).first()).toMatchObject({ phase: 'LEAD' });

    // The same number through the funnel again: the same lead, no second account.
    const again = await verifiedLead(portal.url, portal.sandboxUrl, { phone: lead.phone, email: lead.email });
    expect(await portal.knex('funnel_lead').where({ phoneNumber: e164(lead.phone) })).toHaveLength(1);
    const accounts = await fetch(`${portal.config.services.identityAdmin.url}/users?email=${encodeURIComponent(lead.email)}`, { headers: await adminHeaders() });
    expect(await accounts.json()).toHaveLength(1);
    const secondSignIn = await signInWithEmailCode(again.client, portal.url, portal.sandboxUrl, lead.email);
    expect(secondSignIn.url.pathname).toBe('/home/lead');
  });

  it('the lead login offers the e-mail code first in any browser, without the funnel’s cookie', async () => {
    const lead = await verifiedLead(portal.url, portal.sandboxUrl);
    // Another browser: no funnel request, so no address to hint; the provider still starts with the code.
    const elsewhere = new BrowserLikeClient({ 'x-forwarded-for': '10.77.1.2' });
    const start = await elsewhere.request(`${portal.url}/api/auth/login-lead`);
    expect(new URL(start.headers.get('location') ?? '').searchParams.get('scope')).toBe('openid email profile email-code');
    const signIn = await signInWithEmailCode(elsewhere, portal.url, portal.sandboxUrl, lead.email);
    expect(signIn.startPage).toContain('<h1>Mit Code anmelden</h1>');
    expect(signIn.startPage).toMatch(/<input id="email"[^>]*value=""/);
    expect(signIn.url.pathname).toBe('/home/lead');
  });

  it('gives a customer’s address no second account: the funnel’s sign-in is the customer’s own', async () => {
    const data = testData(portal.sandboxUrl);
    try {
      const customer = await data.customer();
      const lead = await verifiedLead(portal.url, portal.sandboxUrl, { email: customer.email });
      const row = await portal.knex('funnel_lead').where({ phoneNumber: e164(lead.phone) }).first();
      expect(row.accountUserId).toBeNull();
      expect((await identityAccount(customer.email))?.id).toBe(customer.sub);
      const signIn = await signInWithEmailCode(lead.client, portal.url, portal.sandboxUrl, customer.email);
      expect(signIn.url.pathname).toBe('/home/dashboard');
    } finally {
      await data.cleanup();
    }
  });
});

describe('what a lead may do', () => {
  it('sends a lead on customer pages to its dashboard and refuses its calls to customer routes; customers are kept off the lead’s', async () => {
    const { client } = await signedInLead();
    const page = await client.request(`${portal.url}/home/app/my-project`);
    expect([page.status, page.headers.get('location')]).toEqual([303, '/home/lead?hinweis=kundenbereich']);
    expect((await client.request(`${portal.url}/onboarding/two-factor`)).headers.get('location')).toBe('/home/lead?hinweis=kundenbereich');
    expect((await client.request(`${portal.url}/home/lead`)).status).toBe(200);
    for (const [method, path] of [
      ['GET', `${INTERNAL}/user/project`],
      ['GET', '/api/v2/app/notification'],
      ['POST', `${INTERNAL}/user/password`],
      ['GET', `${INTERNAL}/documents`],
    ] as const) {
      const answer = await jsonCall(portal.url, client, method, path);
      expect([path, answer.status, answer.body?.code]).toEqual([path, 403, 'AUTH.CUSTOMERS_ONLY']);
    }

    const customer = await signedInClient(portal.url, 'jonas.weber@example.de');
    expect((await customer.request(`${portal.url}/home/lead`)).headers.get('location')).toBe('/home/dashboard');
    const refused = await jsonCall(portal.url, customer, 'GET', `${INTERNAL}/user/lead/sales-rep/photo`);
    expect([refused.status, refused.body?.code]).toEqual([403, 'AUTH.LEADS_ONLY']);
    // Signed out, a lead page leads to the lead login.
    const visitor = await new BrowserLikeClient().request(`${portal.url}/home/lead/contact-details`);
    expect(visitor.headers.get('location')).toBe('/api/auth/login-lead?returnTo=%2Fhome%2Flead%2Fcontact-details');
  });

  it('moves the journey status only forward (PATCH /user/journey), also through the tour’s plain forms', async () => {
    const { client, signIn } = await signedInLead();
    expect(signIn.url.pathname).toBe('/home/lead');
    const patch = (journeyStatus: string) => jsonCall(portal.url, client, 'PATCH', `${INTERNAL}/user/journey`, { journeyStatus });
    expect((await patch('CONTACT_DETAILS_COMPLETED')).body).toEqual({ journeyStatus: 'CONTACT_DETAILS_COMPLETED' });
    expect((await patch('LEAD_PHASE_TOUR_STARTED')).body).toEqual({ journeyStatus: 'LEAD_PHASE_TOUR_STARTED' });
    const back = await patch('LEAD_PHASE_TOUR_SEEN');
    expect([back.status, back.body?.code, back.body?.journeyStatus]).toEqual([409, 'ONBOARDING.JOURNEY_BACKWARDS', 'LEAD_PHASE_TOUR_STARTED']);
    expect((await patch('LEAD_PHASE_TOUR_SLIDE_2')).body).toEqual({ journeyStatus: 'LEAD_PHASE_TOUR_SLIDE_2' });
    expect((await patch('NOT_A_STATUS')).status).toBe(400);

    const form = (step: string) =>
      client.request(`${portal.url}${INTERNAL}/user/lead/tour`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        body: new URLSearchParams({ step }).toString(),
      });
    // A plain form that would go back leaves the status where it is and goes on.
    const start = await form('start');
    expect([start.status, start.headers.get('location')]).toEqual([303, '/home/lead/tour?step=1']);
    const last = await form('3');
    expect(last.headers.get('location')).toBe('/home/lead?tour=done');
    const me = await jsonCall(portal.url, client, 'GET', '/api/auth/me');
    expect((await portal.knex('user_meta').where({ userId: me.body?.id }).first()).journeyStatus).toBe('LEAD_PHASE_TOUR_SLIDE_3');
  });

  it('takes the lead’s contact details with PATCH /user/lead/{id}: strict body, own lead only, every field checked, sales told', async () => {
    const { client, row } = await signedInLead({ firstName: 'Lena' });
    const path = `${INTERNAL}/user/lead/${row.id}`;
    const details = { salutation: 'MS', firstName: 'Lena', lastName: 'Krüger-Hahn', phone: '0171 2223334', street: 'Lindenallee', houseNumber: '7a', zip: '04109', city: 'Leipzig', preferredContact: 'WHATSAPP', topics: ['SOLAR', 'CHARGE'] };

    for (const extra of [{ status: 'WON' }, { customerNumber: '780001' }, { email: 'x@example.de' }, { accountUserId: 'kp|x' }]) {
      const refused = await jsonCall(portal.url, client, 'PATCH', path, { ...details, ...extra });
      expect([Object.keys(extra)[0], refused.status, refused.body?.code]).toEqual([Object.keys(extra)[0], 400, 'VALIDATION']);
    }
    const other = await verifiedLead(portal.url, portal.sandboxUrl);
    const otherRow = await portal.knex('funnel_lead').where({ phoneNumber: e164(other.phone) }).first();
    expect((await jsonCall(portal.url, client, 'PATCH', `${INTERNAL}/user/lead/${otherRow.id}`, details)).status).toBe(404);
    expect((await jsonCall(portal.url, client, 'PATCH', `${INTERNAL}/user/lead/not-a-uuid`, details)).status).toBe(400);

    const wrong = await jsonCall(portal.url, client, 'PATCH', path, { ...details, zip: '1234', topics: [] });
    expect([wrong.status, wrong.body?.code, wrong.body?.problems, wrong.body?.topics]).toEqual([400, 'ONBOARDING.BASE_DATA_INVALID', 'zip:format,topics:required', 'required']);

    const saved = await jsonCall(portal.url, client, 'PATCH', path, details);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...details, phone: '01712223334' });
    const me = (await jsonCall(portal.url, client, 'GET', '/api/auth/me')).body;
    expect(me).toMatchObject({ lastName: 'Krüger-Hahn' });
    expect(await portal.knex('user_profile').where({ userId: me?.id }).first()).toMatchObject({ zip: '04109', preferredContact: 'WHATSAPP' });
    expect(await portal.knex('funnel_lead').where({ id: row.id }).first()).toMatchObject({ lastName: 'Krüger-Hahn', topics: ['SOLAR', 'CHARGE'] });
    expect((await portal.knex('user_meta').where({ userId: me?.id }).first()).journeyStatus).toBe('CONTACT_DETAILS_COMPLETED');
    const { leads } = (await (await fetch(`${portal.sandboxUrl}/sales/_control/leads`)).json()) as { leads: { id: string; lastName: string; contact?: Record<string, unknown> }[] };
    expect(leads.find((l) => l.id === row.salesLeadId)).toMatchObject({ lastName: 'Krüger-Hahn', contact: { preferredContact: 'WHATSAPP', address: { zip: '04109', city: 'Leipzig' } } });

    // A partial PATCH changes only what it names.
    const partial = await jsonCall(portal.url, client, 'PATCH', path, { city: 'Markkleeberg' });
    expect(partial.body).toMatchObject({ city: 'Markkleeberg', zip: '04109', lastName: 'Krüger-Hahn' });
  });

  it('the contact details’ plain form goes back with the problems and what was typed in the session, not in the address', async () => {
    const { client, row } = await signedInLead({ firstName: 'Lena' });
    const post = (fields: Record<string, string | string[]>) => {
      const body = new URLSearchParams();
      for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
      return client.request(`${portal.url}${INTERNAL}/user/lead/contact-details`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' }, body: body.toString() });
    };
    const typed = { leadId: row.id, firstName: 'Lena', lastName: 'Krüger-Hahn', phone: '0171 2223334', street: 'Lindenallee', houseNumber: '7a', zip: '0410', city: 'Leipzig', preferredContact: 'PHONE', topics: ['SOLAR', 'CHARGE'] };
    const refused = await post(typed);
    expect(refused.status).toBe(303);
    const back = new URL(refused.headers.get('location') ?? '', portal.url);
    expect([back.pathname, back.searchParams.get('error'), back.searchParams.get('fields'), back.searchParams.get('form')]).toEqual(['/home/lead/contact-details', 'ONBOARDING.BASE_DATA_INVALID', 'zip:format', 'base-data']);
    expect(back.href).not.toMatch(/Linden|Krüger|Kr%C3%BCger|2223334|Leipzig|v_/);
    const page = (await (await client.request(back.href)).json()) as { locals: { formFlash: { page: string; values: Record<string, string> } | null } };
    expect(page.locals.formFlash).toEqual({
      page: '/home/lead/contact-details',
      form: 'base-data',
      values: { firstName: 'Lena', lastName: 'Krüger-Hahn', phone: '0171 2223334', street: 'Lindenallee', houseNumber: '7a', zip: '0410', city: 'Leipzig', preferredContact: 'PHONE', topics: ['SOLAR', 'CHARGE'] },
    });

    const saved = await post({ ...typed, zip: '04109' });
    expect(saved.headers.get('location')).toBe('/home/lead?done=CONTACT_DETAILS_SAVED');
  });

  it('streams the representative’s video with ranges, its captions and photo, and logs LEAD_VIDEO_PLAYED by PATCH', async () => {
    const { client } = await signedInLead();
    const me = (await jsonCall(portal.url, client, 'GET', '/api/auth/me')).body;
    const view = await portal.services.lead.forRequest({ user: me as never, currentProjectId: undefined, lang: 'de', dataVersion: 0, once: (_k, load) => load() }).dashboard();
    const video = view.salesRep?.video;
    expect(video?.src).toBe(`${INTERNAL}/user/lead/sales-rep-video/${video?.fileUuid}`);

    const whole = await client.request(`${portal.url}${video?.src}`);
    expect([whole.status, whole.headers.get('content-type'), whole.headers.get('accept-ranges')]).toEqual([200, 'video/mp4', 'bytes']);
    const size = (await whole.arrayBuffer()).byteLength;
    const part = await client.request(`${portal.url}${video?.src}`, { headers: { range: 'bytes=100-199' } });
    expect([part.status, part.headers.get('content-range'), part.headers.get('content-length')]).toEqual([206, `bytes 100-199/${size}`, '100']);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const beyond = await client.request(`${portal.url}${video?.src}`, { headers: { range: `bytes=${size + 10}-` } });
    expect(beyond.status).toBe(416);
    const captions = await client.request(`${portal.url}${video?.captionsSrc}`);
    expect(captions.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect(await captions.text()).toMatch(/^WEBVTT[\s\S]*betreue Deine Anfrage/);
    const photo = await client.request(`${portal.url}${INTERNAL}/user/lead/sales-rep/photo`);
    expect([photo.status, photo.headers.get('x-content-type-options')]).toEqual([200, 'nosniff']);

    const other = '00000000-0000-4000-8000-000000000000';
    expect((await client.request(`${portal.url}${INTERNAL}/user/lead/sales-rep-video/${other}`)).status).toBe(404);
    expect((await jsonCall(portal.url, client, 'PATCH', `${INTERNAL}/user/lead/sales-rep-video/${other}`, {})).status).toBe(404);
    expect((await jsonCall(portal.url, client, 'PATCH', `${INTERNAL}/user/lead/sales-rep-video/${video?.fileUuid}`, { seconds: 3 })).status).toBe(400);
    const played = await jsonCall(portal.url, client, 'PATCH', `${INTERNAL}/user/lead/sales-rep-video/${video?.fileUuid}`, {});
    expect(played.status).toBe(204);
    expect(await portal.knex('activity_log').where({ userId: me?.id, type: 'LEAD_VIDEO_PLAYED' })).toHaveLength(1);
  });

  it('logs a content click (LEAD_CONTENT_CLICKED with the topic) and a contact (SALES_PERSON_CONTACTED with the method) on the way out', async () => {
    const { client } = await signedInLead();
    const me = (await jsonCall(portal.url, client, 'GET', '/api/auth/me')).body;
    const own = { headers: { 'sec-fetch-site': 'same-origin' } };
    // Started by another site (a link or an image there): it leads on, but nothing is logged.
    for (const path of ['content/STORAGE', 'contact/PHONE']) {
      for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { referer: 'https://evil.example/' }, {}] as Record<string, string>[]) {
        expect((await client.request(`${portal.url}${INTERNAL}/user/lead/${path}`, { headers })).status).toBe(303);
      }
    }
    expect(await portal.knex('activity_log').where({ userId: me?.id }).whereIn('type', ['LEAD_CONTENT_CLICKED', 'SALES_PERSON_CONTACTED'])).toEqual([]);

    const content = await client.request(`${portal.url}${INTERNAL}/user/lead/content/STORAGE`, own);
    expect([content.status, content.headers.get('location')]).toEqual([303, '/home/lead/content/storage']);
    const clicked = await portal.knex('activity_log').where({ userId: me?.id, type: 'LEAD_CONTENT_CLICKED' }).first();
    expect(await portal.knex('activity_log_lead_content').where({ activityLogId: clicked.id }).first()).toMatchObject({ topic: 'STORAGE' });
    expect((await client.request(`${portal.url}${INTERNAL}/user/lead/content/HEAT_PUMP`)).status).toBe(400);

    const expected = { WHATSAPP: /^https:\/\/wa\.me\/49160\d+$/, PHONE: /^tel:\+49341\d+$/, MAIL: /^mailto:tobias\.neumann@/ };
    for (const [method, target] of Object.entries(expected)) {
      // An older browser without Sec-Fetch-Site: the portal's own Referer counts as its own page.
      const answer = await client.request(`${portal.url}${INTERNAL}/user/lead/contact/${method}`, { headers: { referer: `${portal.url}/home/lead` } });
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toMatch(target);
    }
    const contacts = await portal.knex('activity_log').where({ userId: me?.id, type: 'SALES_PERSON_CONTACTED' }).pluck('id');
    expect((await portal.knex('activity_log_contact').whereIn('activityLogId', contacts).pluck('method')).sort()).toEqual(['MAIL', 'PHONE', 'WHATSAPP']);
  });
});

describe('from lead to customer', () => {
  it('turns the lead into a customer at the next sign-in after the sale closed at the sales service', async () => {
    const { client, row, email } = await signedInLead();
    const me = (await jsonCall(portal.url, client, 'GET', '/api/auth/me')).body;
    await jsonCall(portal.url, client, 'PATCH', `${INTERNAL}/user/lead/${row.id}`, {
      firstName: 'Lena',
      lastName: 'Krüger',
      phone: '0171 2223334',
      street: 'Lindenallee',
      houseNumber: '7',
      zip: '04109',
      city: 'Leipzig',
      preferredContact: 'PHONE',
    });
    const closed = await fetch(`${portal.sandboxUrl}/sales/_control/leads/${row.salesLeadId}/won`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ customerNumber: '781234' }) });
    expect(((await closed.json()) as { portalStatus: number }).portalStatus).toBe(202);
    // Until the next sign-in the session is the lead's.
    expect((await jsonCall(portal.url, client, 'GET', '/api/auth/me')).body?.phase).toBe('LEAD');

    const logout = await client.request(`${portal.url}/api/auth/logout`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' } });
    expect(logout.status).toBe(303);
    const fresh = new BrowserLikeClient({ 'x-forwarded-for': '10.19.251.1' });
    const signIn = await signInWithEmailCode(fresh, portal.url, portal.sandboxUrl, email, '/api/auth/login');
    // A customer now: the address was confirmed by the code and the contact details are the base data, so the
    // customer onboarding starts at the tour.
    expect(`${signIn.url.pathname}${signIn.url.search}`).toBe('/onboarding/tour?returnTo=%2Fhome%2Fdashboard');
    expect((await jsonCall(portal.url, fresh, 'GET', '/api/auth/me')).body).toMatchObject({ id: me?.id, phase: 'PROJECT', customerNumber: '781234' });
    const account = await identityAccount(email);
    expect(account?.attributes).toMatchObject({ phase: ['PROJECT'], customerNumber: ['781234'] });
    expect(await roleNames(account?.id ?? '')).toEqual([portal.config.CUSTOMER_ROLE_ID]);
    // The project the sale created at the management service is theirs, at the lead's address.
    const projects = await jsonCall(portal.url, fresh, 'GET', `${INTERNAL}/user/project`);
    expect(projects.status).toBe(200);
    expect(projects.body?.projects).toEqual([
      expect.objectContaining({ address: { contact: { street: 'Lindenallee', houseNumber: '7', zip: '04109', city: 'Leipzig' } }, productLines: ['SOLAR', 'STORAGE'], step: 'OFFER_CONFIRMATION' }),
    ]);
    expect((await fresh.request(`${portal.url}/home/lead`)).headers.get('location')).toBe('/home/dashboard');
    const login = await portal.knex('activity_log').where({ userId: me?.id, type: 'LOGIN' }).orderBy('id', 'desc').first();
    expect(await portal.knex('activity_log_login').where({ activityLogId: login.id }).first()).toMatchObject({ phase: 'PROJECT' });
  });

  it('carries a lead without contact details over too: its project, and the base data prefilled with what the funnel and the sale know', async () => {
    const { client, row, email } = await signedInLead();
    const me = (await jsonCall(portal.url, client, 'GET', '/api/auth/me')).body;
    const address = { street: 'Karl-Liebknecht-Straße', houseNumber: '12', zip: '04107', city: 'Leipzig' };
    const closed = await fetch(`${portal.sandboxUrl}/sales/_control/leads/${row.salesLeadId}/won`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ customerNumber: '781235', address }) });
    expect(((await closed.json()) as { portalStatus: number }).portalStatus).toBe(202);
    await client.request(`${portal.url}/api/auth/logout`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' } });

    const fresh = new BrowserLikeClient({ 'x-forwarded-for': '10.19.251.2' });
    const signIn = await signInWithEmailCode(fresh, portal.url, portal.sandboxUrl, email, '/api/auth/login');
    // How to reach them is the one thing nobody asked yet: the base data step asks, with the rest filled in.
    expect(signIn.url.pathname).toBe('/onboarding/base-data');
    const customer = (await jsonCall(portal.url, fresh, 'GET', '/api/auth/me')).body as SessionUser;
    const form = await portal.services.onboarding.forRequest(createRequestContext(customer, undefined)).baseData();
    expect(form).toMatchObject({ saved: false, values: { phone: row.phoneNumber, street: 'Karl-Liebknecht-Straße', houseNumber: '12', zip: '04107', city: 'Leipzig', preferredContact: null } });
    expect(((await jsonCall(portal.url, fresh, 'GET', `${INTERNAL}/user/project`)).body?.projects as JsonBody[]).map((p) => p.address.contact.street)).toEqual(['Karl-Liebknecht-Straße']);
    expect((await jsonCall(portal.url, fresh, 'GET', '/api/auth/me')).body).toMatchObject({ id: me?.id, phase: 'PROJECT' });
  });

  it('exports the lead’s funnel data with the account and erases it with the account', async () => {
    const { client, row, email } = await signedInLead();
    const me = (await jsonCall(portal.url, client, 'GET', '/api/auth/me')).body;
    const subject = { userId: String(me?.id), email, emails: [email], firstName: 'Lena', lastName: 'Krüger', projectIds: [] };
    const source = portal.services.accountData.sources.find((s) => s.name === 'leadFunnel');
    expect(await source?.export?.(subject)).toEqual([expect.objectContaining({ leadId: row.id, email, topics: ['SOLAR', 'STORAGE'], status: 'OPEN' })]);
    expect(await source?.erase?.(subject)).toMatchObject({ funnelLead: 1 });
    expect(await portal.knex('funnel_lead').where({ id: row.id })).toEqual([]);
    expect(await portal.knex('funnel_request').whereRaw("draft->>'email' = ?", [email])).toEqual([]);
  });

  it('lets a lead download its data and delete its access (GDPR Art. 15, 17) like a customer', async () => {
    const { client, row, email } = await signedInLead();
    const me = (await jsonCall(portal.url, client, 'GET', '/api/auth/me')).body;
    const page = await client.request(`${portal.url}/home/app/settings/delete-account`);
    expect(page.status).toBe(200);
    const exported = await jsonCall(portal.url, client, 'POST', `${INTERNAL}/user/data-export`);
    expect([exported.status, exported.headers.get('content-disposition')?.startsWith('attachment')]).toEqual([200, true]);
    expect(exported.body?.data.leadFunnel).toEqual([expect.objectContaining({ leadId: row.id, email })]);
    const deleted = await jsonCall(portal.url, client, 'POST', `${INTERNAL}/user/delete-account`, { confirmation: 'LÖSCHEN' });
    expect(deleted.status).toBe(204);
    expect((await jsonCall(portal.url, client, 'GET', '/api/auth/me')).status).toBe(204);
    expect(await identityAccount(email)).toBeUndefined();
    expect(await portal.knex('funnel_lead').where({ id: row.id })).toEqual([]);
    expect(await portal.knex('user_meta').where({ userId: me?.id })).toEqual([]);
  });

  it('erases a lead the sales service lost, with its account, once the privacy policy’s period is over', async () => {
    const { client, row, email } = await signedInLead();
    const me = (await jsonCall(portal.url, client, 'GET', '/api/auth/me')).body;
    const fresh = await signedInLead();
    // Both lost; only the first long enough ago.
    const lostAt = new Date();
    lostAt.setMonth(lostAt.getMonth() - portal.config.RETENTION_MONTHS - 1);
    await portal.knex('funnel_lead').where({ id: row.id }).update({ status: 'LOST', updatedAt: lostAt });
    await portal.knex('funnel_lead').where({ id: fresh.row.id }).update({ status: 'LOST' });

    const result = await portal.services.jobs.run('funnel');
    // The lead goes with its account (the account's data); leads without an account go by the date alone.
    expect(result).toMatchObject({ lostLeadAccountsErased: 1 });
    expect(await identityAccount(email)).toBeUndefined();
    expect(await portal.knex('user_meta').where({ userId: me?.id })).toEqual([]);
    expect(await portal.knex('funnel_lead').where({ id: row.id })).toEqual([]);
    expect((await jsonCall(portal.url, client, 'GET', '/api/auth/me')).status).toBe(204);
    expect(await identityAccount(fresh.email)).toBeDefined();
    expect(await portal.knex('funnel_lead').where({ id: fresh.row.id })).toHaveLength(1);
  });
});
