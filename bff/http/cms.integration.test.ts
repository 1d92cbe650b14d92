import { describe, expect, it } from 'vitest';
import { usePortal } from '../../tests/support/use-portal.ts';

const { portal } = usePortal({ data: 'none' });

const webhook = (authorization?: string, body: unknown = { event: 'entry.publish', model: 'faq', entry: { slug: 'x' } }) =>
  fetch(`${portal.url}/api/cms/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });

describe('CMS webhook', () => {
  it('refuses a call without the shared secret', async () => {
    expect((await webhook()).status).toBe(401);
    expect((await webhook('Bearer falsch')).status).toBe(401);
  });

  it('accepts the shared secret without a CSRF header and marks the affected content stale', async () => {
    for (const key of ['faqs:de', 'faqs:en']) await portal.knex('content_cache').insert({ key, body: JSON.stringify([]), fetchedAt: new Date(), stale: false }).onConflict('key').merge();

    const response = await webhook(`Bearer ${portal.config.CMS_WEBHOOK_SECRET}`);

    expect(response.status).toBe(204);
    const rows = await portal.knex('content_cache').whereIn('key', ['faqs:de', 'faqs:en']);
    // The CMS of this test is not running, so the reload fails and the entry stays stale (served until it succeeds).
    expect(rows.map((row: { stale: boolean }) => row.stale)).toEqual([true, true]);
  });
});

describe('help pages while the CMS is down', () => {
  it('the help page is public: a visitor is not sent to the login', async () => {
    const response = await fetch(`${portal.url}/home/app/help`, { redirect: 'manual' });
    expect(response.status).toBe(200);
  });

  it('the knowledge base needs a signed-in customer', async () => {
    const response = await fetch(`${portal.url}/home/app/files/knowledgebase`, { redirect: 'manual' });
    expect(response.status).toBe(302);
  });
});
