import { expect, test } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { waitForMail } from '../support/mailbox.ts';
import { testData, type TestData } from '../support/test-data.ts';
import { customers, signIn, signInAtIdentityProvider } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { sql } from './support/stack.ts';

/** Onboarding on the first sign-in, the dashboard tour and the newsletter banner (docs/account.md). */
const codeOf = (text: string) => {
  const code = /Dein Bestätigungscode\n- (\d{6})/.exec(text)?.[1];
  if (!code) throw new Error('no code in the mail');
  return code;
};

let data: TestData;
test.beforeEach(() => {
  data = testData(E2E.sandbox);
});
test.afterEach(async () => {
  await fetch(`${E2E.sandbox}/marketing/_control/faults`, { method: 'DELETE' });
  await data.cleanup();
});

test.describe('Onboarding bei der ersten Anmeldung', () => {
  test('Mehmet: Code aus dem Postfach, Kontaktdaten, Rundgang per Tastatur, dann die Seite, die er wollte', async ({ page }) => {
    // A newly registered account like the demo account Mehmet's, owned by this test.
    const mehmet = await data.customer({ onboarded: false, customerNumber: null, givenName: 'Mehmet', familyName: 'Yılmaz' });
    const since = new Date();
    await page.goto('/home/app/settings');
    await signInAtIdentityProvider(page, mehmet.email, mehmet.password);

    await expect(page).toHaveURL(/\/onboarding\/two-factor\?returnTo=%2Fhome%2Fapp%2Fsettings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bestätige Deine E-Mail-Adresse' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Deine ersten Schritte' }).locator('[aria-current="step"]')).toContainText('E-Mail bestätigen');
    await expectNoAxeViolations(page);
    const code = codeOf((await waitForMail(E2E.sandbox, mehmet.email, since)).text);

    // Typed wrong first: the message is at the field, and the guard keeps him here.
    const field = page.getByLabel('Bestätigungscode');
    await field.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Der Code stimmt nicht. Du hast noch 4 Versuche.', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/home/dashboard');
    await expect(page).toHaveURL(/\/onboarding\/two-factor\?returnTo=%2Fhome%2Fdashboard$/);
    await page.goto('/onboarding/two-factor?returnTo=%2Fhome%2Fapp%2Fsettings');

    await page.getByLabel('Bestätigungscode').fill(code);
    await page.getByRole('button', { name: 'Bestätigen' }).click();

    // Base data, prefilled with what is known; a wrong phone number is named at its field, nothing typed is lost.
    await expect(page).toHaveURL(/\/onboarding\/base-data\?returnTo=%2Fhome%2Fapp%2Fsettings$/);
    await expect(page.getByLabel('Vorname')).toHaveValue('Mehmet');
    await expect(page.getByLabel('Nachname')).toHaveValue('Yılmaz');
    await page.getByLabel('Telefonnummer').fill('0221 abc');
    await page.getByLabel('Straße').fill('Domstraße');
    await page.getByLabel('Hausnummer').fill('12a');
    await page.getByLabel('Postleitzahl').fill('50667');
    await page.getByLabel('Ort').fill('Köln');
    await page.getByLabel('Telefon', { exact: true }).check();
    await page.getByRole('button', { name: 'Speichern und weiter' }).click();
    await expect(page.getByLabel('Telefonnummer')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert')).toContainText('Telefonnummer');
    await expect(page.getByLabel('Straße')).toHaveValue('Domstraße');
    await expectNoAxeViolations(page);
    await page.getByLabel('Telefonnummer').fill('0221 555123');
    await page.getByRole('button', { name: 'Speichern und weiter' }).click();

    // The tour, keyboard only.
    await expect(page).toHaveURL(/\/onboarding\/tour\?returnTo=%2Fhome%2Fapp%2Fsettings$/);
    await expectNoAxeViolations(page);
    for (let step = 1; step < 5; step++) {
      await expect(page.getByText(`Schritt ${step} von 5`)).toBeVisible();
      await page.getByRole('link', { name: 'Weiter' }).focus();
      await page.keyboard.press('Enter');
    }
    await expect(page.getByText('Schritt 5 von 5')).toBeVisible();
    await page.getByRole('button', { name: 'Fertig' }).focus();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/home\/app\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
    const types = (await sql('SELECT type FROM activity_log WHERE user_id = $1 ORDER BY id', [mehmet.sub])).rows.map((row: { type: string }) => row.type);
    expect(types).toEqual(expect.arrayContaining(['LOGIN', 'MFA_EMAIL_SENT', 'TWO_FA_CODE_CONFIRMED', 'DASHBOARD_TOUR_SEEN']));
    await page.goto('/home/app/profile');
    await expect(page.getByLabel('Postleitzahl')).toHaveValue('50667');
  });
});

