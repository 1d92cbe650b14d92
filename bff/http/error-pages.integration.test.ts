import { describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../contracts/http.ts';
import { signedInClient } from '../../tests/support/sign-in.ts';
import { testData } from '../../tests/support/test-data.ts';
import { usePortal } from '../../tests/support/use-portal.ts';

const logLines: string[] = [];

const { portal } = usePortal({ logLines, data: 'none' });

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

describe('the access-denied log line', () => {
  it('names the customer and the error code (secrets are redacted by exact field name, not by "code")', async () => {
    const data = testData(portal.sandboxUrl);
    try {
      const customer = await data.customer();
      const foreign = await data.project({ portalUserIds: ['kp|someone-else'] });
      const client = await signedInClient(portal.url, customer);
      const response = await client.request(`${portal.url}/api/v1/internal/util/auth-session-project-id`, {
        method: 'POST',
        headers: { [CSRF_HEADER]: '1', 'content-type': 'application/json' },
        body: JSON.stringify({ projectId: foreign.id }),
      });
      expect(response.status).toBe(404);
      const line = logLines.find((l) => l.includes('not found or not owned')) ?? '';
      expect(line).toContain(`"customerId":"${customer.sub}"`);
      expect(line).toMatch(/"code":"[A-Z_.]+"/);
      expect(line).not.toContain('[redacted]');
    } finally {
      await data.cleanup();
    }
  });
});
