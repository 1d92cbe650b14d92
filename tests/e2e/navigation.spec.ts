import { expect, test } from '@playwright/test';
import { customers, signIn } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { linkDemoProject, resetMessagesState } from './support/stack.ts';

/** Where things live: the menus at the widths customers use, the project switcher on a phone, the message topic. */
const ACCOUNT_PAGES = ['Profil', 'Einstellungen', 'Geld: Ersparnis und Amortisation', 'Erstattung und offene Beträge', 'Lastschriftmandat', 'Weiterempfehlen', 'Umfragen'];

test.describe('Wo was liegt', () => {
  test('bei 1280 px steht die Navigation in der Kopfzeile; Einstellungen, Geld und Umfragen öffnen sich per Tastatur aus „Dein Konto“', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, customers.jonas);
    const main = page.getByRole('navigation', { name: 'Hauptnavigation' });
    for (const name of ['Übersicht', 'Mein Projekt', 'Nachrichten', 'Monitoring', 'Dateien', 'Hilfe']) await expect(main.getByRole('link', { name })).toBeVisible();
    await expect(page.getByText('Menü', { exact: true })).toBeHidden();
    // Nothing sticks out of the header bar.
    expect(await page.locator('.site-header__bar').evaluate((bar) => bar.scrollWidth <= bar.clientWidth)).toBe(true);

    const toggle = page.locator('summary', { hasText: 'Dein Konto' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const account = page.getByRole('navigation', { name: 'Dein Konto' });
    for (const name of ACCOUNT_PAGES) await expect(account.getByRole('link', { name })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(account.getByRole('link', { name: 'Einstellungen' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/home\/app\/settings$/);
    await expect(page.getByRole('button', { name: /Meine Daten herunterladen/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zum Löschen des Kontos' })).toBeVisible();
    await page.locator('summary', { hasText: 'Dein Konto' }).click();
    await expect(account.getByRole('link', { name: 'Einstellungen' })).toHaveAttribute('aria-current', 'page');
    await account.getByRole('link', { name: 'Umfragen' }).click();
    await expect(page).toHaveURL(/\/home\/app\/surveys$/);
  });

  test('bei 390 px hat das Menü alles, und der Projektwechsel zeigt, was zwei Projekte an derselben Adresse unterscheidet', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, customers.jonas);
    await page.locator('summary', { hasText: 'Menü' }).click();
    const menu = page.getByRole('navigation', { name: 'Hauptnavigation' });
    for (const name of ['Mein Projekt', 'Nachrichten', ...ACCOUNT_PAGES]) await expect(menu.getByRole('link', { name })).toBeVisible();
    await page.locator('summary', { hasText: 'Menü' }).click();

    // Jonas' 100240 and 100241 share Katharinenstraße 14: the part of each label the closed list shows differs.
    const select = page.getByLabel('Projekt', { exact: true });
    const shown = await select.evaluate((element) => {
      const list = element as HTMLSelectElement;
      const style = getComputedStyle(list);
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      // The room for text: the box without its padding and the arrow (about 24 px in Chromium).
      const room = list.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
      return [...list.options].map((option) => {
        let fits = '';
        for (const char of option.text) {
          if (context.measureText(`${fits}${char}…`).width > room) break;
          fits += char;
        }
        return fits;
      });
    });
    expect(shown).toHaveLength(2);
    expect(shown[0]).not.toBe(shown[1]);
    expect(shown.every((text) => text.length >= 6)).toBe(true);
    await expectNoAxeViolations(page);
  });

  test('nach der Wahl eines Nachrichtenthemas mit der Tastatur steht der Fokus im Formular', async ({ page }) => {
    await resetMessagesState();
    await linkDemoProject(100234, 'kp|anna-schmidt');
    await signIn(page, customers.anna);
    await page.goto('/home/app/messages');
    // A topic with sub-topics: the focus moves on to the sub-topics' question.
    await page.getByRole('link', { name: 'Frage zur Rechnung' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Worum genau geht es?')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.messages__topics')))).toBe(true);
    await page.getByRole('link', { name: 'Schlussrechnung' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Betreff')).toBeFocused();
    await page.keyboard.type('Schlussrechnung');
    await expect(page.getByLabel('Betreff')).toHaveValue('Schlussrechnung');
    await expectNoAxeViolations(page);
  });
});
