import { createHash } from 'node:crypto';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../contracts/auth.ts';
import { CSRF_HEADER } from '../contracts/http.ts';
import { createRequestContext } from '../domain/request-context.ts';
import type { BrowserLikeClient } from '../../tests/support/browser-like-client.ts';
import { jsonCall, type JsonBody } from '../../tests/support/json-call.ts';
import { waitForMail } from '../../tests/support/mailbox.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { contentSource } from '../../tests/support/content-source.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

/** A manual for SOLAR in the CMS without Strapi (the portal reads it through the content port). */
const MANUAL_PDF = Buffer.from('%PDF-1.4\n% Bedienungsanleitung\n%%EOF\n');
const content = contentSource({
  instructions: async (lang) => [
    {
      slug: 'wechselrichter',
      documentId: 'i1',
      lang,
      title: 'Wechselrichter bedienen',
      productLine: 'SOLAR',
      body: [],
      file: { url: '/cms-media/wechselrichter_abc.pdf', name: 'wechselrichter.pdf', mime: 'application/pdf', sizeKb: 0.04 },
    },
    { slug: 'wallbox', documentId: 'i2', lang, title: 'Wallbox', productLine: 'CHARGE', body: [], file: { url: '/cms-media/wallbox_x.pdf', name: 'wallbox.pdf', mime: 'application/pdf', sizeKb: 1 } },
  ],
  media: async (file) => (file === 'wechselrichter_abc.pdf' ? { contentType: 'application/pdf', body: new Blob([MANUAL_PDF]).stream() } : null),
});

const { portal, data } = usePortal({ adapterOverrides: { content } });

