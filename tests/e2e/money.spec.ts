import { expect, test, type Browser, type Page, type Response } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { waitForMail } from '../support/mailbox.ts';
import { customers, signIn } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { drawSignature } from './support/esign.ts';
import { resetMoneyState } from './support/stack.ts';

test.beforeEach(async () => {
  await resetMoneyState();
});

test.describe('Geld: Erstattung, Lastschriftmandat, Empfehlung', () => {
  test('Jonas gibt für seine Erstattung die Bankverbindung an: falsche IBAN mit Grund, BIC aus der richtigen, Beleg in den Dokumenten', async ({ page }) => {
    // No IBAN in any address the browser asks for (access logs, proxies and APM keep addresses).
    const addresses: string[] = [];
    page.on('request', (request) => addresses.push(request.url()));
    await signIn(page, customers.jonas);
    // The bell leads to the refund.
    await page.locator('.bell__toggle').click();
    await page.locator('.bell__panel').getByRole('button', { name: /Du bekommst Geld zurück/ }).click();
    await expect(page).toHaveURL(/\/home\/app\/refund$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Wir zahlen Dir 312,45 € zurück' })).toBeVisible();
    await expectNoAxeViolations(page);
    // A plain form's refusal (the round trip without JavaScript): the summary is announced, the reason is at the field.
    await page.goto('/home/app/refund?error=IBAN.INVALID&fields=iban%3ALENGTH&expectedLength=22&form=refund#refund-errors');
    await expect(page.getByRole('alert')).toContainText('Bitte prüfe die markierten Angaben.');
    await expect(page.locator('#refund-iban-error').getByText('IBANs aus diesem Land haben 22 Zeichen.')).toBeVisible();
    await expectNoAxeViolations(page);

    const iban = page.getByLabel('IBAN', { exact: true });
    await page.getByLabel('Kontoinhaber/in').fill('Jonas Weber');
    await iban.fill('DE89 3704 0044 0532 0130 01');
    await iban.press('Tab');
    await expect(page.getByText('Die Prüfziffer stimmt nicht – wahrscheinlich ein Tippfehler.')).toBeVisible();
    await expect(iban).toHaveAttribute('aria-invalid', 'true');
    // Sending with the wrong IBAN keeps everything typed and the reason at the field.
    const before = page.url();
    await page.getByRole('button', { name: 'Bankverbindung senden' }).click();
    await expect(page).toHaveURL(before);
    await expect(iban).toBeFocused();
    await expect(page.getByLabel('Kontoinhaber/in')).toHaveValue('Jonas Weber');
    await expectNoAxeViolations(page);

    await iban.fill('de89 3704 0044 0532 0130 00');
    await iban.press('Tab');
    await expect(page.getByRole('status').filter({ hasText: 'IBAN geprüft: Commerzbank (COBADEFFXXX)' })).toBeVisible();
    await expect(page.getByLabel('BIC (optional)')).toHaveValue('COBADEFFXXX');
    await expect(page.getByLabel('Bank (optional)')).toHaveValue('Commerzbank');
    await expect(iban).not.toHaveAttribute('aria-invalid', 'true');
    expect(addresses.filter((address) => /DE8937040044053201300[01]/i.test(decodeURIComponent(address.replace(/\+/g, ' ')).replace(/[\s-]/g, '')))).toEqual([]);

    // A character no bank can carry is named at the field; nothing is dropped silently, nothing is sent.
    const holder = page.getByLabel('Kontoinhaber/in');
    await holder.fill('Jonas 😀');
    await page.getByRole('button', { name: 'Bankverbindung senden' }).click();
    // Named at the field (the summary above the form links to it with the same words).
    await expect(holder).toHaveAccessibleDescription(/Das Zeichen „😀“ können Banken nicht übermitteln/);
    await expect(page.getByRole('link', { name: /^Kontoinhaber\/in: Das Zeichen „😀“/ })).toHaveAttribute('href', '#refund-name');
    await expect(holder).toHaveValue('Jonas 😀');
    // A letter the bank gets converted: the form shows the name as it goes to the bank, and takes it when sent again.
    await holder.fill('Jonas Wéber');
    await page.getByRole('button', { name: 'Bankverbindung senden' }).click();
    await expect(holder).toHaveAccessibleDescription(/So geht der Name an die Bank: „Jonas Weber“/);
    await expect(holder).toHaveValue('Jonas Wéber');
    await expectNoAxeViolations(page);

    const since = new Date();
    await page.getByRole('button', { name: 'Bankverbindung senden' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Danke! Wir haben Deine Bankverbindung erhalten' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Deine Bankverbindung für die Erstattung' })).toContainText('Jonas Weber');
    const account = page.getByRole('region', { name: 'Deine Bankverbindung für die Erstattung' });
    await expect(account).toContainText('DE89 •••• 3000');
    await expect(account).not.toContainText('0532 0130');
    await expectNoAxeViolations(page);
    const mail = await waitForMail(E2E.sandbox, customers.jonas.email, since);
    expect(mail.subject).toBe('Deine Bankverbindung für die Erstattung ist angekommen (Projekt 100240)');
    // The notification is gone once the details are there.
    await page.locator('.bell__toggle').click();
    await expect(page.locator('.bell__panel').getByRole('button', { name: /Du bekommst Geld zurück/ })).toHaveCount(0);

    await page.getByRole('link', { name: 'Alle Rechnungen und Belege' }).click();
    const bills = page.getByRole('region', { name: 'Rechnungen' });
    await expect(bills.getByRole('link', { name: /Erstattung – Bestätigung der Bankverbindung/ })).toBeVisible();
  });

  test('auf Englisch trägt der Grund des Installateurs lang="de", die Seite selbst ist Englisch', async ({ page }) => {
    await signIn(page, customers.jonas);
    try {
      await page.goto('/home/app/refund?lang=en');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      const reason = page.locator('.data-list dd[lang="de"]').first();
      await expect(reason).toBeVisible();
      await expect(page.locator('.data-list dt').first()).not.toHaveAttribute('lang', 'de');
      await expectNoAxeViolations(page);
    } finally {
      // Jonas' mails are German in the other tests.
      await page.goto('/home/app/refund?lang=de');
    }
  });

  test('für die Wallbox ist ein Betrag offen: die Seite sagt, wohin und bis wann Jonas überweist', async ({ page }) => {
    await signIn(page, customers.jonas);
    await page.getByLabel('Projekt', { exact: true }).selectOption('100241');
    await page.getByRole('button', { name: 'Wechseln' }).click();
    await page.goto('/home/app/refund');
    // An amount Jonas owes is no "Erstattung": the page and its title say what it is.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Offener Betrag');
    await expect(page).toHaveTitle(/^Offener Betrag – /);
    await expect(page.getByRole('heading', { level: 2, name: 'Für Dein Projekt ist noch ein Betrag von 89,90 € offen' })).toBeVisible();
    const pay = page.getByRole('region', { name: 'So zahlst Du' });
    await expect(pay).toContainText('Beispiel Solar GmbH');
    await expect(pay).toContainText('DE02 1203 0000 0000 2020 51');
    await expect(pay).toContainText('NR-2026-0173 100241');
    await expect(page.getByRole('button', { name: 'Bankverbindung senden' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('Jonas erteilt das SEPA-Lastschriftmandat und unterschreibt es beim Anbieter; das Mandat liegt in den Dokumenten', async ({ page }) => {
    await signIn(page, customers.jonas);
    await page.goto('/home/app/sepa-mandate');
    await expect(page.getByText('Für „Wartungs- und Monitoringvertrag für Deine Photovoltaikanlage“ buchen wir')).toBeVisible();
    await expect(page.getByText('DE98ZZZ09999999999')).toBeVisible();
    await expect(page.getByLabel('Vorname')).toHaveValue('Jonas');
    await expect(page.getByLabel('Straße')).toHaveValue('Katharinenstraße');
    await expectNoAxeViolations(page);

    const iban = page.getByLabel('IBAN', { exact: true });
    await iban.fill('DE89 3704 0044 0532 013');
    await iban.press('Tab');
    await expect(page.getByText('Die IBAN hat nicht die richtige Länge: IBANs aus diesem Land haben 22 Zeichen.')).toBeVisible();
    await iban.fill('DE02 1203 0000 0000 2020 51');
    await iban.press('Tab');
    await expect(page.getByLabel('BIC (optional)')).toHaveValue('BYLADEM1001');
    await page.getByLabel('Ich habe den Mandatstext gelesen und möchte das Mandat erteilen.').check();
    await page.getByRole('button', { name: 'Weiter zur Unterschrift' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dokument unterschreiben');
    await drawSignature(page);
    await page.getByRole('checkbox', { name: /gelesen und unterschreibe/ }).check();
    await page.getByRole('button', { name: 'Unterschreiben', exact: true }).click();

    await expect(page).toHaveURL(/\/home\/app\/sepa-mandate\?/);
    await expect(page.getByRole('status').filter({ hasText: 'Danke! Dein SEPA-Lastschriftmandat ist unterschrieben.' })).toBeVisible();
    const active = page.getByRole('region', { name: 'Dein Mandat ist erteilt' });
    await expect(active).toContainText(/KP-100240-\d{8}-[0-9A-Z]{6}/);
    await expect(active).toContainText('DE02 •••• 2051');
    await expectNoAxeViolations(page);
    await page.locator('.bell__toggle').click();
    await expect(page.locator('.bell__panel').getByRole('button', { name: /SEPA-Lastschriftmandat erteilen/ })).toHaveCount(0);

    await active.getByRole('link', { name: 'Alle Rechnungen und Belege' }).click();
    const bills = page.getByRole('region', { name: 'Rechnungen' });
    await expect(bills.getByRole('link', { name: /SEPA-Lastschriftmandat/ })).toHaveCount(1);
  });

  test('Jonas empfiehlt Lena; der Installateur bestätigt und zahlt aus; die Seite zeigt den Stand', async ({ page, browser }) => {
    await signIn(page, customers.jonas);
    await page.goto('/home/app/referral-reward');
    await expect(page.getByText('bekommst Du 100,00 €')).toBeVisible();
    await expect(page.getByText('Du hast noch niemanden empfohlen.')).toBeVisible();
    await expectNoAxeViolations(page);
    // The consent is required, and the box says so.
    await expect(page.getByLabel(/Die Person ist einverstanden.*\(Pflicht:/)).toHaveAttribute('required', '');

    const since = new Date();
    await page.getByLabel('Name', { exact: true }).fill('Lena Koch');
    await page.getByLabel('E-Mail-Adresse').fill('lena.koch@example.de');
    await page.getByLabel('Die Person ist einverstanden').check();
    await page.getByLabel('Kontoinhaber/in').fill('Jonas Weber');
    await page.getByLabel('IBAN', { exact: true }).fill('DE91 8605 5592 0000 0123 45');
    await page.getByLabel('IBAN', { exact: true }).press('Tab');
    await expect(page.getByText('Die Bank meldet, dass dieses Konto aufgelöst ist.')).toBeVisible();
    await page.getByLabel('IBAN', { exact: true }).fill('DE12 5001 0517 0648 4898 90');
    await page.getByRole('button', { name: 'Empfehlung senden' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Danke für Deine Empfehlung!' })).toBeVisible();
    const list = page.getByRole('region', { name: 'Deine Empfehlungen' });
    await expect(list.getByRole('listitem').filter({ hasText: 'Lena Koch' })).toContainText('eingereicht');
    expect((await waitForMail(E2E.sandbox, 'lena.koch@example.de', since)).subject).toBe('Jonas Weber empfiehlt Dir die Beispiel Solar GmbH');

    // The installer's back office (the sandbox's German tester page) confirms and pays out.
    const office = await browser.newPage();
    await office.goto(`${E2E.sandbox}/management/#projekt-100240`);
    const referral = office.locator('#projekt-100240 li').filter({ hasText: 'Lena Koch' });
    await referral.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(office.getByRole('status')).toContainText('Empfehlung bestätigt.');
    await office.locator('#projekt-100240 li').filter({ hasText: 'Lena Koch' }).getByRole('button', { name: 'Als ausgezahlt markieren' }).click();
    await expect(office.getByRole('status')).toContainText('Prämie als ausgezahlt markiert.');
    await office.close();

    await page.reload();
    await expect(list.getByRole('listitem').filter({ hasText: 'Lena Koch' })).toContainText('ausgezahlt');
    await expect(list).toContainText('100,00 € ausgezahlt am');
    await expectNoAxeViolations(page);
  });
});

/**
 * Without JavaScript the forms post plainly and a refusal comes back as a 303 to the page: every value typed is there
 * again (kept server-side for that one view, never in the address) with the reason at the field.
 */
test.describe('ohne JavaScript: eine Ablehnung behält alles Getippte und nennt den Grund am Feld', () => {
  test.use({ javaScriptEnabled: false });

  /** The GET of the page a refused form goes back to, as the server sent it (the form flash is single use). */
  const refusedPage = (page: Page, path: string) => page.waitForResponse((r) => r.request().method() === 'GET' && r.url().startsWith(`${E2E.portal}${path}?error=`));

  /**
   * axe runs as a script in the page, which a context without JavaScript does not execute: the refused page's HTML,
   * exactly as the server sent it to the browser without JavaScript, is checked in a page with scripts.
   */
  async function expectNoAxeViolationsOnRefused(browser: Browser, response: Response) {
    const html = await response.text();
    const context = await browser.newContext({ javaScriptEnabled: true });
    const page = await context.newPage();
    await page.route((url) => url.href.split('#')[0] === response.url().split('#')[0], (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
    await page.goto(response.url());
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page);
    await context.close();
  }

  /** Nothing typed in the address bar (codes and field names only). */
  function expectNoValueInUrl(page: Page, values: string[]) {
    const url = decodeURIComponent(page.url()).toUpperCase();
    for (const value of values) expect(url, value).not.toContain(value.toUpperCase());
  }

  test('Lastschriftmandat: falsche Prüfziffer, alle Angaben bleiben; korrigiert geht es zur Unterschrift', async ({ page, browser }) => {
    await signIn(page, customers.jonas);
    await page.goto('/home/app/sepa-mandate');
    await expect(page.getByLabel('Vorname')).toHaveValue('Jonas');
    const typed = { street: 'Neue Gasse', houseNumber: '7b', place: 'Markkleeberg', iban: 'de89 3704 0044 0532 0130 01', bic: 'COBADEFFXXX', bank: 'Meine Bank' };
    await page.getByLabel('Straße').fill(typed.street);
    await page.getByLabel('Hausnummer').fill(typed.houseNumber);
    await page.getByLabel('Ort der Unterschrift').fill(typed.place);
    const iban = page.getByLabel('IBAN', { exact: true });
    await iban.fill(typed.iban);
    await page.getByLabel('BIC (optional)').fill(typed.bic);
    await page.getByLabel('Bank (optional)').fill(typed.bank);
    await page.getByLabel('Ich habe den Mandatstext gelesen und möchte das Mandat erteilen.').check();
    const refused = refusedPage(page, '/home/app/sepa-mandate');
    await page.getByRole('button', { name: 'Weiter zur Unterschrift' }).click();

    await expect(page).toHaveURL(/\/home\/app\/sepa-mandate\?error=IBAN\.INVALID&fields=iban%3ACHECKSUM&form=sepa#sepa-errors$/);
    await expect(page.getByRole('alert')).toContainText('Bitte prüfe die markierten Angaben.');
    await expect(iban).toHaveValue(typed.iban);
    await expect(iban).toHaveAttribute('aria-invalid', 'true');
    await expect(iban).toHaveAccessibleDescription(/Die Prüfziffer stimmt nicht – wahrscheinlich ein Tippfehler/);
    await expect(page.getByLabel('Vorname')).toHaveValue('Jonas');
    await expect(page.getByLabel('Straße')).toHaveValue(typed.street);
    await expect(page.getByLabel('Hausnummer')).toHaveValue(typed.houseNumber);
    await expect(page.getByLabel('Ort der Unterschrift')).toHaveValue(typed.place);
    await expect(page.getByLabel('BIC (optional)')).toHaveValue(typed.bic);
    await expect(page.getByLabel('Bank (optional)')).toHaveValue(typed.bank);
    await expect(page.getByLabel('Ich habe den Mandatstext gelesen und möchte das Mandat erteilen.')).toBeChecked();
    expectNoValueInUrl(page, ['Gasse', 'Markkleeberg', '0532', 'DE89', 'Meine']);
    await expectNoAxeViolationsOnRefused(browser, await refused);

    await iban.fill('DE02 1203 0000 0000 2020 51');
    await page.getByRole('button', { name: 'Weiter zur Unterschrift' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dokument unterschreiben');
  });

  test('Erstattung: falsche Prüfziffer, Name und IBAN wie getippt; korrigiert ist die Bankverbindung angekommen', async ({ page, browser }) => {
    await signIn(page, customers.jonas);
    await page.goto('/home/app/refund');
    const iban = page.getByLabel('IBAN', { exact: true });
    await page.getByLabel('Kontoinhaber/in').fill('Jonas Weber');
    await iban.fill('de89 3704 0044 0532 0130 01');
    await page.getByLabel('Bank (optional)').fill('Meine Bank');
    const refused = refusedPage(page, '/home/app/refund');
    await page.getByRole('button', { name: 'Bankverbindung senden' }).click();

    await expect(page).toHaveURL(/\/home\/app\/refund\?error=IBAN\.INVALID&fields=iban%3ACHECKSUM&form=refund#refund-errors$/);
    await expect(page.getByRole('alert')).toContainText('Bitte prüfe die markierten Angaben.');
    await expect(iban).toHaveAccessibleDescription(/Die Prüfziffer stimmt nicht/);
    await expect(iban).toHaveValue('de89 3704 0044 0532 0130 01');
    await expect(page.getByLabel('Kontoinhaber/in')).toHaveValue('Jonas Weber');
    await expect(page.getByLabel('Bank (optional)')).toHaveValue('Meine Bank');
    expectNoValueInUrl(page, ['Weber', '0532', 'DE89', 'Meine']);
    await expectNoAxeViolationsOnRefused(browser, await refused);

    await iban.fill('DE89370400440532013000');
    await page.getByRole('button', { name: 'Bankverbindung senden' }).click();
    await expect(page.getByText('Danke! Wir haben Deine Bankverbindung erhalten')).toBeVisible();
    await expect(page.getByText('COBADEFFXXX')).toBeVisible();
  });

  test('Empfehlung: unbekannte Bank, Person, Einverständnis und Konto bleiben; korrigiert ist sie eingereicht', async ({ page, browser }) => {
    await signIn(page, customers.jonas);
    await page.goto('/home/app/referral-reward');
    await page.getByLabel('Name', { exact: true }).fill('Lena Koch');
    await page.getByLabel('E-Mail-Adresse').fill('lena.koch@example.de');
    await page.getByLabel('Die Person ist einverstanden').check();
    await page.getByLabel('Kontoinhaber/in').fill('Jonas Weber');
    const iban = page.getByLabel('IBAN', { exact: true });
    await iban.fill('DE97 9999 9999 0000 0123 45');
    const refused = refusedPage(page, '/home/app/referral-reward');
    await page.getByRole('button', { name: 'Empfehlung senden' }).click();

    await expect(page).toHaveURL(/\/home\/app\/referral-reward\?error=IBAN\.INVALID&fields=iban%3AUNKNOWN_BANK&form=referral#referral-errors$/);
    await expect(iban).toHaveAccessibleDescription(/Zu dieser Bankleitzahl kennen wir keine Bank/);
    await expect(iban).toHaveValue('DE97 9999 9999 0000 0123 45');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Lena Koch');
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue('lena.koch@example.de');
    await expect(page.getByLabel('Die Person ist einverstanden')).toBeChecked();
    await expect(page.getByLabel('Kontoinhaber/in')).toHaveValue('Jonas Weber');
    expectNoValueInUrl(page, ['Lena', 'koch', '9999', 'Weber']);
    await expectNoAxeViolationsOnRefused(browser, await refused);

    await iban.fill('DE12 5001 0517 0648 4898 90');
    await page.getByRole('button', { name: 'Empfehlung senden' }).click();
    await expect(page.getByText('Danke für Deine Empfehlung!')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Deine Empfehlungen' }).getByRole('listitem').filter({ hasText: 'Lena Koch' })).toContainText('eingereicht');
  });
});
