import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '~/bff/config.ts';
import { sandboxWithPortal } from '~/tests/support/sandbox-with-portal.ts';
import type { SandboxHandle } from '../server.ts';
import { eventSignature } from '../shared/signed-events.ts';
import type { Task } from './store.ts';

describe('sandbox task service (ticketing)', () => {
  let sandbox: SandboxHandle;
  let config: Config;
  let close: () => Promise<void>;
  const events: { body: string; signature: string }[] = [];

  beforeEach(async () => {
    events.length = 0;
    ({ sandbox, config, close } = await sandboxWithPortal({
      name: 'tasks',
      answer: ({ body, headers }, res) => {
        events.push({ body, signature: String(headers['x-tasks-signature']) });
        res.writeHead(204).end();
      },
    }));
  });
  afterEach(() => close());

  const api = (p: string, init: RequestInit = {}) =>
    fetch(`${sandbox.url}/tasks/api/v1${p}`, { ...init, headers: { authorization: `Bearer ${config.TASKS_API_TOKEN}`, 'content-type': 'application/json', ...init.headers } });
  const customer = { name: 'Anna Schmidt', portalUserId: 'kp|anna-schmidt' };

  it('lists a project’s tasks with a token only, newest activity first, internal inquiries included for the installer’s systems', async () => {
    expect((await fetch(`${sandbox.url}/tasks/api/v1/tasks?projectId=100240`)).status).toBe(401);
    const { items } = (await (await api('/tasks?projectId=100240')).json()) as { items: Task[] };
    expect(items.map((t) => t.id)).toEqual(['T-1001', 'T-1002']);
    expect(items[0]?.entries.map((e) => e.kind)).toContain('INTERNAL_INQUIRY');
    expect((await api('/tasks')).status).toBe(400);
  });

  it('routes a new request to a team by its support question and keeps uploaded attachments', async () => {
    const upload = await api('/attachments?filename=zaehler.png', { method: 'POST', headers: { 'content-type': 'image/png' }, body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) });
    expect(upload.status).toBe(201);
    const attachment = (await upload.json()) as { id: string; size: number };
    expect(attachment.size).toBe(7);
    const created = await api('/tasks', {
      method: 'POST',
      body: JSON.stringify({ projectId: 100234, subject: 'Rechnung', text: 'Hallo', supportQuestion: ['Frage zur Rechnung'], author: customer, attachments: [{ id: attachment.id }] }),
    });
    expect(created.status).toBe(201);
    const task = (await created.json()) as Task;
    expect(task).toMatchObject({ team: 'Buchhaltung', status: 'OPEN', type: 'REQUEST', entries: [{ kind: 'EXTERNAL_REQUEST', attachments: [{ id: attachment.id }] }] });
    const file = await api(`/attachments/${attachment.id}`);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer())).toHaveLength(7);

    const unknown = await api('/tasks', { method: 'POST', body: JSON.stringify({ projectId: 1, subject: 's', text: 't', author: customer, attachments: [{ id: 'nope' }] }) });
    expect(unknown.status).toBe(400);
    expect(events).toEqual([]);
  });

  it('announces the installer’s answers (signed), not internal inquiries; a status change adds a system line', async () => {
    const control = (p: string, json: unknown) => fetch(`${sandbox.url}/tasks/_control${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });
    expect((await control('/tasks/T-1001/answer', { text: 'Nur intern', kind: 'INTERNAL_INQUIRY' })).status).toBe(201);
    expect((await control('/tasks/T-1001/answer', { text: 'Termin am Montag', status: 'DONE' })).status).toBe(201);
    await expect.poll(() => events.length).toBe(1);
    const [event] = events;
    const t = Number(/t=(\d+)/.exec(event?.signature ?? '')?.[1]);
    expect(eventSignature(config.TASKS_WEBHOOK_SECRET, t, event?.body ?? '')).toBe(event?.signature);
    expect(JSON.parse(event?.body ?? '{}')).toMatchObject({ event: 'task.updated', data: { taskId: 'T-1001', projectId: 100240, kind: 'EXTERNAL_RESPONSE', status: 'DONE' } });
    const task = (await (await api('/tasks/T-1001')).json()) as Task;
    expect(task.entries.slice(-2).map((e) => [e.kind, e.text])).toEqual([['EXTERNAL_RESPONSE', 'Termin am Montag'], ['ACTION_COMMENT', 'STATUS:DONE']]);
  });

  it('has a German back-office page whose forms answer and create to-dos without JavaScript', async () => {
    const page = await (await fetch(`${sandbox.url}/tasks/`)).text();
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('Interne Rückfrage (nur intern)');
    const todo = await fetch(`${sandbox.url}/tasks/tester/todos`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ projectId: '100240', subject: 'Foto', text: 'Bitte ein Foto' }).toString(),
    });
    expect(todo.status).toBe(303);
    const { items } = (await (await api('/tasks?projectId=100240')).json()) as { items: Task[] };
    expect(items[0]).toMatchObject({ type: 'TODO', subject: 'Foto', status: 'OPEN' });
    await expect.poll(() => events.length).toBe(1);
  });

  it('keeps service tasks internal: once per source, team Kundenservice, never in the customer API, no event, marked on the page', async () => {
    const body = JSON.stringify({ projectId: 100240, subject: 'Rückruf nach Umfrage', text: 'NPS 3', source: 'survey-7' });
    const created = await api('/service-tasks', { method: 'POST', body });
    expect(created.status).toBe(201);
    const task = (await created.json()) as Task;
    expect(task).toMatchObject({ type: 'SERVICE', team: 'Kundenservice', source: 'survey-7', entries: [{ kind: 'INTERNAL_INQUIRY', text: 'NPS 3' }] });
    const again = await api('/service-tasks', { method: 'POST', body });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Task).id).toBe(task.id);
    const { items } = (await (await api('/tasks?projectId=100240')).json()) as { items: Task[] };
    expect(items.map((t) => t.id)).not.toContain(task.id);
    expect((await api(`/tasks/${task.id}`)).status).toBe(404);
    expect((await api(`/tasks/${task.id}/comments`, { method: 'POST', body: JSON.stringify({ text: 'x', author: customer }) })).status).toBe(404);
    const answered = await fetch(`${sandbox.url}/tasks/_control/tasks/${task.id}/answer`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'Kunde angerufen', status: 'DONE' }) });
    expect(answered.status).toBe(201);
    const page = await (await fetch(`${sandbox.url}/tasks/`)).text();
    expect(page).toContain('Servicefall (intern, für den Kunden unsichtbar)');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toEqual([]);
  });
});
