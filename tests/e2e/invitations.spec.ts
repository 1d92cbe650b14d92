import { expect, test } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { testData, type TestData } from '../support/test-data.ts';
import { waitForMail } from '../support/mailbox.ts';
import { expectNoAxeViolations } from './support/axe.ts';

let data: TestData;
test.beforeEach(() => {
  data = testData(E2E.sandbox);
});
test.afterEach(() => data.cleanup());

test.describe('Einladung ins Kundenportal', () => {
  test('der Job lädt eine Kundin ohne Konto ein; über den Link erstellt sie ein Konto und sieht ihr Projekt', async ({ page }) => {
    const project = await data.project({ contact: { name: 'Greta Neu', emails: [`greta-${Date.now()}@example.de`] }, phase: 'PLANNING', step: 'POWER_OF_ATTORNEY' });
    const email = project.contact.emails[0] as string;

    // The installer's scheduler starts the job now instead of at 10:00.
    await page.goto(`${E2E.sandbox}/scheduler/`);
    const since = new Date();
    await page.getByRole('button', { name: 'Job invitations jetzt starten' }).click();
    await expect(page.getByRole('status')).toContainText('ist eingereiht');
    const mail = await waitForMail(E2E.sandbox, email, since, 30_000);
    expect(mail.subject).toBe(`Dein Kundenportal für Projekt ${project.id} ist bereit / Your customer portal is ready`);
    const link = /http:\/\/\S+\/api\/auth\/invitation\?token=[\w-]+/.exec(mail.text)?.[0] ?? '';

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Konto erstellen' })).toBeVisible();
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);
    await expectNoAxeViolations(page);
    // Too short a password is explained at the field; what was typed stays.
    await page.getByLabel('Vorname').fill('Greta');
    await page.getByLabel('Nachname').fill('Neu');
    await page.getByLabel('Passwort').fill('kurz');
    await page.getByLabel('Ich habe die Datenschutzerklärung gelesen.').check();
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await expect(page.getByText('Dein Passwort braucht mindestens 10 Zeichen.')).toBeVisible();
    await expect(page.getByLabel('Vorname')).toHaveValue('Greta');
    await expectNoAxeViolations(page);
    await page.getByLabel('Passwort').fill('Sonnige Grüße aus Leipzig');
    await page.getByLabel('Ich habe die Datenschutzerklärung gelesen.').check();
    const registered = new Date();
    await page.getByRole('button', { name: 'Konto erstellen' }).click();

    // A new account's first sign-in: confirm the address, the base data, the tour; then where the invitation led.
    await expect(page).toHaveURL(/\/onboarding\/two-factor\?returnTo=/);
    const code = /Dein Bestätigungscode\n- (\d{6})/.exec((await waitForMail(E2E.sandbox, email, registered)).text)?.[1] ?? '';
    await page.getByLabel('Bestätigungscode').fill(code);
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(page).toHaveURL(/\/onboarding\/base-data\?returnTo=/);
    await page.getByLabel('Telefonnummer').fill('0341 9988776');
    // The address comes from the project she was invited to.
    await expect(page.getByLabel('Straße')).toHaveValue('Teststraße');
    await page.getByLabel('E-Mail', { exact: true }).check();
    await page.getByRole('button', { name: 'Speichern und weiter' }).click();
    await expect(page).toHaveURL(/\/onboarding\/tour\?returnTo=/);
    await page.getByRole('button', { name: 'Rundgang überspringen' }).click();

    await expect(page).toHaveURL(new RegExp(`/home/dashboard\\?linked=${project.id}$`));
    await expect(page.getByRole('status').filter({ hasText: `Projekt ${project.id} gehört jetzt zu Deinem Konto` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Greta');
    await expectNoAxeViolations(page);

    // A second click on the same link explains that it is spent.
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page).toHaveURL(/\/\?invitation=used$/);
    await expect(page.getByRole('alert')).toContainText('schon mit einem Konto verknüpft');
  });
});