const call = (client: BrowserLikeClient, method: string, path: string, body?: unknown) => jsonCall(portal.url, client, method, path, body);
const control = async (path: string, method: string, json?: unknown) => {
  const response = await fetch(`${portal.sandboxUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return response.status === 204 ? null : ((await response.json()) as JsonBody);
};

async function customerWithProject(overrides: Record<string, unknown> = {}) {
  const customer = await data.customer();
  const project = await data.project({ portalUserIds: [customer.sub], ...overrides });
  return { customer, project, client: await signedInClient(portal.url, customer) };
}
const documentsOf = async (client: BrowserLikeClient, query = '') => (await call(client, 'GET', `/api/v1/internal/documents${query}`)).body as JsonBody;
const allDocuments = (view: JsonBody) => (view.groups as JsonBody[]).flatMap((g) => g.documents as JsonBody[]);

describe('documents from three sources', () => {
  it('groups the document service, the shared management files and the manuals of the project, filters by repeatable categoryFilter', async () => {
    const { project, client } = await customerWithProject({ productLines: ['SOLAR'] });
    await control('/documents/_control/documents', 'POST', { projectId: project.id, type: 'INVOICE_SEVDESK', title: 'Schlussrechnung', filename: 'Rechnung.pdf' });
    await control('/documents/_control/documents', 'POST', { projectId: project.id, type: 'OFFER_SIGNED', title: 'Angebot', filename: 'Angebot.pdf' });
    await control('/documents/_control/documents', 'POST', { projectId: project.id, type: 'NOT_A_TYPE', title: 'Unbekannt', filename: 'x.pdf' });
    await control(`/management/_control/projects/${project.id}/documents`, 'POST', { filename: 'Projektbericht.pdf', type: 'PROJECT_REPORT', share: true });
    await control(`/management/_control/projects/${project.id}/documents`, 'POST', { filename: 'Intern.pdf', type: 'OTHER', share: false });

    const view = await documentsOf(client);
    expect(view.projectId).toBe(project.id);
    expect((view.groups as JsonBody[]).map((g) => g.category)).toEqual(['OFFER_DOCUMENT', 'PROJECT_REPORT', 'BILL', 'USER_DOCUMENT', 'OTHER']);
    expect(allDocuments(view).map((d) => [d.title, d.source])).toEqual([
      ['Angebot', 'DOCUMENT_SERVICE'],
      ['Projektbericht', 'MANAGEMENT'],
      ['Schlussrechnung', 'DOCUMENT_SERVICE'],
      ['Wechselrichter bedienen', 'CMS'],
      ['Unbekannt', 'DOCUMENT_SERVICE'],
    ]);
    expect(view.counts).toMatchObject({ BILL: 1, OFFER_DOCUMENT: 1, PROJECT_REPORT: 1, USER_DOCUMENT: 1, OTHER: 1 });

    const filtered = await documentsOf(client, '?categoryFilter=BILL&categoryFilter=PROJECT_REPORT&categoryFilter=NOPE');
    expect(filtered.filter).toEqual(['BILL', 'PROJECT_REPORT']);
    expect(allDocuments(filtered).map((d) => d.title)).toEqual(['Projektbericht', 'Schlussrechnung']);
  });

  it('mirrors the management files: a new hash is a new version, unshared and deleted ones disappear, the old version answers 404', async () => {
    const { project, client } = await customerWithProject();
    const file = await control(`/management/_control/projects/${project.id}/documents`, 'POST', { filename: 'Lageplan.pdf', type: 'LAND_MAPS', share: true, text: 'Version 1' });
    const first = allDocuments(await documentsOf(client)).find((d) => d.source === 'MANAGEMENT') as JsonBody;
    expect(first).toMatchObject({ title: 'Lageplan', category: 'COMMON_DOCUMENT' });
    // Size and date are the service's, not the moment the portal first saw the file.
    const download = await client.request(`${portal.url}${first.href}`);
    expect(download.status).toBe(200);
    expect(first.size).toBe((await download.arrayBuffer()).byteLength);
    expect(first.createdAt).toBe(new Date(file?.updatedAt as string).toISOString());

    await control(`/management/_control/projects/${project.id}/documents/${file?.id}`, 'PATCH', { text: 'Version 2' });
    const second = allDocuments(await documentsOf(client)).find((d) => d.source === 'MANAGEMENT') as JsonBody;
    expect(second.id).not.toBe(first.id);
    expect((await client.request(`${portal.url}${first.href}`)).status).toBe(404);
    const rows = await portal.knex('management_api_document').where({ projectId: project.id }).orderBy('id');
    expect(rows.map((r) => [r.managementId, r.deleted])).toEqual([
      [file?.id, true],
      [file?.id, false],
    ]);
    expect(rows[0].hash).not.toBe(rows[1].hash);

    await control(`/management/_control/projects/${project.id}/documents/${file?.id}`, 'PATCH', { share: false });
    expect(allDocuments(await documentsOf(client)).some((d) => d.source === 'MANAGEMENT')).toBe(false);
    expect((await client.request(`${portal.url}${second.href}`)).status).toBe(404);

    await control(`/management/_control/projects/${project.id}/documents/${file?.id}`, 'PATCH', { share: true, deleted: true });
    expect(allDocuments(await documentsOf(client)).some((d) => d.source === 'MANAGEMENT')).toBe(false);
    expect(await portal.knex('management_api_document').where({ projectId: project.id, deleted: false }).count({ n: '*' }).first()).toEqual({ n: '0' });
  });

  it('holds many parallel views of one project: no deadlock, no error, and a view with nothing changed writes nothing', async () => {
    const { project, client } = await customerWithProject();
    for (const name of ['Lageplan', 'Dachplan', 'Stringplan', 'Datenblatt', 'Bericht', 'Netzanfrage']) {
      await control(`/management/_control/projects/${project.id}/documents`, 'POST', { filename: `${name}.pdf`, type: 'PROJECT_REPORT', share: true });
    }
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(Array.from({ length: 40 }, () => call(client, 'GET', '/api/v1/internal/documents')));
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const rows = await portal.knex('management_api_document').where({ projectId: project.id }).orderBy('id');
    expect(rows.map((r) => r.deleted)).toEqual([false, false, false, false, false, false]);

    // Nothing changed at the service: the rows stay exactly as they were (a page view writes nothing).
    const before = rows.map((r) => new Date(r.updatedAt).toISOString());
    await Promise.all(Array.from({ length: 5 }, () => documentsOf(client)));
    const after = (await portal.knex('management_api_document').where({ projectId: project.id }).orderBy('id')).map((r) => new Date(r.updatedAt).toISOString());
    expect(after).toEqual(before);
  });

  it('downloads as an attachment with the right type and nosniff, logs DOCUMENT_DOWNLOADED with the source sub-log, and answers 404 for anything not the customer\'s', async () => {
    const { customer, project, client } = await customerWithProject({ productLines: ['SOLAR'] });
    const stored = await control('/documents/_control/documents', 'POST', { projectId: project.id, type: 'WARRANTY_DOCUMENTS', title: 'Garantie', filename: 'Garantie "Module".pdf' });
    await control(`/management/_control/projects/${project.id}/documents`, 'POST', { filename: 'Bericht.pdf', type: 'PROJECT_REPORT', share: true });
    const docs = allDocuments(await documentsOf(client));
    const warranty = docs.find((d) => d.title === 'Garantie') as JsonBody;
    const report = docs.find((d) => d.source === 'MANAGEMENT') as JsonBody;
    const manual = docs.find((d) => d.source === 'CMS') as JsonBody;

    const download = await client.request(`${portal.url}${warranty.href}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="Garantie Module.pdf"; filename*=UTF-8''Garantie%20Module.pdf`);
    const bytes = Buffer.from(await download.arrayBuffer());
    const original = await fetch(`${portal.sandboxUrl}/documents/api/v1/documents/${stored?.uuid}/content`, { headers: { authorization: `Bearer ${portal.config.DOCUMENTS_API_TOKEN}` } });
    expect(bytes.equals(Buffer.from(await original.arrayBuffer()))).toBe(true);
    expect((await client.request(`${portal.url}${report.href}`)).status).toBe(200);
    const manualAnswer = await client.request(`${portal.url}${manual.href}`);
    expect(Buffer.from(await manualAnswer.arrayBuffer()).equals(MANUAL_PDF)).toBe(true);

    const logged = await portal.knex('activity_log').where({ userId: customer.sub, type: 'DOCUMENT_DOWNLOADED' }).orderBy('id');
    expect(logged).toHaveLength(3);
    const subLogs = async (table: string) => portal.knex(table).whereIn('activityLogId', logged.map((l) => l.id)).orderBy('activityLogId');
    expect((await subLogs('activity_log_document')).map((r) => r.category)).toEqual(['WARRANTY_DOCUMENTS', 'PROJECT_REPORT', 'USER_DOCUMENT']);
    expect((await subLogs('activity_log_document_service_document')).map((r) => r.documentUuid)).toEqual([stored?.uuid]);
    expect((await subLogs('activity_log_management_document')).map((r) => r.projectId)).toEqual([project.id]);
    expect((await subLogs('activity_log_cms_file_document')).map((r) => r.fileId)).toEqual(['wechselrichter_abc.pdf']);

    // Another customer: every kind of id answers exactly like an unknown one, status and body (sequential ids must
    // not tell which documents exist).
    const other = await customerWithProject({ productLines: ['CHARGE'] });
    const bodies = new Set<string>();
    for (const href of [warranty.href, report.href, manual.href, '/api/v1/internal/documents/ds-nope/download', '/api/v1/internal/documents/mg-999999999/download', '/api/v1/internal/documents/x-1/download']) {
      const answer = await other.client.request(`${portal.url}${href}`);
      expect(answer.status, href).toBe(404);
      bodies.add(await answer.text());
    }
    expect([...bodies]).toHaveLength(1);
    expect((await call(other.client, 'GET', `/api/v1/internal/project/${project.id}/photos`)).status).toBe(404);
    expect((await call(other.client, 'GET', `/api/v1/internal/project/${project.id}/task-document/T-1`)).status).toBe(404);
  });

  it('keeps running when a download is dropped half-way (the tab closed, a player dropped a range)', async () => {
    const { project, client } = await customerWithProject();
    await control('/documents/_control/documents', 'POST', { projectId: project.id, type: 'CIRCUIT_DIAGRAM', title: 'Abgebrochen', filename: 'Plan.pdf', sizeBytes: 20 * 1024 * 1024 });
    const doc = allDocuments(await documentsOf(client)).find((d) => d.title === 'Abgebrochen') as JsonBody;
    for (let i = 0; i < 3; i++) {
      const abort = new AbortController();
      const response = await client.request(`${portal.url}${doc.href}`, { signal: abort.signal });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      abort.abort();
      await reader.cancel().catch(() => undefined);
    }
    // The vendor's side of each dropped download ends after the answer is gone; nothing of it may take the process down.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await fetch(`${portal.url}/healthz`)).status).toBe(200);
  });

  it('streams a 50 MB document without holding it in memory', async () => {
    const { project, client } = await customerWithProject();
    const size = 50 * 1024 * 1024;
    const stored = await control('/documents/_control/documents', 'POST', { projectId: project.id, type: 'CIRCUIT_DIAGRAM', title: 'Großer Plan', filename: 'Plan.pdf', sizeBytes: size });
    const doc = allDocuments(await documentsOf(client)).find((d) => d.title === 'Großer Plan') as JsonBody;
    // Garbage is collected before each sample, so only what is really held counts.
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage();
    const response = await client.request(`${portal.url}${doc.href}`);
    expect(response.headers.get('content-length')).toBe(String(stored?.size));
    const hash = createHash('sha256');
    let received = 0;
    let peak = 0;
    let rssPeak = 0;
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
      hash.update(value);
      if (received % (4 * 1024 * 1024) < value.length) {
        gc();
        const now = process.memoryUsage();
        peak = Math.max(peak, now.arrayBuffers - before.arrayBuffers);
        rssPeak = Math.max(rssPeak, now.rss - before.rss);
      }
    }
    expect(received).toBe(size);
    // The portal, the sandbox and this reader share the process; buffers in flight come and go (0-20 MB measured),
    // the whole file held anywhere would be 50 MB more at some sample.
    expect(peak).toBeLessThan(size / 2);
    expect(rssPeak).toBeLessThan(size / 2);
    const original = await fetch(`${portal.sandboxUrl}/documents/api/v1/documents/${stored?.uuid}/content`, { headers: { authorization: `Bearer ${portal.config.DOCUMENTS_API_TOKEN}` } });
    const expected = createHash('sha256');
    for await (const chunk of original.body as unknown as AsyncIterable<Uint8Array>) expected.update(chunk);
    expect(hash.digest('hex')).toBe(expected.digest('hex'));
  });

  it('lists the photos by step with thumbnails made by sharp, and the documents of a task', async () => {
    const { project, client } = await customerWithProject();
    await control('/documents/_control/photos', 'POST', { projectId: project.id, subject: 'ROOF', step: 'DC', caption: 'Dach mit Modulen' });
    await control('/documents/_control/photos', 'POST', { projectId: project.id, subject: 'METER_CABINET', step: 'ASSEMBLY_CONCLUSION', caption: 'Zählerschrank' });
    await control('/documents/_control/documents', 'POST', { projectId: project.id, type: 'OTHER', title: 'Anleitung', filename: 'a.pdf', taskId: 'T-77' });
    const gallery = (await call(client, 'GET', `/api/v1/internal/project/${project.id}/photos`)).body as JsonBody;
    expect((gallery.groups as JsonBody[]).map((g) => [g.step, g.photos.map((p: JsonBody) => p.caption)])).toEqual([
      ['DC', ['Dach mit Modulen']],
      ['ASSEMBLY_CONCLUSION', ['Zählerschrank']],
    ]);
    const photo = gallery.groups[0].photos[0] as JsonBody;
    const thumb = await client.request(`${portal.url}${photo.thumbnailHref}`);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const thumbBytes = Buffer.from(await thumb.arrayBuffer());
    const full = await client.request(`${portal.url}${photo.fullHref}`);
    expect(full.headers.get('content-type')).toBe('image/jpeg');
    expect(thumbBytes.length).toBeLessThan(Buffer.from(await full.arrayBuffer()).length / 2);

    const taskDocs = (await call(client, 'GET', `/api/v1/internal/project/${project.id}/task-document/T-77`)).body as JsonBody;
    expect(taskDocs.documents.map((d: JsonBody) => d.title)).toEqual(['Anleitung']);
  });

  it('on a page keeps the task subjects between renders, and asks again for a task they do not know', async () => {
    const { customer, project } = await customerWithProject();
    const user: SessionUser = { id: customer.sub, email: customer.email, firstName: 'Test', lastName: 'Kunde', customerNumber: '1', phase: 'PROJECT' };
    const documents = () => portal.pageServices(createRequestContext(user, project.id, 'de', 1)).documents;
    // The customer's own requests (the vendor sends no event for those), each with a document the installer attached.
    const request = async (subject: string) => {
      const response = await fetch(`${portal.sandboxUrl}/tasks/api/v1/tasks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${portal.config.TASKS_API_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ projectId: project.id, subject, text: 'Hallo', author: { name: 'Test Kunde', portalUserId: customer.sub } }),
      });
      const task = (await response.json()) as { id: string };
      await control('/documents/_control/documents', 'POST', { projectId: project.id, type: 'OTHER', title: `Zu ${subject}`, filename: 'a.pdf', taskId: task.id });
    };
    const named = async () =>
      Object.fromEntries(((await documents().list([]))?.groups ?? []).flatMap((g) => g.documents).filter((d) => d.source === 'DOCUMENT_SERVICE').map((d) => [d.title, d.task?.subject ?? null]));
    await request('Netzanmeldung');
    expect(await named()).toEqual({ 'Zu Netzanmeldung': 'Netzanmeldung' });
    await request('Zählerwechsel');
    expect(await named()).toEqual({ 'Zu Netzanmeldung': 'Netzanmeldung', 'Zu Zählerwechsel': 'Zählerwechsel' });
  });

  it('on a page keeps the photos between renders: a new one (the vendor sends no event) shows after the project’s next event', async () => {
    const { customer, project } = await customerWithProject();
    const user: SessionUser = { id: customer.sub, email: customer.email, firstName: 'Test', lastName: 'Kunde', customerNumber: '1', phase: 'PROJECT' };
    const gallery = async () => (await portal.pageServices(createRequestContext(user, project.id, 'de', 1)).documents.gallery())?.total;
    await control('/documents/_control/photos', 'POST', { projectId: project.id, subject: 'ROOF', step: 'DC', caption: 'Dach' });
    expect(await gallery()).toBe(1);
    await control('/documents/_control/photos', 'POST', { projectId: project.id, subject: 'INVERTER', step: 'AC', caption: 'Wechselrichter' });
    expect(await gallery()).toBe(1);
    await portal.services.upstreamCache.invalidateProject(project.id);
    expect(await gallery()).toBe(2);
  });
});

