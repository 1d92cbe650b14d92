import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../contracts/http.ts';
import type { BrowserLikeClient } from '../../tests/support/browser-like-client.ts';
import { contentSource } from '../../tests/support/content-source.ts';
import { jsonCall, type JsonBody } from '../../tests/support/json-call.ts';
import { mailsTo, waitForMail } from '../../tests/support/mailbox.ts';
import { metricValue } from '../../tests/support/metrics.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

/** The CMS's support questions without Strapi (the portal reads them through the content port). */
const content = contentSource({
  supportQuestions: async (_limit, lang) => [
    { id: 'sq-rechnung', title: lang === 'de' ? 'Frage zur Rechnung' : 'Question about my invoice', lang },
    { id: 'sq-stoerung', title: lang === 'de' ? 'Störung oder Fehlermeldung an der Anlage' : 'Fault', lang },
    { id: 'sq-stoerung-speicher', title: lang === 'de' ? 'Speicher lädt oder entlädt nicht' : 'Battery', parentId: 'sq-stoerung', lang },
  ],
});

const { portal, data } = usePortal({ adapterOverrides: { content } });

const call = (client: BrowserLikeClient, method: string, path: string, body?: unknown) => jsonCall(portal.url, client, method, path, body);
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

async function post(client: BrowserLikeClient, path: string, fields: Record<string, string>, files: { name: string; bytes: Buffer; type?: string }[] = [], key?: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const response = await client.request(`${portal.url}/api/v1/internal/${path}`, {
    method: 'POST',
    headers: { [CSRF_HEADER]: '1', ...(key ? { 'idempotency-key': key } : {}) },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as JsonBody) : null };
}

