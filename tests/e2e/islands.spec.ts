import { expect, test, type Browser, type Page } from '@playwright/test';
import { ROUTE_TABLE } from '~/bff/composition/capabilities.ts';
import { customers, signIn } from './support/auth.ts';
import { freshContext, initialScripts, recordScripts } from './support/initial-js.ts';
import { linkDemoProject, resetFilesState, resetMessagesState, waitForStrapiBeforeAll } from './support/stack.ts';

/**
 * JavaScript only where a page is interactive (docs/architecture.md): before any interaction a page fetches at most
 * 20 KB gzip of JavaScript and never React; an island loads when the customer reaches it, by pointer or keyboard.
 */
const LIMIT = 20 * 1024;
/** Pages that are errors or need a state the sweep does not have (their own specs open them). */
const SKIPPED = new Set(['/400', '/404', '/500', '/meter-change-request/photo', '/home/app/surveys/[id]', '/home/app/surveys/[id]/result']);

waitForStrapiBeforeAll();

async function signedInPage(page: Page, browser: Browser, customer: { email: string; firstName: string } = customers.jonas) {
  await signIn(page, customer);
  const context = await freshContext(browser, page.context());
  const fresh = await context.newPage();
  return { fresh, scripts: recordScripts(fresh), close: () => context.close() };
}

