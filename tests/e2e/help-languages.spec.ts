import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { customers, signIn } from './support/auth.ts';
import { DEMO_EDITOR, strapiAdminAsEditor, waitForStrapiBeforeAll } from './support/stack.ts';

/** The shipped English seed: what the English portal must show. */
const seed = <T>(file: string) => JSON.parse(readFileSync(new URL(`../../cms/seed/${file}`, import.meta.url), 'utf8')) as T;

async function inEnglish(page: Page) {
  await page.context().addCookies([{ name: 'kundenportal.lang', value: 'en', url: E2E.portal }]);
}

/** The content manager's API as the demo editor (Strapi 5 admin routes, the same the admin UI calls). */
async function editor() {
  const login = await fetch(`${E2E.strapi}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_EDITOR),
  });
  expect(login.status).toBe(200);
  const { data } = (await login.json()) as { data: { token: string } };
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${E2E.strapi}/content-manager${path}`, {
      method,
      headers: { authorization: `Bearer ${data.token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json().catch(() => ({}))) as { data?: { documentId: string } };
  };
  return call;
}

waitForStrapiBeforeAll();

test.describe('Hilfe auf Englisch', () => {
  test('FAQs, categories, articles and the privacy policy are English in the English portal', async ({ page }) => {
    const englishFaqs = seed<{ slug: string; question: string }[]>('en/faqs.json');
    const germanFaqs = seed<{ slug: string; question: string }[]>('faqs.json');
    const englishArticles = seed<{ slug: string; title: string }[]>('en/articles.json');
    const englishPolicy = seed<{ title: string }>('en/privacy-policy.json');
    await inEnglish(page);
    await page.goto('/home/app/help');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help and frequently asked questions');
    for (const faq of englishFaqs.slice(0, 5)) await expect(page.getByRole('link', { name: faq.question, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: germanFaqs[0]?.question ?? '', exact: true })).toHaveCount(0);
    // Every shipped FAQ is translated: none of them is marked.
    for (const faq of englishFaqs) await expect(page.locator(`li#${faq.slug}`)).toHaveAttribute('lang', 'en');

    // The English search ranks English content.
    await page.getByRole('searchbox').fill('battery');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('status')).toContainText(/questions? found/);

    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(englishPolicy.title);
    await expect(page.getByRole('article')).toHaveAttribute('lang', 'en');

    await signIn(page, customers.jonas);
    await page.goto('/home/app/files/knowledgebase');
    for (const article of englishArticles) await expect(page.getByRole('link', { name: article.title })).toBeVisible();
  });

  test('an FAQ without an English translation shows in German, marked lang="de" and "German only"', async ({ page }) => {
    const call = await editor();
    const slug = `nur-deutsch-${Date.now()}`;
    const question = `Gibt es diese Frage nur auf Deutsch ${Date.now()}?`;
    const created = await call('POST', '/collection-types/api::faq.faq?locale=de', {
      question,
      slug,
      sortOrder: 1,
      answer: [{ type: 'paragraph', children: [{ type: 'text', text: 'Ja, noch ohne Übersetzung.' }] }],
    });
    const documentId = created.data?.documentId ?? '';
    try {
      // Without a category an FAQ is not listed; give it the first category of the help page.
      const categories = (await (await fetch(`${E2E.strapi}/api/faq-categories?sort=sortOrder:asc`)).json()) as { data: { documentId: string }[] };
      await call('PUT', `/collection-types/api::faq.faq/${documentId}?locale=de`, {
        question,
        slug,
        sortOrder: 1,
        answer: [{ type: 'paragraph', children: [{ type: 'text', text: 'Ja, noch ohne Übersetzung.' }] }],
        category: { connect: [{ documentId: categories.data[0]?.documentId, locale: 'de' }] },
      });
      await call('POST', `/collection-types/api::faq.faq/${documentId}/actions/publish?locale=de`, {});

      await inEnglish(page);
      const fallback = page.locator(`li#${slug}`);
      await expect
        .poll(async () => {
          await page.goto(`/home/app/help?question=${slug}`);
          return fallback.count();
          // The CMS webhook reloads the cache at once; on a busy 2-core CI machine Strapi's publish itself can take a while.
        }, { timeout: 20_000 })
        .toBe(1);
      await expect(fallback).toHaveAttribute('lang', 'de');
      await expect(fallback.getByRole('link', { name: new RegExp(question.replace(/[?]/g, '\\?')) })).toBeVisible();
      const note = fallback.getByText('German only');
      await expect(note).toBeVisible();
      await expect(note).toHaveAttribute('lang', 'en');
      await expect(fallback).toContainText('Ja, noch ohne Übersetzung.');
      // Translated FAQs beside it are not marked.
      const translated = page.locator('li#wie-verknuepfe-ich-mein-projekt');
      await expect(translated).toHaveAttribute('lang', 'en');
      await expect(translated.getByText('German only')).toHaveCount(0);
    } finally {
      await call('DELETE', `/collection-types/api::faq.faq/${documentId}?locale=de`).catch(() => undefined);
    }
  });
});