async function customerWithProject() {
  const customer = await data.customer();
  const project = await data.project({ portalUserIds: [customer.sub] });
  return { customer, project, client: await signedInClient(portal.url, customer) };
}
const control = (path: string, json: unknown) =>
  fetch(`${portal.sandboxUrl}/tasks/_control${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });

describe('messages with the installer', () => {
  it('creates a request with a photo routed by its support question, keeps the path, logs MESSAGE_SENT and mails a confirmation', async () => {
    const { customer, project, client } = await customerWithProject();
    const since = new Date();
    const counted = async () => ({ message: await metricValue('portal_business_events_total', { event: 'message' }), upload: await metricValue('portal_business_events_total', { event: 'upload' }) });
    const before = await counted();
    const created = await post(client, 'tasks/create-using-rules', { projectId: String(project.id), supportQuestionId: 'sq-rechnung', text: 'Hallo,\nwann kommt die Rechnung?' }, [{ name: 'zaehler.png', bytes: PNG, type: 'text/plain' }]);
    expect(created.status).toBe(201);
    // The business counters (docs/observability.md): one message, one accepted upload.
    expect(await counted()).toEqual({ message: before.message + 1, upload: before.upload + 1 });
    const taskId = created.body?.taskId as string;
    expect(created.body?.href).toBe(`/home/app/messages/${taskId}`);

    const thread = (await call(client, 'GET', `/api/v1/internal/tasks/comments/${taskId}`)).body as JsonBody;
    expect(thread).toMatchObject({ subject: 'Frage zur Rechnung', status: 'OPEN', supportQuestion: ['Frage zur Rechnung'] });
    expect(thread.entries[0]).toMatchObject({ kind: 'EXTERNAL_REQUEST', from: 'CUSTOMER', text: 'Hallo,\nwann kommt die Rechnung?', attachments: [{ filename: 'zaehler.png', contentType: 'image/png' }] });
    const vendor = await (await fetch(`${portal.sandboxUrl}/tasks/api/v1/tasks/${taskId}`, { headers: { authorization: `Bearer ${portal.config.TASKS_API_TOKEN}` } })).json();
    expect(vendor.team).toBe('Buchhaltung');

    expect(await portal.knex('task_path').where({ taskId }).orderBy('position').pluck('value')).toEqual(['Frage zur Rechnung']);
    const sent = await portal.knex('activity_log').join('activity_log_message', 'activity_log.id', 'activity_log_message.activity_log_id').where({ 'activity_log.user_id': customer.sub, type: 'MESSAGE_SENT' });
    expect(sent).toEqual([expect.objectContaining({ taskPath: 'Frage zur Rechnung', attachmentCount: 1 })]);
    const mail = await waitForMail(portal.sandboxUrl, customer.email, since);
    expect(mail.subject).toContain('Wir haben Deine Nachricht erhalten');
    expect(await portal.knex('activity_log').where({ userId: customer.sub, type: 'SUCCESS_TASK_CONFIRMATION_EMAIL' })).toHaveLength(1);

    const download = await client.request(`${portal.url}${thread.entries[0].attachments[0].href}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses bad text and bad files with their own codes, and creates nothing then', async () => {
    const { project, client } = await customerWithProject();
    const fields = { projectId: String(project.id), supportQuestionId: 'sq-rechnung' };
    const cases: [Record<string, string>, { name: string; bytes: Buffer }[], number, string][] = [
      [{ ...fields, text: '   ' }, [], 400, 'MESSAGES.TEXT_REQUIRED'],
      [{ ...fields, text: 'x'.repeat(5001) }, [], 400, 'MESSAGES.TEXT_TOO_LONG'],
      [{ ...fields, text: 'Hallo \u202E' }, [], 400, 'MESSAGES.TEXT_INVALID_CHARACTERS'],
      [{ ...fields, subject: 'Zeile 1\nZeile 2', text: 'Hallo' }, [], 400, 'MESSAGES.SUBJECT_INVALID_CHARACTERS'],
      [{ ...fields, text: 'Hallo' }, [{ name: 'foto.png', bytes: Buffer.from('<script>alert(1)</script>') }], 415, 'MESSAGES.FILE_TYPE'],
      [{ ...fields, text: 'Hallo' }, [{ name: 'gross.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]) }], 413, 'MESSAGES.FILE_TOO_LARGE'],
      [{ ...fields, text: 'Hallo' }, Array.from({ length: 6 }, (_, i) => ({ name: `s${i}.pdf`, bytes: PDF })), 400, 'MESSAGES.TOO_MANY_FILES'],
      [{ ...fields, supportQuestionId: 'gibt-es-nicht', text: 'Hallo' }, [], 400, 'MESSAGES.SUPPORT_QUESTION_UNKNOWN'],
    ];
    for (const [body, files, status, code] of cases) {
      const answer = await post(client, 'tasks/create-using-rules', body, files);
      expect(answer.status, code).toBe(status);
      expect(answer.body?.code).toBe(code);
    }
    expect((await call(client, 'GET', `/api/v1/internal/tasks/allProjectTasks/${project.id}`)).body?.threads).toEqual([]);
  });

  it('sends a refused plain form (no JavaScript) back to the composer of its topic, and a refused reply back to its thread', async () => {
    const { project, client } = await customerWithProject();
    const plainForm = async (path: string, fields: Record<string, string>, files: { name: string; bytes: Buffer }[] = []) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)]), file.name);
      const response = await client.request(`${portal.url}/api/v1/internal/${path}`, { method: 'POST', headers: { 'sec-fetch-site': 'same-origin' }, body: form });
      return { status: response.status, location: response.headers.get('location') };
    };
    const fields = { projectId: String(project.id), supportQuestionId: 'sq-rechnung' };
    // The composer opens on the list page for the chosen topic; there is no page /home/app/messages/new.
    expect(await plainForm('tasks/create-using-rules', { ...fields, text: ' ' })).toEqual({ status: 303, location: '/home/app/messages?topic=sq-rechnung&error=MESSAGES.TEXT_REQUIRED&fields=text&form=composer#composer-errors' });
    expect(await plainForm('tasks/create-using-rules', { ...fields, subject: 'Rechnung März', text: 'Hallo, die Rechnung …' }, [{ name: 'foto.png', bytes: Buffer.from('MZ nicht ein Foto') }])).toEqual({
      status: 303,
      location: '/home/app/messages?topic=sq-rechnung&error=MESSAGES.FILE_TYPE&fields=files&form=composer#composer-errors',
    });
    // What was typed waits in the session for one view of the composer's page (never in the address).
    const flashOf = async (path: string) => ((await (await client.request(`${portal.url}${path}`)).json()) as { locals: { formFlash: unknown } }).locals.formFlash;
    expect(await flashOf('/home/app/messages?topic=sq-rechnung&error=MESSAGES.FILE_TYPE')).toEqual({ page: '/home/app/messages', form: 'composer', values: { subject: 'Rechnung März', text: 'Hallo, die Rechnung …' } });
    expect(await flashOf('/home/app/messages?topic=sq-rechnung')).toBeNull();
    expect(await plainForm('tasks/create-using-rules', { ...fields, supportQuestionId: '../x', text: ' ' })).toEqual({ status: 303, location: '/home/app/messages?error=MESSAGES.TEXT_REQUIRED&fields=text&form=composer#composer-errors' });

    const created = await post(client, 'tasks/create-using-rules', { ...fields, text: 'Hallo' });
    const taskId = created.body?.taskId as string;
    expect(await plainForm('tasks/create-comment', { taskId, text: 'Hallo 😀\u202E' })).toEqual({ status: 303, location: `/home/app/messages/${taskId}?error=MESSAGES.TEXT_INVALID_CHARACTERS&fields=text&form=composer#composer-errors` });
    expect(await flashOf(`/home/app/messages/${taskId}`)).toEqual({ page: `/home/app/messages/${taskId}`, form: 'composer', values: { text: 'Hallo 😀\u202E' } });

    // Then sent as a browser sends the plain form: the Idempotency-Key as a hidden field, an empty file part.
    const browserForm = async (path: string, fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...fields, idempotencyKey: randomUUID() })) form.append(name, value);
      form.append('files', new Blob([], { type: 'application/octet-stream' }), '');
      const response = await client.request(`${portal.url}/api/v1/internal/${path}`, { method: 'POST', headers: { 'sec-fetch-site': 'same-origin' }, body: form });
      return { status: response.status, location: response.headers.get('location') };
    };
    expect(await browserForm('tasks/create-comment', { taskId, text: 'Hallo' })).toEqual({ status: 303, location: `/home/app/messages/${taskId}` });
    const sent = await browserForm('tasks/create-using-rules', { ...fields, subject: 'Rechnung März', text: 'Hallo, die Rechnung …' });
    expect(sent).toMatchObject({ status: 303, location: expect.stringMatching(/^\/home\/app\/messages\/T-\d+$/) });
    expect(await flashOf('/home/app/messages')).toBeNull();
  });

  it('a message sent without JavaScript while the task service is down goes back to the composer with the text, never as raw JSON', async () => {
    const { project, client } = await customerWithProject();
    const form = new FormData();
    for (const [name, value] of Object.entries({ projectId: String(project.id), supportQuestionId: 'sq-rechnung', subject: 'Rechnung März', text: 'Bitte um Rückruf.' })) form.append(name, value);
    await fetch(`${portal.sandboxUrl}/tasks/_control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'fail' }) });
    try {
      const down = await client.request(`${portal.url}/api/v1/internal/tasks/create-using-rules`, { method: 'POST', headers: { 'sec-fetch-site': 'same-origin' }, body: form });
      expect([down.status, down.headers.get('location')]).toEqual([303, '/home/app/messages?topic=sq-rechnung&error=UPSTREAM.UNAVAILABLE&service=tasks&form=composer#composer-errors']);
    } finally {
      await fetch(`${portal.sandboxUrl}/tasks/_control/faults`, { method: 'DELETE' });
    }
    const page = (await (await client.request(`${portal.url}/home/app/messages?topic=sq-rechnung`)).json()) as { locals: { formFlash: unknown } };
    expect(page.locals.formFlash).toEqual({ page: '/home/app/messages', form: 'composer', values: { subject: 'Rechnung März', text: 'Bitte um Rückruf.' } });
  });

  it('creates one message for a repeated Idempotency-Key; another body with the same key is 422', async () => {
    const { project, client } = await customerWithProject();
    const key = randomUUID();
    const fields = { projectId: String(project.id), supportQuestionId: 'sq-stoerung-speicher', text: 'Die Anlage piept.' };
    const [a, b] = await Promise.all([post(client, 'tasks/create-using-rules', fields, [], key), post(client, 'tasks/create-using-rules', fields, [], key)]);
    const statuses = [a.status, b.status].sort();
    // Concurrent: one created it, the other was told it is in progress (or got the same answer if it came second).
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    const again = await post(client, 'tasks/create-using-rules', fields, [], key);
    expect(again.status).toBe(201);
    expect(again.body?.taskId).toBe((a.status === 201 ? a : b).body?.taskId);
    expect((await post(client, 'tasks/create-using-rules', { ...fields, text: 'Etwas anderes' }, [], key)).status).toBe(422);
    expect(((await call(client, 'GET', `/api/v1/internal/tasks/allProjectTasks/${project.id}`)).body?.threads as unknown[]).length).toBe(1);
  });

  it('never shows internal inquiries (API, attachments), marks answers unread until opened, and mails the customer at most once an hour per thread', async () => {
    const { customer, project, client } = await customerWithProject();
    // A topic with sub-topics cannot be chosen itself: the customer goes down to one.
    expect((await post(client, 'tasks/create-using-rules', { projectId: String(project.id), supportQuestionId: 'sq-stoerung', text: 'Fehler E42' })).body?.code).toBe('MESSAGES.SUPPORT_QUESTION_UNKNOWN');
    const taskId = (await post(client, 'tasks/create-using-rules', { projectId: String(project.id), supportQuestionId: 'sq-stoerung-speicher', text: 'Fehler E42' })).body?.taskId as string;
    expect(await portal.knex('task_path').where({ taskId }).orderBy('position').pluck('value')).toEqual(['Störung oder Fehlermeldung an der Anlage', 'Speicher lädt oder entlädt nicht']);
    expect((await control(`/tasks/${taskId}/answer`, { text: 'GEHEIM: Kulanz prüfen', kind: 'INTERNAL_INQUIRY' })).status).toBe(201);
    const since = new Date();
    expect((await control(`/tasks/${taskId}/answer`, { text: 'Wir kommen am Montag.', status: 'IN_PROGRESS' })).status).toBe(201);
    await waitForMail(portal.sandboxUrl, customer.email, since, 10_000).then((mail) => expect(mail.subject).toBe('Neue Nachricht zu „Speicher lädt oder entlädt nicht“'));
    expect((await control(`/tasks/${taskId}/answer`, { text: 'Noch ein Hinweis.' })).status).toBe(201);

    const list = (await call(client, 'GET', `/api/v1/internal/tasks/allProjectTasks/${project.id}`)).body?.threads as JsonBody[];
    expect(list[0]).toMatchObject({ id: taskId, unread: true, status: 'IN_PROGRESS', preview: 'Noch ein Hinweis.' });
    const bell = (await call(client, 'GET', '/api/v2/app/notification')).body as JsonBody;
    expect(bell.notifications).toEqual([expect.objectContaining({ type: 'UNREAD_MESSAGE', href: `/home/app/messages/${taskId}`, seen: false })]);

    const raw = (await call(client, 'GET', `/api/v1/internal/tasks/comments/${taskId}`)).text;
    expect(raw).not.toContain('GEHEIM');
    expect(raw).not.toContain('INTERNAL_INQUIRY');
    const thread = JSON.parse(raw) as JsonBody;
    expect(thread.entries.map((e: JsonBody) => [e.kind, e.statusChange])).toEqual([
      ['EXTERNAL_REQUEST', null],
      ['EXTERNAL_RESPONSE', null],
      ['ACTION_COMMENT', 'IN_PROGRESS'],
      ['EXTERNAL_RESPONSE', null],
    ]);
    expect(((await call(client, 'GET', `/api/v1/internal/tasks/allProjectTasks/${project.id}`)).body?.threads as JsonBody[])[0]?.unread).toBe(false);
    expect(((await call(client, 'GET', '/api/v2/app/notification')).body as JsonBody).notifications).toEqual([]);
    // Opening a read thread again writes nothing: the read time stays, and the bell's kept feed is not marked stale.
    const readState = await portal.knex('task_read_state').where({ taskId });
    const feed = await portal.knex('notification_feed').where({ userId: customer.sub }).first('staleSince', 'refreshedAt');
    await call(client, 'GET', `/api/v1/internal/tasks/comments/${taskId}`);
    expect(await portal.knex('task_read_state').where({ taskId })).toEqual(readState);
    expect(await portal.knex('notification_feed').where({ userId: customer.sub }).first('staleSince', 'refreshedAt')).toEqual(feed);
    // Two answers within the hour: one mail.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await mailsTo(portal.sandboxUrl, customer.email)).filter((m) => m.subject.startsWith('Neue Nachricht'))).toHaveLength(1);

    const reply = await post(client, 'tasks/create-comment', { taskId, text: 'Montag passt.' }, [{ name: 'plan.pdf', bytes: PDF }]);
    expect(reply.status).toBe(201);
  });

  it('answers 404 for another customer’s thread, reply and attachment, exactly like unknown ones', async () => {
    const { project, client } = await customerWithProject();
    const taskId = (await post(client, 'tasks/create-using-rules', { projectId: String(project.id), supportQuestionId: 'sq-rechnung', text: 'Meins' }, [{ name: 'a.pdf', bytes: PDF }])).body?.taskId as string;
    const thread = (await call(client, 'GET', `/api/v1/internal/tasks/comments/${taskId}`)).body as JsonBody;
    const stranger = (await customerWithProject()).client;
    // Status and body alike: the ids are sequential, so a different text would tell which threads exist.
    const foreign = await call(stranger, 'GET', `/api/v1/internal/tasks/comments/${taskId}`);
    const unknown = await call(stranger, 'GET', '/api/v1/internal/tasks/comments/T-999999');
    expect([foreign.status, foreign.text]).toEqual([404, unknown.text]);
    expect((await call(stranger, 'GET', `/api/v1/internal/tasks/allProjectTasks/${project.id}`)).status).toBe(404);
    expect((await post(stranger, 'tasks/create-comment', { taskId, text: 'Fremd' })).status).toBe(404);
    expect((await post(stranger, 'tasks/create-using-rules', { projectId: String(project.id), supportQuestionId: 'sq-rechnung', text: 'Fremd' })).status).toBe(404);
    const foreignFile = await stranger.request(`${portal.url}${thread.entries[0].attachments[0].href}`);
    const unknownFile = await stranger.request(`${portal.url}/api/v1/internal/tasks/T-999999/attachments/A-1`);
    const ownUnknownFile = await client.request(`${portal.url}/api/v1/internal/tasks/${taskId}/attachments/A-999999`);
    expect(foreignFile.status).toBe(404);
    expect(new Set([await foreignFile.text(), await unknownFile.text(), await ownUnknownFile.text()]).size).toBe(1);
  });
});

describe('notifications and the activity log', () => {
  it('marks a notification seen by POST with notificationId (JSON 204, a plain form 303 on to its page)', async () => {
    const { project, client } = await customerWithProject();
    await control('/todos', { projectId: project.id, subject: 'Foto Zählerschrank', text: 'Bitte ein Foto hochladen.' });
    // The task service tells the portal of the new to-do by its event (sent in the background): the bell has it then.
    const bellOf = async (of: typeof client) => ((await call(of, 'GET', '/api/v2/app/notification')).body as JsonBody).notifications as JsonBody[];
    await expect.poll(async () => (await bellOf(client)).length, { timeout: 10_000 }).toBe(1);
    const [first] = await bellOf(client);
    expect(first).toMatchObject({ type: 'UNREAD_MESSAGE', seen: false });
    expect((await call(client, 'POST', '/api/v2/app/notification', { notificationId: first?.id })).status).toBe(204);
    const after = (await call(client, 'GET', '/api/v2/app/notification')).body as JsonBody;
    expect(after).toMatchObject({ unseen: 0, notifications: [expect.objectContaining({ id: first?.id, seen: true })] });
    expect((await call(client, 'POST', '/api/v2/app/notification', { other: 1 })).status).toBe(400);
    // Only the customer's own notification ids: a made-up one, or another customer's, stores nothing.
    const other = await customerWithProject();
    await control('/todos', { projectId: other.project.id, subject: 'Andere', text: 'Für jemand anderen.' });
    await expect.poll(async () => (await bellOf(other.client)).length, { timeout: 10_000 }).toBe(1);
    const [foreign] = await bellOf(other.client);
    const before = await portal.knex('notification_seen').count({ n: '*' }).first();
    for (const notificationId of [foreign?.id as string, 'UNREAD_MESSAGE:erfunden:1', `x${'y'.repeat(150)}`]) {
      expect((await call(client, 'POST', '/api/v2/app/notification', { notificationId })).status, notificationId).toBe(404);
    }
    expect(await portal.knex('notification_seen').count({ n: '*' }).first()).toEqual(before);
    expect(((await call(other.client, 'GET', '/api/v2/app/notification')).body as JsonBody).unseen).toBe(1);
    const form = await client.request(`${portal.url}/api/v2/app/notification`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({ notificationId: first?.id as string, returnTo: first?.href as string }).toString(),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(first?.href);
  });

  it('tells a customer with an unverified address, and nobody else (MAIL_NOT_VERIFIED)', async () => {
    const unverified = await data.customer({ emailVerified: false });
    const client = await signedInClient(portal.url, unverified);
    const feed = (await call(client, 'GET', '/api/v2/app/notification')).body as JsonBody;
    expect(feed.notifications).toEqual([expect.objectContaining({ type: 'MAIL_NOT_VERIFIED', href: '/home/app/profile', projectId: null, seen: false })]);
    const verified = (await customerWithProject()).client;
    expect(((await call(verified, 'GET', '/api/v2/app/notification')).body as JsonBody).notifications).toEqual([]);
  });

  it('takes only the allowed browser events, each with its own fields', async () => {
    const { customer, client } = await customerWithProject();
    expect((await call(client, 'POST', '/api/v1/internal/util/activity-log', { type: 'FAQ_CLICKED', question: 'wie-verknuepfe-ich-mein-projekt' })).status).toBe(204);
    expect((await call(client, 'POST', '/api/v1/internal/util/activity-log', { type: 'SALES_PERSON_CONTACTED', method: 'PHONE' })).status).toBe(204);
    for (const body of [{ type: 'LOGIN', phase: 'PROJECT' }, { type: 'REFUND_COMPLETED' }, { type: 'FAQ_CLICKED' }, { type: 'SALES_PERSON_CONTACTED', method: 'FAX' }, { type: 'FAQ_CLICKED', question: 'x', extra: 1 }]) {
      expect((await call(client, 'POST', '/api/v1/internal/util/activity-log', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await portal.knex('activity_log').where({ userId: customer.sub }).whereIn('type', ['FAQ_CLICKED', 'SALES_PERSON_CONTACTED'])).length).toBe(2);
  });

  it('refuses forged task events', async () => {
    const body = JSON.stringify({ event: 'task.updated', data: { taskId: 'T-1001', projectId: 100240, kind: 'EXTERNAL_RESPONSE' } });
    const t = Math.floor(Date.now() / 1000);
    const sign = (secret: string) => `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
    const post_ = (signature?: string) => fetch(`${portal.url}/api/tasks/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'x-tasks-signature': signature } : {}) }, body });
    expect((await post_()).status).toBe(401);
    expect((await post_(sign('wrong-secret-0123456789'))).status).toBe(401);
    expect((await post_(sign(portal.config.TASKS_WEBHOOK_SECRET))).status).toBe(204);
  });
});
