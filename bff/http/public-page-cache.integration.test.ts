import { describe, expect, it } from 'vitest';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

const { portal, data } = usePortal({ data: 'all' });

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${portal.url}${path}`, { headers, redirect: 'manual' });

describe('the HTML cache of public pages', () => {
  it('renders a signed-out help page once, then answers from memory with a strong ETag and 304', async () => {
    const first = await get('/home/app/help?q=cache-test-1');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-page-cache')).toBe('miss');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(first.headers.get('cache-control')).toContain('public');
    expect(first.headers.get('vary')).toMatch(/Cookie/);
    const body = await first.text();

    const second = await get('/home/app/help?q=cache-test-1');
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(second.headers.get('etag')).toBe(etag);
    expect(await second.text()).toBe(body);

    const revalidated = await get('/home/app/help?q=cache-test-1', { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
  });

  it('keeps languages apart and never serves signed-in visitors from it', async () => {
    await get('/privacy-policy');
    const english = await get('/privacy-policy', { cookie: 'kundenportal.lang=en' });
    expect(english.headers.get('x-page-cache')).toBe('miss');

    const client = await signedInClient(portal.url, await data.customer());
    const signedIn = await client.request(`${portal.url}/privacy-policy`);
    expect(signedIn.headers.get('x-page-cache')).toBeNull();
    const page = (await signedIn.json()) as { locals: { user: { firstName: string } | null } };
    expect(page.locals.user?.firstName).toBe('Erika');
  });

  it('is emptied when the CMS reports a change (publish webhook)', async () => {
    await get('/home/app/help?q=cache-test-2');
    expect((await get('/home/app/help?q=cache-test-2')).headers.get('x-page-cache')).toBe('hit');
    const webhook = await fetch(`${portal.url}/api/cms/webhook`, {
      method: 'POST',
      headers: { authorization: `Bearer ${portal.config.CMS_WEBHOOK_SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'entry.publish', model: 'faq' }),
    });
    expect(webhook.status).toBe(204);
    expect((await get('/home/app/help?q=cache-test-2')).headers.get('x-page-cache')).toBe('miss');
  });

  it('leaves customer pages alone', async () => {
    const response = await get('/home/app/profile');
    expect(response.status).toBe(302);
    expect(response.headers.get('x-page-cache')).toBeNull();
  });
});
