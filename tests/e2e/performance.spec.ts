import { expect, test } from '@playwright/test';
import { pageWeight } from '../bench/page-weight.ts';
import { customers, signIn } from './support/auth.ts';

/** Compressed answers, and JavaScript only where a page is interactive (docs/architecture.md). */
test.describe('Seitengewicht', () => {
  test('Seiten und Assets kommen komprimiert (brotli), mit Vary: Accept-Encoding', async ({ page, request }) => {
    const html = await request.get('/privacy-policy', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(html.headers()['content-encoding']).toBe('br');
    expect(html.headers().vary).toMatch(/Accept-Encoding/i);

    await signIn(page, customers.jonas);
    await page.waitForLoadState('networkidle');
    const urls = new Set<string>();
    page.on('response', (response) => {
      if (/\/_astro\/.+\.(js|css)$/.test(response.url())) urls.add(response.url());
    });
    await page.goto('/home/app/monitoring?period=day');
    await page.waitForLoadState('networkidle');
    expect(urls.size).toBeGreaterThan(0);
    let compressed = 0;
    for (const url of urls) {
      const response = await request.get(url, { headers: { 'accept-encoding': 'br, gzip' } });
      // Files under 1 KB are not worth a compressed copy (site/integrations/precompress.ts).
      if ((await response.body()).length < 1024) continue;
      expect(response.headers()['content-encoding'], url).toBe('br');
      expect(response.headers()['cache-control'], url).toContain('immutable');
      compressed += 1;
    }
    expect(compressed).toBeGreaterThan(0);
  });

  test('die Hilfeseite kommt abgemeldet aus dem Seiten-Cache, komprimiert und gleich der frischen Seite', async ({ request }) => {
    const plain = await request.get('/home/app/help?q=Speicher', { headers: { 'accept-encoding': 'identity' } });
    const cached = await request.get('/home/app/help?q=Speicher', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(cached.headers()['x-page-cache']).toBe('hit');
    expect(cached.headers()['content-encoding']).toBe('br');
    expect(cached.headers().etag).toBe(plain.headers().etag);
    expect(await cached.text()).toBe(await plain.text());
    const gz = await request.get('/home/app/help?q=Speicher', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers()['content-encoding']).toBe('gzip');
    expect(await gz.text()).toBe(await plain.text());
  });

  test('Inhaltsseiten laden angemeldet kein JavaScript', async ({ page }) => {
    await signIn(page, customers.jonas);
    // The dashboard's own islands finish loading first, so their requests are not counted for the next page.
    await page.waitForLoadState('networkidle');
    for (const path of [
      '/home/app/help',
      '/home/app/files/knowledgebase',
      '/home/app/files/instructions',
      '/privacy-policy',
      '/home/app/profile',
    ]) {
      const scripts: string[] = [];
      const listener = (req: { resourceType(): string; url(): string }) => {
        if (req.resourceType() === 'script') scripts.push(req.url());
      };
      page.on('request', listener);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      page.off('request', listener);
      expect(scripts, path).toEqual([]);
      expect(await page.locator('script:not([type="application/ld+json"]):not([type="speculationrules"])').count(), path).toBe(0);
    }
  });

  test('das Dashboard lädt anfangs höchstens 20 KB JavaScript (gzip); die Verknüpfen-Dialoge kommen erst bei Bedarf', async ({ page, baseURL }) => {
    await signIn(page, customers.jonas);
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const weight = await pageWeight(baseURL ?? '', '/home/dashboard', { cookie });
    expect(weight.initialJsGzipBytes).toBeGreaterThan(0);
    expect(weight.initialJsGzipBytes).toBeLessThanOrEqual(20 * 1024);
    // React and the dialogs are there, but only on demand.
    expect(weight.onDemandJsGzipBytes).toBeGreaterThan(20 * 1024);
  });

  test('ein Klick auf „Projekt verknüpfen“, bevor der Dialog-Code geladen ist, geht nicht verloren', async ({ page }) => {
    await signIn(page, customers.jonas);
    let release: () => void = () => undefined;
    const clicked = new Promise<void>((resolve) => {
      release = resolve;
    });
    let requested = false;
    // The island's code is held back until the button has been pressed.
    await page.route(/\/_astro\/mount\.[\w-]+\.js$/, async (route) => {
      requested = true;
      await clicked;
      await route.continue();
    });
    await page.goto('/home/dashboard');
    const button = page.getByRole('button', { name: /Projekt verknüpfen/ });
    await button.click();
    await expect(page.getByRole('dialog', { name: 'Projekt verknüpfen' })).toHaveCount(0);
    release();
    await expect(page.getByRole('dialog', { name: 'Projekt verknüpfen' })).toBeVisible();
    expect(requested).toBe(true);
    // Closing hands the focus back to the page's own button.
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
  });

  test('ein Klick, bevor überhaupt ein Skript läuft, öffnet den Dialog nach dem Laden der Seite', async ({ page }) => {
    await signIn(page, customers.jonas);
    // Every script of the first load is held back: the press meets the plain HTML button.
    let hold = true;
    await page.route(/\/_astro\/.+\.js$/, async (route) => {
      while (hold) await new Promise((resolve) => setTimeout(resolve, 50));
      await route.continue();
    });
    await page.goto('/home/dashboard', { waitUntil: 'commit' });
    await page.getByRole('button', { name: /Projekt verknüpfen/ }).click({ noWaitAfter: true });
    hold = false;
    await expect(page).toHaveURL(/\/home\/dashboard\?linkProject=open$/);
    await expect(page.getByRole('dialog', { name: 'Projekt verknüpfen' })).toBeVisible();
    await expect(page.getByText('Für diese Seite brauchst Du ein verknüpftes Projekt', { exact: false })).toHaveCount(0);
  });

  test('lässt sich der Dialog-Code nicht laden, sagt der Knopf es, und der nächste Klick versucht es erneut', async ({ page }) => {
    await signIn(page, customers.jonas);
    let fail = true;
    await page.route(/\/_astro\/mount\.[\w-]+\.js$/, (route) => (fail ? route.abort() : route.continue()));
    await page.goto('/home/dashboard');
    const button = page.getByRole('button', { name: /Projekt verknüpfen/ });
    await button.click();
    await expect(page.getByRole('status').filter({ hasText: 'konnte gerade nicht geladen werden' })).toBeVisible();
    fail = false;
    await button.click();
    await expect(page.getByRole('dialog', { name: 'Projekt verknüpfen' })).toBeVisible();
  });
});
