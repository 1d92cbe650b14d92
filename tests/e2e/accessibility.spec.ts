import { expect, test } from '@playwright/test';
import { customers, signIn } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { leadSignedIn } from './support/lead.ts';
import { resetLinkingState, sql } from './support/stack.ts';

/** docs/security.md, Accessibility: axe with the WCAG 2.1 AA tags finds no violation. */
test.describe('Barrierefreiheit (WCAG 2.1 AA)', () => {
  test('Anmeldeseite des Identity Providers', async ({ page }) => {
    await page.goto('/home/dashboard');
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('Startseite mit Fehlermeldung', async ({ page }) => {
    await page.goto('/?loginError=cancelled');
    await expectNoAxeViolations(page);
  });

  test('Dashboard, Profil und 404 einer angemeldeten Kundin', async ({ page }) => {
    await signIn(page, customers.anna);
    await expectNoAxeViolations(page);

    await page.goto('/home/app/profile');
    await expectNoAxeViolations(page);

    const response = await page.goto('/home/gibt-es-nicht');
    expect(response?.status()).toBe(404);
    await expectNoAxeViolations(page);
  });

  test('Verknüpfungsdialog, Erfolgsansicht und Code-Dialog', async ({ page }) => {
    await resetLinkingState();
    await signIn(page, customers.anna);
    await page.getByRole('button', { name: /Projekt verknüpfen/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Projekt verknüpfen' });
    await dialog.getByLabel('Projektnummer').fill('abc');
    await expectNoAxeViolations(page);

    await dialog.getByLabel('Projektnummer').fill('100234');
    await dialog.getByRole('button', { name: 'Verknüpfen' }).click();
    await expect(dialog.getByRole('heading', { name: 'Sieh in Dein Postfach' })).toBeVisible();
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Code eingeben' }).click();
    await expect(page.getByRole('dialog', { name: /Projekt 100234 bestätigen/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('Dashboard mit Projekten und Projektwechsler (Jonas)', async ({ page }) => {
    await resetLinkingState();
    await signIn(page, customers.jonas);
    await expect(page.getByLabel('Projekt', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('Angebots-Funnel: Formular und Fehler an den Feldern', async ({ page }) => {
    await page.goto('/angebot?quelle=partner-mueller');
    await expectNoAxeViolations(page);
    await page.getByRole('textbox', { name: 'Handynummer' }).fill('030 1234567');
    await page.getByRole('button', { name: 'Code per SMS anfordern' }).click();
    await expect(page.getByRole('alert')).toContainText('Bitte prüfe diese Angaben');
    await expectNoAxeViolations(page);
  });

  test('Lead-Bereich: Dashboard mit Rundgang-Angebot, Rundgang-Seiten, Kontaktdaten mit Fehlern, ein Inhalt, der Hinweis für Kundenseiten', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await sql("DELETE FROM rate_limit WHERE key LIKE 'funnel:%'");
    await leadSignedIn(page, browser);
    await page.goto('/home/lead/contact-details');
    await page.getByLabel('Postleitzahl').fill('1');
    await page.getByRole('button', { name: 'Kontaktdaten speichern' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Straße').fill('Lindenallee');
    await page.getByLabel('Hausnummer').fill('7');
    await page.getByLabel('Postleitzahl').fill('04109');
    await page.getByLabel('Ort').fill('Leipzig');
    await page.getByRole('radio', { name: 'E-Mail' }).check();
    await page.getByRole('button', { name: 'Kontaktdaten speichern' }).click();
    await expect(page.getByRole('heading', { name: 'Kurzer Rundgang gefällig?' })).toBeVisible();
    await expectNoAxeViolations(page);
    for (const path of ['/home/lead/tour', '/home/lead/tour?step=2', '/home/lead/content/offgrid', '/home/app/monitoring']) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });

  test('Geldseiten ohne Mandatsbedarf, mit offenem Betrag und mit dem Empfehlungsformular (Jonas, Wallbox-Projekt)', async ({ page }) => {
    await resetLinkingState();
    await signIn(page, customers.jonas);
    await page.getByLabel('Projekt', { exact: true }).selectOption('100241');
    await page.getByRole('button', { name: 'Wechseln' }).click();
    for (const path of ['/home/app/sepa-mandate', '/home/app/refund', '/home/app/referral-reward']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    }
    await page.goto('/home/app/sepa-mandate');
    await expect(page.getByText('Für Dein Projekt 100241 brauchen wir kein Lastschriftmandat.')).toBeVisible();
  });

  test('Einstellungen, Konto löschen und die Onboarding-Seiten (Jonas, schon eingerichtet)', async ({ page }) => {
    await signIn(page, customers.jonas);
    for (const path of ['/home/app/settings', '/home/app/settings/delete-account', '/onboarding/two-factor', '/onboarding/base-data', '/onboarding/tour?step=3']) {
      await page.goto(path);
      await expectNoAxeViolations(page);
    }
  });

  test('Fehlerseite /500', async ({ page }) => {
    await page.goto('/500');
    await expectNoAxeViolations(page);
  });
});
