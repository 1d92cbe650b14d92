import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { waitForMail } from '../support/mailbox.ts';
import { testData, type TestCustomer, type TestData } from '../support/test-data.ts';
import { signInAtIdentityProvider } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';

/** Settings, data export, account deletion and the sign-in help at the identity provider (docs/account.md). */
let data: TestData;
test.beforeEach(() => {
  data = testData(E2E.sandbox);
});
test.afterEach(() => data.cleanup());

async function signInTo(page: Page, customer: { email: string; password: string }, path = '/home/app/settings') {
  await page.goto(path);
  await signInAtIdentityProvider(page, customer.email, customer.password);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Abmelden' }).first().click();
  await expect(page).toHaveURL(/\/\?loggedOut=1$/);
}

const newAddress = () => `neu-${Math.random().toString(16).slice(2, 10)}@example.de`;

test.describe('Einstellungen', () => {
  test('E-Mail-Adresse ändern: Link an die neue Adresse, bestätigen, danach mit der neuen Adresse anmelden', async ({ page }) => {
    const customer = await data.customer({ givenName: 'Mehmet', familyName: 'Yılmaz' });
    await signInTo(page, customer);
    await expectNoAxeViolations(page);

    // A typo is named at the field and kept.
    await page.getByLabel('Neue E-Mail-Adresse').fill('mehmet@beispiel');
    await page.getByRole('button', { name: 'Bestätigungslink senden' }).click();
    await expect(page.getByLabel('Neue E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Neue E-Mail-Adresse')).toHaveValue('mehmet@beispiel');
    await expectNoAxeViolations(page);

    const target = newAddress();
    const since = new Date();
    await page.getByLabel('Neue E-Mail-Adresse').fill(target);
    await page.getByRole('button', { name: 'Bestätigungslink senden' }).click();
    await expect(page.getByRole('status')).toContainText('Bestätigungslink an die neue Adresse');
    await expect(page.getByText(`Wartet auf Bestätigung: ${target}`)).toBeVisible();

    const link = /Neue Adresse bestätigen: (\S+)/.exec((await waitForMail(E2E.sandbox, target, since)).text)?.[1] ?? '';
    await page.goto(link);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Neue Adresse bestätigen' }).click();
    await expect(page.getByRole('status')).toContainText('Deine E-Mail-Adresse ist geändert');
    await expect(page.getByText(`Du meldest Dich mit ${target} an.`)).toBeVisible();
    const notice = await waitForMail(E2E.sandbox, customer.email, since);
    expect(notice.subject).toBe('Deine E-Mail-Adresse im Kundenportal wurde geändert');

    await signOut(page);
    await signInTo(page, { email: target, password: customer.password }, '/home/dashboard');
  });

  test('Passwort ändern beim Anmeldedienst: das aktuelle ist nötig; danach gilt nur das neue, das andere Gerät ist abgemeldet', async ({ page, browser }) => {
    const customer = await data.customer();
    const device = await browser.newContext();
    const other = await device.newPage();
    await signInTo(other, customer, '/home/dashboard');
    await signInTo(page, customer);
    const next = 'Sonne-und-Wind-2027';

    await expect(page.getByText('Dein Passwort änderst Du bei unserem Anmeldedienst')).toBeVisible();
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Passwort ändern' })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(E2E.sandbox);
    await expectNoAxeViolations(page);

    await page.getByLabel('Aktuelles Passwort').fill('falsch-geraten');
    await page.getByLabel('Neues Passwort', { exact: true }).fill(next);
    await page.getByLabel('Neues Passwort wiederholen').fill(next);
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(page.getByText('Dein aktuelles Passwort stimmt nicht.', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Aktuelles Passwort')).toHaveAttribute('aria-invalid', 'true');
    // Passwords never come back in the address or the fields.
    expect(page.url()).not.toContain('falsch');
    await expect(page.getByLabel('Aktuelles Passwort')).toHaveValue('');
    await expectNoAxeViolations(page);

    await page.getByLabel('Aktuelles Passwort').fill(customer.password);
    await page.getByLabel('Neues Passwort', { exact: true }).fill(next);
    await page.getByLabel('Neues Passwort wiederholen').fill(next);
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(page).toHaveURL(/\/home\/app\/settings\?done=PASSWORD_CHANGED#password$/);
    await expect(page.getByRole('status')).toContainText('Dein Passwort ist geändert. Auf anderen Geräten haben wir Dich abgemeldet.');

    // The other device is signed out, at the portal and at the provider: it is asked to sign in again.
    await other.goto('/home/dashboard');
    await expect(other.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await device.close();

    await signOut(page);
    await page.goto('/home/dashboard');
    await signInAtIdentityProvider(page, customer.email, customer.password);
    await expect(page.getByRole('alert')).toContainText('E-Mail-Adresse oder Passwort ist falsch.');
    await page.getByLabel('Passwort').fill(next);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/home\/dashboard$/);
  });

  test('Abbrechen beim Anmeldedienst führt zurück, das Passwort bleibt', async ({ page }) => {
    const customer = await data.customer();
    await signInTo(page, customer);
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(page).toHaveURL(/\/home\/app\/settings\?done=PASSWORD_UNCHANGED#password$/);
    await expect(page.getByRole('status')).toContainText('Dein Passwort ist unverändert.');
  });

  test('ohne Passwort (nur Code per E-Mail): ein Passwort festlegen, nach einem Code zur Bestätigung', async ({ page }) => {
    const customer = await data.customer({ passwordless: true });
    await page.goto('/home/app/settings');
    await page.getByRole('link', { name: 'Ohne Passwort anmelden: Code per E-Mail' }).click();
    await page.getByLabel('E-Mail-Adresse').fill(customer.email);
    let since = new Date();
    await page.getByRole('button', { name: 'Code senden' }).click();
    await page.getByLabel('Code aus der E-Mail').fill(/Dein Code: (\d{6})/.exec((await waitForMail(E2E.sandbox, customer.email, since)).text)?.[1] ?? '');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/home\/app\/settings$/);

    await expect(page.getByText('Du meldest Dich bisher mit einem Code per E-Mail an.')).toBeVisible();
    await page.getByRole('button', { name: 'Passwort festlegen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bestätige, dass Du es bist' })).toBeVisible();
    await expectNoAxeViolations(page);
    since = new Date();
    await page.getByRole('button', { name: 'Code senden' }).click();
    await page.getByLabel('Code aus der E-Mail').fill(/Dein Code: (\d{6})/.exec((await waitForMail(E2E.sandbox, customer.email, since)).text)?.[1] ?? '');
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Passwort festlegen' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Neues Passwort', { exact: true }).fill('Eigenes-Passwort-2027');
    await page.getByLabel('Neues Passwort wiederholen').fill('Eigenes-Passwort-2027');
    await page.getByRole('button', { name: 'Passwort festlegen' }).click();
    await expect(page.getByRole('status')).toContainText('Dein Passwort ist geändert');
    await expect(page.getByRole('button', { name: 'Passwort ändern' })).toBeVisible();

    await signOut(page);
    await signInTo(page, { email: customer.email, password: 'Eigenes-Passwort-2027' }, '/home/dashboard');
  });
});

test.describe('Meine Daten und Konto löschen', () => {
  test('der Export enthält seine Daten; nach dem Löschen kann er sich nicht mehr anmelden', async ({ page }) => {
    const mehmet: TestCustomer = await data.customer({ givenName: 'Mehmet', familyName: 'Yılmaz', customerNumber: null });
    await signInTo(page, mehmet);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Meine Daten herunterladen (JSON)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^kundenportal-meine-daten-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as { customer: { email: string }; data: { signIn: { firstName: string }; activity: { type: string }[] } };
    expect(exported.customer.email).toBe(mehmet.email);
    expect(exported.data.signIn.firstName).toBe('Mehmet');
    expect(exported.data.activity.map((a) => a.type)).toContain('LOGIN');

    await page.getByRole('link', { name: 'Zum Löschen des Kontos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Konto löschen' })).toBeVisible();
    await expect(page.getByText('§ 257 HGB').first()).toBeVisible();
    await expectNoAxeViolations(page);
    // Lower case is not the word the page asks for: nothing is deleted, and the message says how to type it.
    await page.getByLabel('Tippe zur Bestätigung LÖSCHEN in Großbuchstaben ein').fill('löschen');
    await page.getByRole('button', { name: 'Konto endgültig löschen' }).click();
    await expect(page.getByLabel('Tippe zur Bestätigung LÖSCHEN in Großbuchstaben ein')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert')).toContainText('in Großbuchstaben: LÖSCHEN');
    await expectNoAxeViolations(page);

    const since = new Date();
    await page.getByLabel('Tippe zur Bestätigung LÖSCHEN in Großbuchstaben ein').fill('LÖSCHEN');
    await page.getByRole('button', { name: 'Konto endgültig löschen' }).click();
    await expect(page).toHaveURL(/\/\?accountDeleted=1/);
    await expect(page.getByRole('status')).toContainText('Dein Konto ist gelöscht');
    expect((await waitForMail(E2E.sandbox, mehmet.email, since)).subject).toBe('Dein Konto im Kundenportal ist gelöscht');

    await page.goto('/home/dashboard');
    await signInAtIdentityProvider(page, mehmet.email, mehmet.password);
    await expect(page.getByRole('alert')).toContainText('E-Mail-Adresse oder Passwort ist falsch.');
  });
});

test.describe('Anmeldehilfe beim Identity Provider', () => {
  test('ohne Passwort mit einem Code per E-Mail anmelden', async ({ page }) => {
    const customer = await data.customer();
    await page.goto('/home/dashboard');
    await page.getByRole('link', { name: 'Ohne Passwort anmelden: Code per E-Mail' }).click();
    await expectNoAxeViolations(page);
    const since = new Date();
    await page.getByLabel('E-Mail-Adresse').fill(customer.email);
    await page.getByRole('button', { name: 'Code senden' }).click();
    const code = /Dein Code: (\d{6})/.exec((await waitForMail(E2E.sandbox, customer.email, since)).text)?.[1] ?? '';
    await expectNoAxeViolations(page);
    await page.getByLabel('Code aus der E-Mail').fill(code);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/home\/dashboard$/);
  });

  test('nach fünf falschen Passwörtern gesperrt; der Link aus der E-Mail entsperrt', async ({ page }) => {
    const customer = await data.customer();
    const since = new Date();
    await page.goto('/home/dashboard');
    for (let i = 0; i < 5; i++) {
      await page.getByLabel('E-Mail-Adresse').fill(customer.email);
      await page.getByLabel('Passwort').fill(`falsch-${i}`);
      await page.getByRole('button', { name: 'Anmelden' }).click();
    }
    await expect(page.getByRole('alert')).toContainText('Dein Konto ist jetzt gesperrt');
    await page.getByLabel('Passwort').fill(customer.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('alert')).toContainText('gesperrt');

    const link = /Konto entsperren: (\S+)/.exec((await waitForMail(E2E.sandbox, customer.email, since)).text)?.[1] ?? '';
    const other = await page.context().newPage();
    await other.goto(link);
    await expectNoAxeViolations(other);
    await other.getByRole('button', { name: 'Konto entsperren' }).click();
    await expect(other.getByRole('heading', { name: 'Dein Konto ist entsperrt' })).toBeVisible();
    await other.close();

    await page.getByLabel('Passwort').fill(customer.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/home\/dashboard$/);
  });
});
