import { expect, test, type Request } from '@playwright/test';
import { customers, signIn } from './support/auth.ts';

/** Internal links are prefetched near the viewport, never anything that writes (docs/architecture.md "Prefetch"). */
test.describe('Vorabladen von Links', () => {
  test('die Seite nennt ihre Regeln; sie erlauben nur Seiten ohne Seiteneffekt', async ({ request }) => {
    const page = await request.get('/home/app/help');
    expect(page.headers()['speculation-rules']).toBe('"/speculation-rules.json"');
    const rules = await request.get('/speculation-rules.json');
    expect(rules.headers()['content-type']).toContain('application/speculationrules+json');
    const json = JSON.stringify(await rules.json());
    expect(json).toContain('/home/app/files/knowledgebase/:slug');
    expect(json).toContain('/home/dashboard');
    // Logged visits (PAGE_VISITED), the API (sign-in, CSV) and CMS files are never prefetched.
    for (const path of ['/home/app/monitoring', '/home/app/profile', '/home/app/files/instructions"', '/api/', '/cms-media']) {
      expect(json).not.toContain(path);
    }
    expect(json).toContain('[data-no-prefetch]');
  });

  test('Chromium lädt erlaubte Links vorab, nutzt sie beim Klick und lädt nie Sprachwechsel, API oder protokollierte Seiten', async ({ page }) => {
    await signIn(page, customers.jonas);
    const prefetched: string[] = [];
    const onRequest = (req: Request) => {
      const purpose = req.headers()['sec-purpose'] ?? '';
      if (purpose.includes('prefetch')) prefetched.push(new URL(req.url()).pathname + new URL(req.url()).search);
    };
    page.on('request', onRequest);
    await page.goto('/home/app/files/knowledgebase');
    // Desktop Chromium treats "eager" as a short hover; hovering the links makes it prefetch them.
    const article = page.locator('main a[href^="/home/app/files/knowledgebase/"]').first();
    await article.hover();
    await page.getByRole('link', { name: 'Anleitungen' }).first().hover();
    await page.locator('a[hreflang]').hover();
    await expect.poll(() => prefetched.filter((p) => p.startsWith('/home/app/files/knowledgebase/')).length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(prefetched.filter((p) => p.includes('lang=') || p.startsWith('/api/') || p.startsWith('/home/app/files/instructions'))).toEqual([]);

    // The click uses the prefetched answer (a signed-in page, sent with Cache-Control: no-store).
    await article.click();
    await expect(page).toHaveURL(/\/home\/app\/files\/knowledgebase\/.+/);
    const deliveryType = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { deliveryType?: string }).deliveryType,
    );
    expect(deliveryType).toBe('navigational-prefetch');
  });
});