test.describe('Dashboard-Rundgang', () => {
  test('per Tastatur: der Fokus geht in jeden Schritt, Tab bleibt im Dialog, Escape beendet ihn', async ({ page }) => {
    await signIn(page, customers.jonas);
    const start = page.getByRole('link', { name: 'Rundgang starten' });
    // Pressed before the page's script ran, the link opens the tour's own page instead (also fine, but not this test).
    await expect(page.locator('[data-tour-root][data-tour-ready]')).toHaveCount(1);
    await start.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Dein Projekt' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Dein Projekt' })).toBeFocused();
    await expectNoAxeViolations(page);
    // Tab never leaves the dialog.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Weiter' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Das Menü' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Das Menü' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: 'Neuigkeiten' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(start).toBeFocused();
  });
});

test.describe('Newsletter-Banner', () => {
  test('abonnieren: sofort ausgeblendet; fällt der Dienst aus, kommt das Banner mit einer Meldung zurück', async ({ page }) => {
    const customer = await data.customer({ givenName: 'Nora', familyName: 'Newsletter' });
    await page.goto('/home/dashboard');
    await signInAtIdentityProvider(page, customer.email, customer.password);
    const banner = page.getByRole('region', { name: 'Neuigkeiten rund um Deine Anlage?' });
    await expect(banner).toBeVisible();
    await expectNoAxeViolations(page);

    // The marketing service fails (after a moment): the banner goes at once and comes back with the reason.
    await fetch(`${E2E.sandbox}/marketing/_control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'fail', delayMs: 1500 }) });
    await banner.getByRole('button', { name: 'Newsletter abonnieren' }).click();
    await expect(banner).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: 'Newsletter-Dienst ist nicht erreichbar' })).toBeVisible();
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Newsletter abonnieren' })).toBeFocused();
    await fetch(`${E2E.sandbox}/marketing/_control/faults`, { method: 'DELETE' });

    const since = new Date();
    // The banner goes at once (optimistic); the portal notes it as seen once the service took the event, so the reload
    // waits for that answer (a reload in the same instant may still show it: the request is cut off).
    const answered = page.waitForResponse((response) => response.url().endsWith('/marketing-service/event') && response.request().method() === 'POST');
    await banner.getByRole('button', { name: 'Newsletter abonnieren' }).click();
    await expect(page.getByText('Fast geschafft')).toBeVisible();
    await expect(banner).toBeHidden();
    expect((await waitForMail(E2E.sandbox, customer.email, since)).subject).toBe('Bitte bestätige Deine Newsletter-Anmeldung');
    expect((await answered).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Neuigkeiten rund um Deine Anlage?' })).toHaveCount(0);
  });

  test('ohne JavaScript: „Nein, danke“ ist ein Formular und das Banner bleibt danach weg', async ({ browser }) => {
    const customer = await data.customer();
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: E2E.portal, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/home/dashboard');
    await signInAtIdentityProvider(page, customer.email, customer.password);
    await page.getByRole('button', { name: 'Nein, danke' }).click();
    await expect(page).toHaveURL(/\/home\/dashboard\?done=NEWSLETTER_UNSUBSCRIBED$/);
    await expect(page.getByRole('region', { name: 'Neuigkeiten rund um Deine Anlage?' })).toHaveCount(0);
    await context.close();
  });
});
