import { expect, test } from '@playwright/test';
import { customers, signIn } from './support/auth.ts';

test.describe('Sicherheits-Header (docs/security.md)', () => {
  test('eine Seite sendet CSP mit frame-ancestors, nosniff, Referrer-Policy', async ({ request }) => {
    const response = await request.get('/');
    const headers = response.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['content-security-policy']).toContain("base-uri 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
  });

  test('Seiten einer angemeldeten Kundin werden nicht gespeichert (no-store)', async ({ page }) => {
    await signIn(page, customers.anna);
    const response = await page.goto('/home/app/profile');
    expect(response?.headers()['cache-control']).toBe('no-store');
  });

  test('zustandsändernde API-Aufrufe ohne CSRF-Header werden mit 403 abgelehnt', async ({ request }) => {
    const response = await request.post('/api/auth/logout');
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'CSRF.HEADER_MISSING' });
  });

  test('die Website lädt keine Skriptfehler wegen der CSP', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') violations.push(message.text());
    });
    await signIn(page, customers.jonas);
    await page.reload();
    expect(violations.filter((v) => /Content Security Policy/i.test(v))).toEqual([]);
  });
});
