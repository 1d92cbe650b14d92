import { expect, test } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { customers, signIn } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { sql, strapiAdminAsEditor, waitForStrapiBeforeAll } from './support/stack.ts';

const LINKING_FAQ = 'wie-verknuepfe-ich-mein-projekt';

/** The FAQ as Strapi publishes it (documentId for the admin URL). */
async function faqFromStrapi(slug: string) {
  const response = await fetch(`${E2E.strapi}/api/faqs?filters[slug][$eq]=${slug}`);
  const body = (await response.json()) as { data: { documentId: string; question: string }[] };
  const faq = body.data[0];
  if (!faq) throw new Error(`FAQ ${slug} not found in Strapi`);
  return faq;
}

waitForStrapiBeforeAll();

test.describe('Hilfe und FAQ', () => {
  test('die Hilfeseite ist ohne Anmeldung erreichbar und ?question= öffnet die richtige Frage', async ({ page }) => {
    const faq = await faqFromStrapi(LINKING_FAQ);
    const response = await page.goto(`/home/app/help?question=${LINKING_FAQ}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hilfe');
    const question = page.getByRole('link', { name: faq.question });
    await expect(question).toBeFocused();
    await expect(page.locator(`#${LINKING_FAQ}`)).toContainText('Code');
  });

  test('eine angemeldete Kundin, die eine Frage öffnet, wird mit FAQ_CLICKED protokolliert', async ({ page }) => {
    const faq = await faqFromStrapi(LINKING_FAQ);
    await signIn(page, customers.anna);
    await page.goto(`/home/app/help?question=${LINKING_FAQ}`);
    await expect(page.getByRole('link', { name: faq.question })).toBeFocused();
    const rows = await sql(
      `SELECT f.question FROM activity_log a JOIN activity_log_faq f ON f.activity_log_id = a.id
       WHERE a.type = 'FAQ_CLICKED' AND a.username = $1 ORDER BY a.id DESC LIMIT 1`,
      [customers.anna.email],
    );
    expect(rows.rows[0]?.question).toBe(faq.question);
  });

  test('die Support-Fragen kommen aus dem echten Strapi (Liste mit start/limit, ohne pageCount)', async ({ page }) => {
    await signIn(page, customers.anna);
    const response = await page.request.get('/api/v1/internal/tasks/support-questions');
    expect(response.status()).toBe(200);
    const { items } = (await response.json()) as { items: { id: string; title: string }[] };
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]).toMatchObject({ id: expect.any(String), title: expect.any(String) });
  });

  test('die Suche funktioniert ohne JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: E2E.portal, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/home/app/help');
    await page.getByRole('searchbox').fill('Marktstammdatenregister');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await expect(page).toHaveURL(/q=Marktstammdatenregister/);
    await expect(page.getByRole('main')).toContainText('Marktstammdatenregister');
    await context.close();
  });

  test('die Hilfeseite lädt kein JavaScript (abgemeldet)', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/home/app/help');
    expect(scripts).toEqual([]);
    expect(await page.locator('script').count()).toBe(0);
  });

  test('eine Redakteurin ändert eine Antwort in Strapi, das Portal zeigt sie binnen 5 Sekunden', async ({ page, browser }) => {
    const faq = await faqFromStrapi(LINKING_FAQ);
    const marker = `Neu von der Redaktion ${Date.now()}`;

    const admin = await strapiAdminAsEditor(browser);
    await admin.goto(`/admin/content-manager/collection-types/api::faq.faq/${faq.documentId}`);
    const editor = admin.getByRole('textbox').filter({ has: admin.locator('[data-slate-node]') }).first();
    await editor.click();
    await admin.keyboard.press('Control+End');
    await admin.keyboard.press('Enter');
    await admin.keyboard.type(marker);
    await admin.getByRole('button', { name: /Veröffentlichen|Publish/i }).click();
    await expect(admin.getByText(/Veröffentlicht|Published/i).first()).toBeVisible();
    const publishedAt = Date.now();
    await admin.close();

    await expect
      .poll(async () => (await page.request.get(`/home/app/help?question=${LINKING_FAQ}`)).text(), { timeout: 5000, intervals: [250] })
      .toContain(marker);
    expect(Date.now() - publishedAt).toBeLessThan(5000);
  });

  test('die Datenschutzerklärung zeigt die Zeilenumbrüche aus dem CMS (Adressen laufen nicht zusammen)', async ({ page }) => {
    await page.goto('/privacy-policy');
    const address = page.getByRole('main').locator('p', { hasText: 'Beispielweg 12' }).first();
    await expect(address.locator('br').first()).toBeAttached();
    expect(await address.innerText()).toMatch(/Beispielweg 12\n04109 Leipzig/);
  });

  test('die Hilfe nennt dieselbe Anschrift des Installateurs wie das SEPA-Mandat (INSTALLER_ADDRESS)', async ({ page }) => {
    await page.goto('/home/app/help');
    const address = page.getByRole('main').locator('address');
    expect(await address.innerText()).toBe('Beispiel Solar GmbH\nBeispielweg 12\n04109 Leipzig');
    await expect(page.getByText('Musterstraße')).toHaveCount(0);
  });

  test('Wissen, Anleitungen und Datenschutz: Inhalte und keine axe-Verstöße', async ({ page }) => {
    await page.goto('/home/app/help');
    await expectNoAxeViolations(page);
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Datenschutz');
    await expectNoAxeViolations(page);

    await signIn(page, customers.jonas);
    await page.goto('/home/app/files/knowledgebase');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('article').first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/home/app/files/instructions');
    await expect(page.getByText(/Passend zu Deinen Projekten/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Alle Anleitungen anzeigen' }).click();
    await expect(page).toHaveURL(/all=1/);
  });
});
