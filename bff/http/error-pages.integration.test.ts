import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestPortal } from '../../tests/support/test-portal.ts';

type Portal = Awaited<ReturnType<typeof startTestPortal>>;
let portal: Portal;

beforeAll(async () => {
  portal = await startTestPortal({ databaseUrl: inject('databaseUrl') });
});
afterAll(() => portal?.close());

/** The test portal's page handler answers `{ page }` with the path it was asked to render. */
async function rendered(path: string, init: RequestInit = {}) {
  const response = await fetch(`${portal.url}${path}`, { redirect: 'manual', headers: { accept: 'text/html' }, ...init });
  const text = await response.text();
  return { status: response.status, page: (text.startsWith('{') ? (JSON.parse(text) as { page: string }) : { page: text }).page };
}

describe('error pages', () => {
  it('a broken percent-encoding in a page or media address is the German 400 page, not 500', async () => {
    expect(await rendered('/cms-media/%ff')).toEqual({ status: 400, page: '/400' });
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('%s to an unknown page path gets the German 404 page, never Express’s text', async (method) => {
    const response = await rendered('/gibt-es-nicht', { method });
    expect(response).toEqual({ status: 404, page: '/404' });
  });

  it('an unknown API path answers JSON 404', async () => {
    const response = await fetch(`${portal.url}/api/gibt-es-nicht`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
