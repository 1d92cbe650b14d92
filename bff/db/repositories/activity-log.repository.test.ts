import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createActivityService } from '../../domain/activity/activity.service.ts';
import { createKnex } from '../knex.ts';
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

    await activity.pageVisited(user, '/home/app/profile/');

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

    const recorded = await activity.loggedIn(user);

    expect(recorded.logId).toMatch(/^[0-9a-f-]{36}$/);
    expect(recorded.detail).toEqual({ kind: 'login', phase: 'PROJECT' });
  });

  it('does not log paths outside the spec list', async () => {
    const user = customer();
    const activity = createActivityService(createActivityLogRepository(knex));

    expect(await activity.pageVisited(user, '/home/dashboard')).toBeNull();
    expect(await activity.history(user)).toEqual([]);
  });

  it('stores every sub-log kind in its own table', async () => {
    const repository = createActivityLogRepository(knex);
    const user = customer();
    const base = { origin: 'PORTAL' as const, userId: user.id, username: user.email, projectId: 100234 };
    await repository.record({ ...base, type: 'FAQ_CLICKED', detail: { kind: 'faq', question: 'projekt-verknuepfen' } });
    await repository.record({ ...base, type: 'MESSAGE_SENT', detail: { kind: 'message', taskPath: 'a/b', attachmentCount: 2 } });
    await repository.record({ ...base, type: 'PROJECT_LINK' });

    const history = await repository.listForUser(user.id);
    expect(history.map((h) => h.type)).toEqual(['PROJECT_LINK', 'MESSAGE_SENT', 'FAQ_CLICKED']);
    expect(history[0]?.detail).toBeUndefined();
    expect(history[1]?.detail).toEqual({ kind: 'message', taskPath: 'a/b', attachmentCount: 2 });
  });
});
