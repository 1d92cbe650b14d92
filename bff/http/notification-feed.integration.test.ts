import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../contracts/auth.ts';
import { message } from '../contracts/message-text.ts';
import { createNotificationFeedRepository } from '../db/repositories/notification-feed.repository.ts';
import { createRequestContext } from '../domain/request-context.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

/**
 * The bell on every signed-in page reads the customer's kept feed with one statement (docs/messages.md
 * "Notifications"); an installer's event of one of its projects makes the next page gather it afresh. On the real
 * composition and PostgreSQL, counting the portal's calls to the vendors and its SQL statements.
 */
const { portal, data } = usePortal({ env: { NOTIFICATION_FEED_MAX_AGE_SECONDS: '60' } });
afterEach(() => {
  vi.restoreAllMocks();
  portal.services.upstreamCache.clear();
});

function counting() {
  const vendors = Object.values(portal.config.services).map((service) => service.url);
  const spy = vi.spyOn(globalThis, 'fetch');
  const calls = spy.mock.calls;
  const sql: string[] = [];
  const listen = (query: { sql: string }) => sql.push(query.sql);
  portal.knex.on('query', listen);
  return {
    upstream: () => calls.filter(([input]) => vendors.some((url) => String(input instanceof Request ? input.url : input).startsWith(url))).length,
    sql: () => [...sql],
    /** Stops counting; the figures stay. */
    stop: () => {
      portal.knex.removeListener('query', listen);
      spy.mockRestore();
    },
  };
}

const control = (path: string, json: unknown) =>
  fetch(`${portal.sandboxUrl}/management/_control${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });

async function customer() {
  const account = await data.customer();
  const project = await data.project({ portalUserIds: [account.sub], phase: 'ASSEMBLY', step: 'DELIVERY' });
  await data.project({ portalUserIds: [account.sub], phase: 'PLANNING', step: 'OFFER_CONFIRMATION' });
  const user: SessionUser = { id: account.sub, email: account.email, firstName: 'Test', lastName: 'Kunde', customerNumber: '700994', phase: 'PROJECT' };
  const bell = (dataVersion = 1) => portal.services.notifications.mine(createRequestContext(user, project.id, 'de', dataVersion));
  return { account, project, bell };
}

describe('the bell on a signed-in page', () => {
  it('reads the kept feed with one statement and asks no vendor; an installer’s event brings the new entry at the next page', async () => {
    const { account, project, bell } = await customer();
    const cold = counting();
    const first = await bell();
    cold.stop();
    expect(cold.upstream()).toBeGreaterThan(0);
    expect(first.notifications.filter((n) => n.type === 'JOURNEY_ACTION' && n.projectId === project.id)).toEqual([]);
    expect(await portal.knex('notification_feed').where({ userId: account.sub })).toHaveLength(1);

    const warm = counting();
    const second = await bell();
    warm.stop();
    expect(warm.upstream()).toBe(0);
    expect(warm.sql()).toHaveLength(1);
    expect(warm.sql()[0]).toMatch(/^select\b/i);
    expect(second).toEqual(first);

    // The installer's system: the delivery waits on the customer now (its event reaches the portal's webhook).
    expect((await control(`/projects/${project.id}/waiting-for`, { waitingFor: 'CUSTOMER' })).status).toBe(200);
    await vi.waitFor(async () => expect((await portal.knex('notification_feed').where({ userId: account.sub }).first())?.staleSince).not.toBeNull(), { timeout: 5000 });
    expect((await bell()).notifications).toContainEqual(expect.objectContaining({ type: 'JOURNEY_ACTION', projectId: project.id, title: message('journey.noticeConfirmDeliveryTitle') }));
  });

  it('gathers afresh after the customer’s own change (another data version of the session)', async () => {
    const { bell } = await customer();
    await bell(1);
    const again = counting();
    await bell(2);
    again.stop();
    expect(again.upstream()).toBeGreaterThan(0);
  });

  it('keeps the stale mark of an event that arrived while a feed was being gathered', async () => {
    const { account, project } = await customer();
    const feeds = createNotificationFeedRepository(portal.knex);
    const begun = new Date(Date.now() - 1000);
    await feeds.write(account.sub, { entries: [], projectIds: [project.id], dataVersion: 1, at: new Date(Date.now() - 5000) });
    await feeds.markStale(project.id, new Date());
    // A gathering that began before the event ends now: it must not make the feed look fresh.
    await feeds.write(account.sub, { entries: [], projectIds: [project.id], dataVersion: 1, at: begun });
    expect((await feeds.read(account.sub))?.stale).toBe(true);
    await feeds.write(account.sub, { entries: [], projectIds: [project.id], dataVersion: 1, at: new Date(Date.now() + 1000) });
    expect((await feeds.read(account.sub))?.stale).toBe(false);
  });
});