const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb004300080606070605080707070909080a0c140d0c0b0b0c1912130f141d1a1f1e1d1a1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e333432ffd9', 'hex');
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000000000000000000000000000000000000000000000000000000000000000000000800000000e1fba0e00b409cd21b8014ccd21546869732070726f6772616d2063616e6e6f742062652072756e20696e20444f53206d6f64652e', 'hex'), Buffer.alloc(512)]);

async function upload(fields: Record<string, string>, file: { name: string; bytes: Buffer; type?: string } | null, client?: BrowserLikeClient) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }), file.name);
  const init = { method: 'POST', headers: { [CSRF_HEADER]: '1' }, body: form };
  const response = client ? await client.request(`${portal.url}/api/v2/app/meter-change-request/file`, init) : await fetch(`${portal.url}/api/v2/app/meter-change-request/file`, init);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as JsonBody) : null };
}

describe('meter change request', () => {
  const request = (projectId: number) => ({
    projectId,
    buildingType: 1,
    meterKind: '1',
    existingComponent: 3,
    locationInBuilding: 3,
    meterNumber: '1 esy 11 6051 2345',
    street: ' Teststraße ',
    houseNumber: '12a',
    zip: '04109',
    city: 'Leipzig',
    note: 'Schlüssel beim Nachbarn.',
  });

  it('files the request at the management service, opens a single-use photo upload without a session, and mails the link', async () => {
    const { customer, project, client } = await customerWithProject({ phase: 'ASSEMBLY', step: 'AC' });
    const since = new Date();
    const created = await call(client, 'POST', '/api/v2/app/meter-change-request', request(project.id));
    expect(created.status).toBe(201);
    expect(created.body?.upload.code).toMatch(/^\d{6}$/);
    const filed = (await control('/management/_control/meter-change-requests', 'GET'))?.items.find((r: JsonBody) => r.projectId === project.id);
    expect(filed).toMatchObject({ meterNumber: '1ESY1160512345', address: { street: 'Teststraße', zip: '04109' }, buildingType: 1, meterKind: 1, photo: null });
    expect((await call(client, 'POST', '/api/v2/app/meter-change-request', request(project.id))).body?.code).toBe('METER_CHANGE.ALREADY_SUBMITTED');

    // The mail carries a second capability as a link for the phone; the code is masked in the mail log.
    const mail = await waitForMail(portal.sandboxUrl, customer.email, since);
    const link = new URL(/https?:\/\/\S+\/meter-change-request\/photo\?token=[\w-]+&code=\d{6}/.exec(mail.text)?.[0] ?? '');
    const logged = await portal.knex('mail_log').where({ receiver: customer.email }).orderBy('id', 'desc').first();
    expect(logged.text).not.toContain(link.searchParams.get('code'));

    const { token, code } = created.body?.upload as { token: string; code: string };
    // Refused by content, before anything is used up: too large, not an image, an .exe named like a photo.
    expect(await upload({ token, code }, { name: 'gross.jpg', bytes: Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024)]) })).toMatchObject({ status: 413, body: { code: 'UPLOAD.TOO_LARGE' } });
    expect(await upload({ token, code }, { name: 'notiz.jpg', bytes: Buffer.from('nur Text') })).toMatchObject({ status: 415, body: { code: 'UPLOAD.TYPE' } });
    expect(await upload({ token, code }, { name: 'zaehler.jpg', bytes: EXE })).toMatchObject({ status: 415, body: { code: 'UPLOAD.TYPE' } });
    expect(await upload({ token, code }, null)).toMatchObject({ status: 400, body: { code: 'UPLOAD.EMPTY' } });
    expect(await upload({ token, code: code === '000000' ? '111111' : '000000' }, { name: 'z.jpg', bytes: JPEG })).toMatchObject({ status: 404, body: { code: 'METER_CHANGE.LINK_INVALID' } });

    // Without any session: the capability alone opens the upload, once.
    expect(await upload({ token, code }, { name: 'zaehlerschrank.jpg', bytes: JPEG })).toMatchObject({ status: 201, body: { photo: { filename: 'zaehlerschrank.jpg' } } });
    expect(await upload({ token, code }, { name: 'nochmal.jpg', bytes: JPEG })).toMatchObject({ status: 410, body: { code: 'METER_CHANGE.LINK_USED' } });
    const withPhoto = (await control('/management/_control/meter-change-requests', 'GET'))?.items.find((r: JsonBody) => r.projectId === project.id);
    expect(withPhoto.photo).toMatchObject({ filename: 'zaehlerschrank.jpg', contentType: 'image/jpeg', size: JPEG.length });

    // The mailed link still works for its own photo; five wrong codes kill it.
    const mailed = { token: link.searchParams.get('token') ?? '', code: link.searchParams.get('code') ?? '' };
    const wrong = mailed.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await upload({ ...mailed, code: wrong }, { name: 'z.jpg', bytes: JPEG })).status).toBe(404);
    expect(await upload({ ...mailed, code: wrong }, { name: 'z.jpg', bytes: JPEG })).toMatchObject({ status: 429, body: { code: 'METER_CHANGE.TOO_MANY_ATTEMPTS' } });
    expect((await upload(mailed, { name: 'z.jpg', bytes: JPEG })).status).toBe(429);
    expect(await portal.knex('meter_photo_capability').whereIn('tokenHash', [token, mailed.token]).count({ n: '*' }).first()).toEqual({ n: '0' });
  });

  it('checks every field and answers which ones are wrong; a foreign project is 404', async () => {
    const { project, client } = await customerWithProject({ phase: 'ASSEMBLY', step: 'AC' });
    const bad = await call(client, 'POST', '/api/v2/app/meter-change-request', { ...request(project.id), buildingType: 6, meterNumber: 'ab', zip: '1234', note: 'Hallo 🙂\u0007' });
    expect(bad.status).toBe(400);
    expect(String(bad.body?.fields).split(',').sort()).toEqual(['buildingType', 'meterNumber', 'note', 'zip']);
    const other = await customerWithProject();
    expect((await call(other.client, 'POST', '/api/v2/app/meter-change-request', request(project.id))).status).toBe(404);
    const done = await customerWithProject();
    expect((await call(done.client, 'POST', '/api/v2/app/meter-change-request', request(done.project.id))).body?.code).toBe('METER_CHANGE.NOT_NEEDED');
  });
});