test.describe('Kontakt', () => {
  test('the installer’s contact is on the help page, in the footer and where the search finds nothing', async ({ page }) => {
    const contact = (await (await fetch(`${E2E.strapi}/api/contact?locale=de`)).json()) as { data: { phone: string; email: string; hours: string } };
    await page.goto('/home/app/help');
    const card = page.getByRole('main').getByRole('region', { name: 'Kontakt' });
    await expect(card.getByRole('link', { name: contact.data.phone })).toHaveAttribute('href', /^tel:\+?\d{5,}$/);
    await expect(card.getByRole('link', { name: contact.data.email })).toHaveAttribute('href', `mailto:${contact.data.email}`);
    await expect(card).toContainText(contact.data.hours.split('\n')[0] ?? '');

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: contact.data.phone })).toBeVisible();

    await page.goto('/home/app/help?q=Quantenverschr%C3%A4nkung');
    await expect(page.getByRole('status')).toHaveText('Keine passende Frage gefunden.');
    const noHits = page.getByRole('main').getByRole('region', { name: 'Kontakt' });
    await expect(noHits).toContainText('Keine passende Frage dabei?');
    await expect(noHits.getByRole('link', { name: contact.data.email })).toBeVisible();

    await inEnglish(page);
    const english = (await (await fetch(`${E2E.strapi}/api/contact?locale=en`)).json()) as { data: { hours: string } };
    await page.goto('/home/app/help');
    await expect(page.getByRole('main').getByRole('region', { name: 'Contact' })).toContainText(english.data.hours.split('\n')[0] ?? '');
  });
});

test.describe('Redaktion', () => {
  test('the content manager labels every field in German', async ({ browser }) => {
    const admin = await strapiAdminAsEditor(browser);
    const faqs = (await (await fetch(`${E2E.strapi}/api/faqs?pagination[pageSize]=1`)).json()) as { data: { documentId: string }[] };
    await admin.goto(`/admin/content-manager/collection-types/api::faq.faq/${faqs.data[0]?.documentId}?plugins[i18n][locale]=de`);
    // A field's label starts with its name (Strapi may append a hint, e.g. that the value is per language).
    const fieldLabel = (name: string) =>
      admin.getByRole('main').locator('label').filter({ hasText: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) }).first();
    for (const label of ['Frage', 'Antwort', 'Kategorie', 'Reihenfolge', 'Kurzname in der Adresse (Slug)']) {
      await expect(fieldLabel(label)).toBeVisible();
    }
    await expect(admin.getByText('So, wie Kund:innen sie stellen würden', { exact: false })).toBeVisible();
    await expect(admin.getByRole('main').locator('label').filter({ hasText: /^question/ })).toHaveCount(0);
    await admin.goto('/admin/content-manager/single-types/api::contact.contact?plugins[i18n][locale]=de');
    for (const label of ['Telefon', 'E-Mail-Adresse', 'Erreichbarkeit']) {
      await expect(fieldLabel(label)).toBeVisible();
    }
    await admin.close();
  });

  test('an editor changes the phone number and the portal shows it', async ({ page }) => {
    const call = await editor();
    const before = (await (await fetch(`${E2E.strapi}/api/contact?locale=de`)).json()) as { data: Record<string, string> };
    const { phone, email, hours } = before.data;
    const changed = `0341 ${String(Date.now()).slice(-6)}`;
    try {
      await call('PUT', '/single-types/api::contact.contact?locale=de', { phone: changed, email, hours });
      await expect
        .poll(async () => (await page.request.get('/home/app/help')).text(), { timeout: 10_000, intervals: [250] })
        .toContain(changed);
      // Not translated: the English page shows the same number.
      await inEnglish(page);
      await page.goto('/privacy-policy');
      await expect(page.getByRole('contentinfo').getByRole('link', { name: changed })).toBeVisible();
    } finally {
      await call('PUT', '/single-types/api::contact.contact?locale=de', { phone, email, hours });
    }
  });
});

