import { describe, expect, it } from 'vitest';
import { usePortal } from '../../tests/support/use-portal.ts';

describe('liveness and readiness', () => {
  const { portal } = usePortal({ data: 'none' });

  it('/healthz answers while the process runs; /readyz while the database answers', async () => {
    expect((await fetch(`${portal.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${portal.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', database: true });
  });

  it('/readyz turns 503 once shutdown has begun, /healthz stays 200', async () => {
    portal.stopAccepting();
    expect((await fetch(`${portal.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${portal.url}/healthz`)).status).toBe(200);
  });
});

describe('readiness without a database', () => {
  // A PostgreSQL URL on a port where nothing listens.
  const { portal } = usePortal({ databaseUrl: 'postgres://postgres:postgres@127.0.0.1:9/portal', data: 'none' });

  it('/readyz answers 503 when the database is unreachable', async () => {
    const response = await fetch(`${portal.url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ database: false });
  });
});

describe('configurable login URL and language', () => {
  const { portal } = usePortal({ env: { LOGIN_URL: 'https://login.example.de/start?client=portal' }, data: 'none' });

  it('the page guard sends visitors to the configured login URL with returnTo', async () => {
    const response = await fetch(`${portal.url}/onboarding/base-data`, { redirect: 'manual' });
    expect(response.headers.get('location')).toBe(
      'https://login.example.de/start?client=portal&returnTo=%2Fonboarding%2Fbase-data',
    );
  });

  it('public pages are not guarded and receive the login URL in their locals', async () => {
    const response = await fetch(`${portal.url}/privacy-policy`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ locals: { user: null, lang: 'de', loginUrl: 'https://login.example.de/start?client=portal' } });
  });

  it('?lang=en sets the language cookie and removes the parameter', async () => {
    const response = await fetch(`${portal.url}/privacy-policy?lang=en&x=1`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/privacy-policy?x=1');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('kundenportal.lang=en'));
    expect(cookie).toBeTruthy();
    const page = await fetch(`${portal.url}/privacy-policy`, { headers: { cookie: 'kundenportal.lang=en' } });
    expect(await page.json()).toMatchObject({ locals: { lang: 'en' } });
  });

  it('unknown API routes answer JSON 404, not a page', async () => {
    const response = await fetch(`${portal.url}/api/gibt-es-nicht`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
