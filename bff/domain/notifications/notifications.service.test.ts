import { describe, expect, it } from 'vitest';
import { message } from '../../contracts/message-text.ts';
import type { PortalNotification } from '../../contracts/notifications.ts';
import { createRequestContext } from '../request-context.ts';
import type { KeptFeed, NotificationFeedRepository } from '../repositories/notification-feed.ts';
import { createNotificationsService, type NotificationSource } from './notifications.service.ts';

/** The bell reads a kept feed and asks the sources only when it must (docs/messages.md "Notifications"). */
const user = { id: 'u-1', email: 'jonas@example.test', firstName: 'Jonas', lastName: 'Weber', customerNumber: '700001', phase: 'PROJECT' as const };
const entry = (id: string, createdAt = '2026-11-27T10:00:00.000Z'): Omit<PortalNotification, 'seen'> => ({
  id,
  type: 'UNREAD_MESSAGE',
  projectId: 7,
  title: message('messages.noticeUnreadTitle'),
  text: message('messages.noticeUnreadText', { subject: 'Frage' }),
  href: '/home/app/messages',
  createdAt,
});

function memoryFeed() {
  const rows = new Map<string, Omit<KeptFeed, 'seen'> & { projectIds: readonly number[]; staleSince: Date | null }>();
  const seen = new Set<string>();
  const repository: NotificationFeedRepository = {
    async read(userId) {
      const row = rows.get(userId);
      return row ? { entries: row.entries, dataVersion: row.dataVersion, refreshedAt: row.refreshedAt, stale: row.staleSince !== null, seen: new Set([...seen]) } : null;
    },
    async write(userId, feed) {
      const row = rows.get(userId);
      if (row?.staleSince && row.staleSince >= feed.at) return;
      rows.set(userId, { entries: [...feed.entries], projectIds: feed.projectIds, dataVersion: feed.dataVersion, refreshedAt: feed.at, stale: false, staleSince: null });
    },
    async markStale(projectId, at) {
      for (const row of rows.values()) if (row.projectIds.includes(projectId)) row.staleSince = at;
    },
    erase: async (userId) => Number(rows.delete(userId)),
  };
  return { repository, rows, seen };
}

function setup(sources: NotificationSource[], clock = { now: new Date('2026-11-27T10:00:00Z') }) {
  const feed = memoryFeed();
  const warnings: string[] = [];
  const service = createNotificationsService({
    sources,
    seen: { seen: async (_user, ids) => new Set(ids.filter((id) => feed.seen.has(id))), markSeen: async (_user, id) => void feed.seen.add(id) },
    feed: feed.repository,
    projectIdsOf: async () => [7],
    now: () => clock.now,
    maxAgeMs: 60_000,
    warn: (text) => void warnings.push(text),
  });
  const mine = (dataVersion = 1) => service.mine(createRequestContext(user, 7, 'de', dataVersion));
  return { service, feed, warnings, mine, clock };
}

function countingSource(entries: () => Omit<PortalNotification, 'seen'>[]) {
  let calls = 0;
  const source: NotificationSource = async () => {
    calls += 1;
    return entries();
  };
  return { source, calls: () => calls };
}

describe('the bell’s kept feed', () => {
  it('asks the sources once, then shows the kept feed with its seen marks', async () => {
    const counted = countingSource(() => [entry('a')]);
    const { mine, feed } = setup([counted.source]);
    expect((await mine()).unseen).toBe(1);
    feed.seen.add('a');
    expect(await mine()).toEqual({ notifications: [expect.objectContaining({ id: 'a', seen: true })], unseen: 0 });
    expect(counted.calls()).toBe(1);
  });

  it('asks again after an installer’s event of one of its projects, and after the customer’s own change', async () => {
    let entries = [entry('a')];
    const counted = countingSource(() => entries);
    const { mine, service } = setup([counted.source]);
    await mine();
    entries = [entry('a'), entry('b', '2026-11-27T10:05:00.000Z')];
    await service.projectChanged(8);
    expect((await mine()).notifications.map((n) => n.id)).toEqual(['a']);
    await service.projectChanged(7);
    expect((await mine()).notifications.map((n) => n.id)).toEqual(['b', 'a']);
    expect(counted.calls()).toBe(2);
    await mine(2);
    expect(counted.calls()).toBe(3);
  });

  it('gathers a feed afresh once it is older than its age', async () => {
    let entries = [entry('a')];
    const counted = countingSource(() => entries);
    const { mine, clock } = setup([counted.source]);
    await mine();
    entries = [entry('b')];
    clock.now = new Date('2026-11-27T10:00:59Z');
    expect((await mine()).notifications.map((n) => n.id)).toEqual(['a']);
    clock.now = new Date('2026-11-27T10:01:00Z');
    expect((await mine()).notifications.map((n) => n.id)).toEqual(['b']);
    expect(counted.calls()).toBe(2);
  });

  it('keeps no feed of a customer without projects: no event could mark it stale', async () => {
    const feed = memoryFeed();
    const service = createNotificationsService({
      sources: [async () => []],
      seen: { seen: async () => new Set(), markSeen: async () => undefined },
      feed: feed.repository,
      projectIdsOf: async () => [],
      maxAgeMs: 60_000,
      warn: () => undefined,
    });
    await service.mine(createRequestContext(user, undefined, 'de', 1));
    expect(feed.rows.size).toBe(0);
  });

  it('keeps no feed with a failed source: the entries of the others show, the next page asks again', async () => {
    let fail = true;
    const counted = countingSource(() => [entry('a')]);
    const flaky: NotificationSource = async () => {
      if (fail) throw new Error('task service down');
      return [entry('c')];
    };
    const { mine, feed, warnings } = setup([counted.source, flaky]);
    expect((await mine()).notifications.map((n) => n.id)).toEqual(['a']);
    expect(feed.rows.size).toBe(0);
    expect(warnings).toContain('notification source failed');
    fail = false;
    expect((await mine()).notifications.map((n) => n.id).sort()).toEqual(['a', 'c']);
    expect(feed.rows.size).toBe(1);
  });
});
