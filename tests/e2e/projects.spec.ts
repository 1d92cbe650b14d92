import { expect, test } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { customers, signIn } from './support/auth.ts';
import { resetLinkingState } from './support/stack.ts';

test.beforeEach(async () => {
  await resetLinkingState();
});
test.afterEach(async () => {
  await fetch(`${E2E.sandbox}/management/_control/faults`, { method: 'DELETE' });
});

test.describe('Projekte auf dem Dashboard', () => {
  test('Jonas sieht sein verknüpftes Projekt von Anfang an und wechselt zum zweiten', async ({ page }) => {
    await signIn(page, customers.jonas);
    await expect(page.getByRole('main').getByText('Katharinenstraße 14, 04109 Leipzig')).toBeVisible();

    const switcher = page.getByLabel('Projekt', { exact: true });
    await expect(switcher).toHaveValue('100240');
    // The project's card (the newsletter banner may mention wallboxes in general).
    const card = page.getByRole('region', { name: /^Dein Projekt/ });
    await expect(card).not.toContainText('Wallbox');
    // Moving through the options with the keyboard changes nothing yet (WCAG 3.2.2) and keeps the focus.
    await switcher.focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(300);
    await expect(switcher).toBeFocused();
    await expect(card).not.toContainText('Wallbox');
    // "Wechseln" loads the page again with that project (100241 is Jonas' wallbox).
    await switcher.selectOption('100241');
    await page.getByRole('button', { name: 'Wechseln' }).click();
    await expect(card).toContainText('Wallbox');
    await expect(page.getByLabel('Projekt', { exact: true })).toHaveValue('100241');
    await expect(page).toHaveURL(/\/home\/dashboard$/);
  });

  test('Anna ohne Projekt sieht die Aufforderung, ein Projekt zu verknüpfen', async ({ page }) => {
    await signIn(page, customers.anna);
    await expect(page.getByRole('heading', { name: 'Neues Projekt verknüpfen' })).toBeVisible();
    await expect(page.getByLabel('Projekt', { exact: true })).toHaveCount(0);
  });

  test('fällt die Projektverwaltung aus, erklärt das Dashboard es auf Deutsch und alles andere geht weiter', async ({ page }) => {
    await fetch(`${E2E.sandbox}/management/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'fail' }),
    });
    await signIn(page, customers.jonas);
    await expect(page.getByText('Deine Projekte können gerade nicht geladen werden')).toBeVisible();

    await page.getByRole('link', { name: 'Profil' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  });
});
