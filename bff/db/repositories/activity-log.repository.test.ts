import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createActivityService } from '../../domain/activity/activity.service.ts';
import { createKnex } from '../knex.ts';
import { SUB_LOG_TABLES } from '../models/ActivityLog.ts';
import { createActivityLogRepository } from './activity-log.repository.ts';

let knex: Knex;
beforeAll(() => {
  knex = createKnex(inject('databaseUrl'));
});
afterAll(() => knex.destroy());

const customer = () => ({
  id: `kp|${randomUUID()}`,
  email: `kunde-${randomUUID()}@example.de`,
  firstName: 'Erika',
  lastName: 'Muster',
  customerNumber: null,
  phase: 'PROJECT' as const,
});

describe('activity log in PostgreSQL', () => {
  it('writes PAGE_VISITED with its page-visit sub-log', async () => {
    const user = customer();
    const activity = createActivityService(createActivityLogRepository(knex));

    await activity.record(user, 'PAGE_VISITED', { path: '/home/app/profile' });

    const [entry] = await activity.history(user);
    expect(entry).toMatchObject({
      type: 'PAGE_VISITED',
      origin: 'PORTAL',
      userId: user.id,
      username: user.email,
      detail: { kind: 'pageVisit', path: '/home/app/profile' },
    });
    const rows = await knex('activity_log_page_visit').where({ path: '/home/app/profile' });
    expect(rows.length).toBeGreaterThan(0);
  });

  it('writes LOGIN with the phase in its login sub-log', async () => {
    const user = customer();
    const activity = createActivityService(createActivityLogRepository(knex));

    const recorded = await activity.record(user, 'LOGIN', { phase: user.phase });

    expect(recorded.logId).toMatch(/^[0-9a-f-]{36}$/);
    expect(recorded.detail).toEqual({ kind: 'login', phase: 'PROJECT' });
  });

  it('writes the project an activity concerns, and clips long texts to the column', async () => {
    const user = customer();
    const activity = createActivityService(createActivityLogRepository(knex));

    await activity.record(user, 'PROJECT_LINK', { projectId: 100234 });
    await activity.record(user, 'FAQ_CLICKED', { question: 'x'.repeat(600) });

    const [faq, link] = await activity.history(user);
    expect(link).toMatchObject({ type: 'PROJECT_LINK', projectId: 100234 });
    expect(link?.detail).toBeUndefined();
    expect(faq?.detail).toEqual({ kind: 'faq', question: 'x'.repeat(512) });
  });

  it('stores every sub-log kind in its own table', async () => {
    const repository = createActivityLogRepository(knex);
    const user = customer();
    const base = { origin: 'PORTAL' as const, userId: user.id, username: user.email, projectId: 100234 };
    await repository.record({ ...base, type: 'FAQ_CLICKED', detail: { kind: 'faq', question: 'projekt-verknuepfen' } });
    await repository.record({ ...base, type: 'LOGIN', detail: { kind: 'login', phase: 'LEAD' } });
    await repository.record({ ...base, type: 'PAGE_VISITED', detail: { kind: 'pageVisit', path: '/home/app/monitoring' } });
    await repository.record({ ...base, type: 'PROJECT_LINK' });
    await repository.record({ ...base, type: 'MESSAGE_SENT', detail: { kind: 'message', taskPath: 'Frage zur Rechnung', attachmentCount: 2 } });
    await repository.record({ ...base, type: 'LEAD_CONTENT_CLICKED', detail: { kind: 'leadContent', topic: 'SOLAR' } });
    await repository.record({ ...base, type: 'SALES_PERSON_CONTACTED', detail: { kind: 'contact', method: 'PHONE' } });
    await repository.record({ ...base, type: 'SURVEY_COMPLETED', detail: { kind: 'survey', surveyName: 'DC_INSTALLATION' } });
    // DOCUMENT_DOWNLOADED writes the category and the source's sub-log: one entry per source kind.
    const download = (related: Parameters<typeof repository.record>[0]['related']) =>
      repository.record({ ...base, type: 'DOCUMENT_DOWNLOADED', detail: { kind: 'document', category: 'BILL' }, related });
    await download([{ kind: 'documentServiceDocument', documentUuid: 'd-1' }]);
    await download([{ kind: 'managementDocument', hash: 'abc', projectId: 100234 }]);
    await download([{ kind: 'cmsFileDocument', fileId: 'anleitung.pdf' }]);

    const history = (await repository.listForUser(user.id)).filter((h) => h.type !== 'DOCUMENT_DOWNLOADED' || h.related?.length);
    const downloads = history.filter((h) => h.type === 'DOCUMENT_DOWNLOADED').map((h) => [h.detail, h.related]);
    expect(downloads).toEqual([
      [{ kind: 'document', category: 'BILL' }, [{ kind: 'cmsFileDocument', fileId: 'anleitung.pdf' }]],
      [{ kind: 'document', category: 'BILL' }, [{ kind: 'managementDocument', hash: 'abc', projectId: 100234 }]],
      [{ kind: 'document', category: 'BILL' }, [{ kind: 'documentServiceDocument', documentUuid: 'd-1' }]],
    ]);
    history.splice(0, 3);
    expect(history.map((h) => h.type)).toEqual(['SURVEY_COMPLETED', 'SALES_PERSON_CONTACTED', 'LEAD_CONTENT_CLICKED', 'MESSAGE_SENT', 'PROJECT_LINK', 'PAGE_VISITED', 'LOGIN', 'FAQ_CLICKED']);
    expect(history.map((h) => h.detail)).toEqual([
      { kind: 'survey', surveyName: 'DC_INSTALLATION' },
      { kind: 'contact', method: 'PHONE' },
      { kind: 'leadContent', topic: 'SOLAR' },
      { kind: 'message', taskPath: 'Frage zur Rechnung', attachmentCount: 2 },
      undefined,
      { kind: 'pageVisit', path: '/home/app/monitoring' },
      { kind: 'login', phase: 'LEAD' },
      { kind: 'faq', question: 'projekt-verknuepfen' },
    ]);
    for (const table of Object.values(SUB_LOG_TABLES)) {
      const rows = await knex(table).join('activity_log', 'activity_log.id', `${table}.activity_log_id`).where('activity_log.user_id', user.id);
      expect(rows, table).toHaveLength(table === 'activity_log_document' ? 3 : 1);
    }
  });

  it('writes an entry with its sub-logs in one statement and answers it as it reads back', async () => {
    const repository = createActivityLogRepository(knex);
    const user = customer();
    const statements: string[] = [];
    const count = (query: { sql: string }) => statements.push(query.sql);
    knex.on('query', count);
    const recorded = await repository.record({
      origin: 'PORTAL',
      userId: user.id,
      username: user.email,
      projectId: 100234,
      type: 'DOCUMENT_DOWNLOADED',
      detail: { kind: 'document', category: 'BILL' },
      related: [{ kind: 'managementDocument', hash: 'abc', projectId: 100234 }],
    });
    knex.off('query', count);
    expect(statements).toHaveLength(1);
    const [read] = await repository.listForUser(user.id);
    expect(recorded).toEqual(read);
    expect(recorded.createdAt).toBeInstanceOf(Date);
  });
});