test.describe('JavaScript vor der ersten Interaktion', () => {
  test('jede Seite der Routentabelle (Jonas): höchstens 20 KB gzip und kein React', async ({ page, browser }) => {
    test.setTimeout(300_000);
    await signIn(page, customers.jonas);
    const rows: string[] = [];
    const results = [];
    for (const route of ROUTE_TABLE.routes) {
      if (route.access === 'lead' || SKIPPED.has(route.path)) continue;
      const result = await initialScripts(browser, page.context(), route.sample ?? route.path);
      results.push(result);
      rows.push(`| ${result.path} | ${(result.gzipBytes / 1024).toFixed(1)} KB | ${result.files.length} | ${result.react.length > 0 ? 'ja' : 'nein'} |`);
    }
    const table = ['| Seite | JS gzip vor Interaktion | Dateien | React |', '| --- | --- | --- | --- |', ...rows].join('\n');
    console.info(table);
    await test.info().attach('initial-js.md', { body: table, contentType: 'text/markdown' });
    for (const result of results) {
      expect(result.react, result.path).toEqual([]);
      expect(result.gzipBytes, result.path).toBeLessThanOrEqual(LIMIT);
    }
  });

  test('Dashboard: die Verknüpfen-Dialoge laden erst, wenn die Tastatur den Knopf erreicht, und funktionieren dann', async ({ page, browser }) => {
    const { fresh, scripts, close } = await signedInPage(page, browser);
    await fresh.goto('/home/dashboard');
    await scripts.settle();
    expect(scripts.react()).toEqual([]);
    const button = fresh.getByRole('button', { name: /Projekt verknüpfen/ });
    await button.focus();
    await fresh.keyboard.press('Enter');
    await expect(fresh.getByRole('dialog', { name: 'Projekt verknüpfen' })).toBeVisible();
    expect(scripts.react().length).toBeGreaterThan(0);
    await fresh.keyboard.press('Escape');
    await expect(button).toBeFocused();
    await close();
  });

  test('Nachrichten: das Formular lädt erst beim Erreichen (Tastatur), behält Getipptes und prüft dann sofort', async ({ page, browser }) => {
    await resetMessagesState();
    const { fresh, scripts, close } = await signedInPage(page, browser);
    await fresh.goto('/home/app/messages');
    // By keyboard: a mouse left resting where the form appears would reach it (pointerover) and load it.
    await fresh.getByRole('link', { name: 'Frage zum Montagetermin' }).focus();
    await fresh.keyboard.press('Enter');
    await expect(fresh.getByText('Thema: Frage zum Montagetermin.')).toBeVisible();
    await scripts.settle();
    expect(scripts.react()).toEqual([]);
    await expect(fresh.locator('astro-island[ssr]')).toHaveCount(1);
    // The keyboard reaches the form: typing starts at once, in the plain field, and survives hydration.
    await fresh.getByLabel('Deine Nachricht', { exact: true }).focus();
    await fresh.keyboard.type('Hallo, geht Dienstag?');
    await expect(fresh.locator('astro-island[ssr]')).toHaveCount(0);
    expect(scripts.react().length).toBeGreaterThan(0);
    await expect(fresh.getByLabel('Deine Nachricht', { exact: true })).toHaveValue('Hallo, geht Dienstag?');
    // Only the island checks at once: a right-to-left override in the subject is named under it.
    await fresh.getByLabel('Betreff').fill('Termin\u202E');
    await fresh.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(fresh.getByRole('alert').filter({ hasText: 'im Betreff' })).toContainText('„U+202E“');
    await expect(fresh).toHaveURL(/\/home\/app\/messages\?topic=/);
    await close();
  });

  test('Nachrichten: ein Klick auf „Senden“, während der Code des Formulars noch lädt, geht an das Formular', async ({ page, browser }) => {
    await resetMessagesState();
    const { fresh, close } = await signedInPage(page, browser);
    let release: () => void = () => undefined;
    const clicked = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The composer's code is held back until the button has been pressed.
    await fresh.route(/\/_astro\/MessageComposer\.[\w-]+\.js$/, async (route) => {
      await clicked;
      await route.continue();
    });
    await fresh.goto('/home/app/messages/T-1001');
    await fresh.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    await fresh.getByRole('button', { name: /senden/ }).click();
    release();
    // The island checked the empty reply at once, on the same page (no plain post, no reload).
    await expect(fresh.locator('.composer__error').first()).toBeVisible();
    expect(await fresh.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    await close();
  });

  test('Nachrichten: ein in diesem Browser behaltener Entwurf erscheint ohne Interaktion', async ({ page, browser }) => {
    await resetMessagesState();
    const { fresh, scripts, close } = await signedInPage(page, browser);
    await fresh.goto('/home/app/messages/T-1001');
    await scripts.settle();
    expect(scripts.react()).toEqual([]);
    await fresh.getByLabel(/Deine (Antwort|Nachricht)/).first().focus();
    await fresh.keyboard.type('Entwurf für später');
    await expect(fresh.locator('astro-island[ssr]')).toHaveCount(0);
    // A new visit (not a reload, whose form restoration would bring the text back by itself), with no interaction.
    await fresh.goto('/home/app/messages');
    await fresh.goto('/home/app/messages/T-1001');
    await expect(fresh.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(fresh.getByLabel(/Deine (Antwort|Nachricht)/).first()).toHaveValue('Entwurf für später');
    await close();
  });

  test('Zählerwechsel: das Formular lädt erst, wenn die Maus es erreicht', async ({ page, browser }) => {
    await resetFilesState();
    await linkDemoProject(100234, 'kp|anna-schmidt');
    const { fresh, scripts, close } = await signedInPage(page, browser, customers.anna);
    await fresh.goto('/home/app/meter-change-request');
    const island = fresh.locator('astro-island');
    await expect(island).toHaveCount(1);
    await scripts.settle();
    expect(scripts.react()).toEqual([]);
    await fresh.getByLabel('Zählernummer').hover();
    await expect(fresh.locator('astro-island[ssr]')).toHaveCount(0);
    expect(scripts.react().length).toBeGreaterThan(0);
    // Hydrated, it checks at once and names the problem at the field.
    await fresh.getByLabel('Zählernummer').fill('12');
    await fresh.getByRole('button', { name: 'Antrag absenden' }).click();
    await expect(fresh.getByRole('alert')).toContainText('Bitte prüf die markierten Angaben.');
    await expect(fresh).toHaveURL(/\/home\/app\/meter-change-request$/);
    await close();
  });
});
