import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { waitForMail } from '../support/mailbox.ts';
import { testData } from '../support/test-data.ts';
import { customers, signIn } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { linkDemoProject, resetFilesState, waitForStrapiBeforeAll } from './support/stack.ts';

const documentsApi = (path: string) => fetch(`${E2E.sandbox}/documents/api/v1${path}`, { headers: { authorization: 'Bearer local-development-documents-token' } });
/** A small JPEG as a phone camera would send it (the portal checks the content, not the name). */
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb004300080606070605080707070909080a0c140d0c0b0b0c1912130f141d1a1f1e1d1a1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e333432ffd9', 'hex');
/** The start of a Windows program: what a renamed .exe really is. */
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000b8000000', 'hex'), Buffer.alloc(256)]);
const level3 = (page: Page) => page.locator('main h3');

waitForStrapiBeforeAll();
test.beforeEach(async () => {
  await resetFilesState();
});

test.describe('Dateien', () => {
  test('Jonas sieht seine Dokumente nach Kategorien, filtert nach zwei Kategorien und lädt eine Rechnung herunter', async ({ page }) => {
    await signIn(page, customers.jonas);
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Dateien' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dateien' })).toBeVisible();
    await expect(page.getByText(/Dokumente zu Projekt 100240/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('navigation', { name: 'Bereiche der Dateien' }).getByRole('link', { name: 'Dokumente' }).click();

    await expect(level3(page)).toHaveText([
      'Angebot und Auftrag',
      'Vollmachten',
      'Planung und Beratung',
      'Lieferung und Montage',
      'Projektbericht',
      'Stromlaufplan',
      'Anmeldung und Registrierung',
      'Rechnungen',
      'Garantie',
      'Bedienungsanleitungen und Deine Dokumente',
    ]);
    // Newest first inside a group, and the installer's document from a message links to it.
    const bills = page.getByRole('region', { name: 'Rechnungen' });
    await expect(bills.getByRole('listitem').first()).toContainText('Korrigierte Schlussrechnung');
    await expect(bills.getByRole('link', { name: 'Zur Nachricht „Frage zur Schlussrechnung“' })).toHaveAttribute('href', '/home/app/messages/T-1002');
    await expect(page.getByRole('link', { name: /^Interne Kalkulation/ })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByLabel(/^Vollmachten \(2\)/).check();
    await page.getByLabel(/^Rechnungen \(4\)/).check();
    await page.getByRole('button', { name: 'Filter anwenden' }).click();
    await expect(page).toHaveURL(/\?categoryFilter=POWER_OF_ATTORNEY_DOCUMENT&categoryFilter=BILL$/);
    await expect(level3(page)).toHaveText(['Vollmachten', 'Rechnungen']);
    await expect(page.getByRole('status')).toContainText('Gezeigt: Vollmachten, Rechnungen');

    const link = page.getByRole('link', { name: /^Schlussrechnung/ });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('Schlussrechnung-100240.pdf');
    const bytes = await readFile((await download.path()) ?? '');
    const original = Buffer.from(await (await documentsApi('/documents/demo-100240-schlussrechnung-100240/content')).arrayBuffer());
    expect(bytes.equals(original)).toBe(true);
    const answer = await page.request.get((await link.getAttribute('href')) ?? '');
    expect(answer.headers()['content-type']).toBe('application/pdf');
    expect(answer.headers()['content-disposition']).toMatch(/^attachment; filename="Schlussrechnung-100240.pdf"/);
    expect(answer.headers()['x-content-type-options']).toBe('nosniff');

    // A category's heading is a link that filters to it, without JavaScript.
    await page.goto('/home/app/files/documents');
    await page.getByRole('link', { name: 'Garantie', exact: true }).click();
    await expect(level3(page)).toHaveText(['Garantie']);
  });

  test('Jonas öffnet die Fotos seiner Anlage mit der Tastatur', async ({ page }) => {
    await signIn(page, customers.jonas);
    await page.goto('/home/app/files/gallery');
    await expect(level3(page)).toHaveText(['Montage auf dem Dach', 'Elektrischer Anschluss', 'Abschluss und Zählerwechsel']);
    await expectNoAxeViolations(page);

    await page.getByRole('navigation', { name: 'Bereiche der Dateien' }).getByRole('link', { name: 'Wissen' }).focus();
    await page.keyboard.press('Tab');
    const first = page.getByRole('link', { name: /Nahaufnahme der Module/ });
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/home\/app\/files\/gallery\/demo-100240-modules$/);
    const image = page.getByRole('img', { name: 'Nahaufnahme der Module und Dachhaken vor dem Verkabeln' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
    await expect(page.getByText('Montage auf dem Dach · Foto 1 von 5')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Nächstes Foto →' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Dach von Süden mit den 18 montierten Solarmodulen' })).toBeVisible();
    await page.getByRole('link', { name: 'Zurück zu allen Fotos' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/home\/app\/files\/gallery$/);
    // Thumbnails, not the originals, on the overview.
    const thumbnail = await page.request.get((await page.locator('.gallery__link img').first().getAttribute('src')) ?? '');
    expect(thumbnail.headers()['content-type']).toBe('image/webp');
  });

  test('Anna sieht in leeren Bereichen, wann ihre Unterlagen und Fotos kommen', async ({ page }) => {
    await linkDemoProject(100234, 'kp|anna-schmidt');
    await signIn(page, customers.anna);
    await page.goto('/home/app/files/documents');
    const upcoming = page.getByRole('region', { name: 'Was noch kommt' });
    await expect(upcoming).toContainText('Vollmachten – sobald Du die Vollmachten unterschrieben hast');
    await expect(upcoming).toContainText('Rechnungen – zum Abschluss des Projekts');
    await expect(upcoming).not.toContainText('Angebot und Auftrag');
    await expectNoAxeViolations(page);

    await page.goto('/home/app/files/documents?categoryFilter=BILL');
    await expect(page.getByText('In dieser Auswahl gibt es noch keine Dokumente.')).toBeVisible();
    await expect(upcoming).toContainText('Rechnungen – zum Abschluss des Projekts');

    await page.getByRole('navigation', { name: 'Bereiche der Dateien' }).getByRole('link', { name: 'Fotos' }).click();
    await expect(page.getByText(/Noch keine Fotos\. Unser Montageteam fotografiert/)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('nach der Montage verspricht die Fotoseite keine Fotos „bei der Montage“ mehr', async ({ page }) => {
    const data = testData(E2E.sandbox);
    try {
      // A finished installation without photos in the document service.
      await data.project({ portalUserIds: ['kp|anna-schmidt'], phase: 'COMPLETED', step: 'IN_OPERATION' });
      await signIn(page, customers.anna);
      await page.goto('/home/app/files/gallery');
      await expect(page.getByText('Zu Deiner Montage haben wir hier keine Fotos abgelegt.')).toBeVisible();
      await expect(page.locator('main')).not.toContainText('bei der Montage');
      await expectNoAxeViolations(page);
    } finally {
      await data.cleanup();
    }
  });

  test('Anna stellt den Antrag auf Zählerwechsel und schickt das Foto später mit dem Handy über den Link aus der E-Mail', async ({ page, browser }) => {
    await linkDemoProject(100234, 'kp|anna-schmidt');
    await signIn(page, customers.anna);
    await page.goto('/home/app/my-project');
    await page.getByRole('link', { name: 'Antrag auf Zählerwechsel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Antrag auf Zählerwechsel' })).toBeVisible();
    await expect(page.getByLabel('Straße')).toHaveValue('Invalidenstraße');
    await expectNoAxeViolations(page);

    // Everything is checked at once, each problem at its field.
    await page.getByLabel('Zählernummer').fill('12');
    await page.getByLabel('Postleitzahl').fill('1011');
    await page.getByRole('button', { name: 'Antrag absenden' }).click();
    await expect(page.getByRole('alert')).toContainText('Bitte prüf die markierten Angaben.');
    await expect(page.getByRole('group', { name: 'Was für ein Gebäude ist es?' })).toContainText('Bitte wähl eine Antwort aus.');
    await expect(page.getByLabel('Zählernummer')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Bitte gib eine deutsche Postleitzahl mit 5 Ziffern ein.', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('radio', { name: 'Wohnhaus' }).check();
    await page.getByRole('radio', { name: 'Stromzähler', exact: true }).check();
    await page.getByRole('radio', { name: 'Er wird ersetzt' }).check();
    await page.getByRole('radio', { name: 'Keller' }).check();
    await page.getByLabel('Zählernummer').fill('1 ESY 11 6051 2345');
    await page.getByLabel('Postleitzahl').fill('10115');
    await page.getByLabel('Hinweis für den Netzbetreiber (freiwillig)').fill('Der Schlüssel liegt beim Nachbarn.');
    const since = new Date();
    await page.getByRole('button', { name: 'Antrag absenden' }).click();
    await expect(page).toHaveURL(/\/home\/app\/meter-change-request\?sent=1$/);
    await expect(page.getByRole('heading', { name: 'Antrag gesendet' })).toBeVisible();
    await expect(page.getByText(/Das Foto fehlt noch/)).toBeVisible();

    const mail = await waitForMail(E2E.sandbox, customers.anna.email, since);
    expect(mail.subject).toMatch(/^Dein Antrag auf Zählerwechsel ist angekommen/);
    const link = new RegExp(`${E2E.portal}/meter-change-request/photo\\?token=[\\w-]+&code=\\d{6}`).exec(mail.text)?.[0] ?? '';
    expect(link).not.toBe('');

    // On the phone: no session, the camera's photo, one tap.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'de-DE' });
    const mobile = await phone.newPage();
    await mobile.goto(link);
    await expect(mobile.getByRole('heading', { level: 1, name: 'Foto des Zählerschranks' })).toBeVisible();
    await expectNoAxeViolations(mobile);
    // A program renamed to .jpg is refused by its content, with a German message, and the link still works.
    await mobile.getByLabel('Foto aufnehmen oder auswählen').setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: EXE });
    await mobile.getByRole('button', { name: 'Foto senden' }).click();
    await expect(mobile.getByRole('alert')).toContainText('Foto aufnehmen oder auswählen: Das ist kein Foto und keine PDF-Datei. Bitte wähl ein Foto (JPEG, PNG, HEIC) oder eine PDF-Datei.');
    await expect(mobile.getByLabel('Foto aufnehmen oder auswählen')).toHaveAttribute('aria-invalid', 'true');
    await mobile.getByLabel('Foto aufnehmen oder auswählen').setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await mobile.getByRole('button', { name: 'Foto senden' }).click();
    await expect(mobile.getByRole('status')).toHaveText('Danke! Das Foto ist angekommen. Du kannst diese Seite schließen.');
    await mobile.goto(link);
    await expect(mobile.getByText(/Mit diesem Link wurde schon ein Foto geschickt/)).toBeVisible();
    await phone.close();

    const requests = (await (await fetch(`${E2E.sandbox}/management/_control/meter-change-requests`)).json()) as { items: { projectId: number; meterNumber: string; photo: { filename: string } | null }[] };
    expect(requests.items.find((r) => r.projectId === 100234)).toMatchObject({ meterNumber: '1ESY1160512345', photo: { filename: 'IMG_2041.jpg' } });
    await page.reload();
    await expect(page.getByText('Das Foto Deines Zählerschranks ist angekommen. Danke!')).toBeVisible();
  });

  test('Der Antrag mit dem Foto direkt im Formular', async ({ page }) => {
    await linkDemoProject(100234, 'kp|anna-schmidt');
    await signIn(page, customers.anna);
    await page.goto('/home/app/meter-change-request');
    await page.getByRole('radio', { name: 'Carport' }).check();
    await page.getByRole('radio', { name: 'Stromzähler', exact: true }).check();
    await page.getByRole('radio', { name: 'Er bleibt', exact: true }).check();
    await page.getByRole('radio', { name: 'Erdgeschoss' }).check();
    await page.getByLabel('Zählernummer').fill('7EBZ0012345678');
    await page.getByLabel('Foto des Zählerschranks').setInputFiles({ name: 'zaehlerschrank.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await page.getByRole('button', { name: 'Antrag absenden' }).click();
    await expect(page).toHaveURL(/\?sent=photo$/);
    await expect(page.getByText('Das Foto Deines Zählerschranks ist angekommen. Danke!')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('Ein umbenanntes Programm als Foto: der Antrag kommt an, die Seite sagt, warum das Foto nicht, und wie es weitergeht', async ({ page }) => {
    await linkDemoProject(100234, 'kp|anna-schmidt');
    await signIn(page, customers.anna);
    await page.goto('/home/app/meter-change-request');
    await page.getByRole('radio', { name: 'Wohnhaus' }).check();
    await page.getByRole('radio', { name: 'Stromzähler', exact: true }).check();
    await page.getByRole('radio', { name: 'Er bleibt', exact: true }).check();
    await page.getByRole('radio', { name: 'Keller' }).check();
    await page.getByLabel('Zählernummer').fill('7EBZ0012345679');
    // The browser reports image/jpeg by the name; only the portal's content check sees what it is.
    await page.getByLabel('Foto des Zählerschranks').setInputFiles({ name: 'zaehlerschrank.jpg', mimeType: 'image/jpeg', buffer: EXE });
    await page.getByRole('button', { name: 'Antrag absenden' }).click();
    await expect(page).toHaveURL(/\?sent=photo-failed&reason=type$/);
    await expect(page.getByText(/die gewählte Datei ist kein Foto \(JPEG, PNG, HEIC\) und keine PDF-Datei/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
