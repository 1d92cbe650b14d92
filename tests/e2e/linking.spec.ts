import { expect, test, type Page } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { linkCodeFor, waitForMail } from '../support/mailbox.ts';
import { customers, signIn } from './support/auth.ts';
import { expireLinkCodes, resetLinkingState } from './support/stack.ts';

test.beforeEach(async () => {
  await resetLinkingState();
});

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Projekt verknüpfen' });

async function openLinkDialog(page: Page) {
  await page.getByRole('button', { name: /Projekt verknüpfen/ }).first().click();
  await expect(dialog(page)).toBeVisible();
}

async function linkByProjectId(page: Page, projectId: string) {
  await openLinkDialog(page);
  await dialog(page).getByLabel('Projektnummer').fill(projectId);
  await dialog(page).getByRole('button', { name: 'Verknüpfen' }).click();
}

async function linkByCustomerData(page: Page, customerNumber: string, zip: string) {
  await openLinkDialog(page);
  const d = dialog(page);
  await d.getByLabel(/mit Kundennummer und Postleitzahl/).check();
  await d.getByLabel('Kundennummer', { exact: true }).fill(customerNumber);
  await d.getByLabel('Postleitzahl', { exact: true }).fill(zip);
  await d.getByRole('button', { name: 'Verknüpfen' }).click();
  return d;
}

/** Follow-up dialogs for several projects share a title; the project id in the dialog tells them apart. */
async function enterCode(page: Page, title: string | RegExp, code: string, projectId: number) {
  const codeDialog = page.getByRole('dialog', { name: title }).filter({ hasText: String(projectId) });
  await expect(codeDialog).toBeVisible();
  await codeDialog.getByLabel('Bestätigungscode').fill(code);
  await codeDialog.getByRole('button', { name: 'Bestätigen' }).click();
}

test.describe('Projekt verknüpfen', () => {
  test('jede Validierungsmeldung in beiden Modi, Absenden erst bei gültiger Eingabe', async ({ page }) => {
    await signIn(page, customers.anna);
    await openLinkDialog(page);
    const d = dialog(page);
    const submit = d.getByRole('button', { name: 'Verknüpfen' });

    const cases: [string, string | null][] = [
      ['abc', 'Bitte gib nur Ziffern ein.'],
      ['1.5', 'Bitte gib eine ganze Zahl ein.'],
      ['-3', 'Die Zahl muss größer als 0 sein.'],
      ['0', 'Die Zahl muss größer als 0 sein.'],
      ['', 'Bitte fülle dieses Feld aus.'],
      [' 10 0234 ', null],
    ];
    const checkField = async (label: string) => {
      const field = d.getByLabel(label, { exact: true });
      for (const [value, message] of cases) {
        await field.fill(value);
        await field.blur();
        if (message) {
          await expect(d.getByText(message)).toBeVisible();
          await expect(field).toHaveAttribute('aria-invalid', 'true');
        } else {
          await expect(field).not.toHaveAttribute('aria-invalid', 'true');
        }
      }
    };

    await expect(submit).toBeDisabled();
    await checkField('Projektnummer');
    await expect(submit).toBeEnabled();

    await d.getByLabel(/mit Kundennummer und Postleitzahl/).check();
    await expect(d.getByLabel('Projektnummer')).toHaveCount(0);
    await expect(submit).toBeDisabled();
    await checkField('Kundennummer');
    await expect(submit).toBeDisabled();
    await checkField('Postleitzahl');
    await expect(submit).toBeEnabled();

    // Closing resets everything to projectId mode.
    await d.getByRole('button', { name: 'Schließen' }).click();
    await expect(d).toBeHidden();
    await openLinkDialog(page);
    await expect(dialog(page).getByLabel('Projektnummer')).toHaveValue('');
  });

  test('Anna verknüpft 100234 mit dem Code aus dem Postfach und sieht das Projekt danach', async ({ page }) => {
    await signIn(page, customers.anna);
    const since = new Date();
    await linkByProjectId(page, ' 10 0234 ');

    await expect(dialog(page).getByRole('heading', { name: 'Sieh in Dein Postfach' })).toBeVisible();
    await expect(dialog(page)).toContainText('Wir haben Dein Projekt gefunden');
    await expect(dialog(page).getByRole('listitem')).toHaveText(['a***@example.de']);
    await dialog(page).getByRole('button', { name: 'Code eingeben' }).click();

    const mail = await waitForMail(E2E.sandbox, customers.anna.email, since);
    await enterCode(page, /Projekt 100234 bestätigen/, linkCodeFor(mail, 100234), 100234);

    await expect(page.getByRole('status').filter({ hasText: 'Projekt erfolgreich verbunden' })).toBeVisible();
    await expect(page.getByText('Invalidenstraße 117')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Invalidenstraße 117')).toBeVisible();
  });

  test('700200/80331: mehrere Projekte, eine E-Mail, je ein Folgedialog pro Projekt', async ({ page }) => {
    await signIn(page, customers.anna);
    const since = new Date();
    const d = await linkByCustomerData(page, '700 200', '80331');

    await expect(d).toContainText('Wir haben 2 Projekte gefunden');
    await expect(d.getByRole('listitem')).toHaveText(['f***@example.de']);
    await d.getByRole('button', { name: 'Codes eingeben' }).click();

    const mail = await waitForMail(E2E.sandbox, 'familie.huber@example.de', since);
    await enterCode(page, /Projekt in .*80331.* bestätigen|Projekt 100235 bestätigen/, linkCodeFor(mail, 100235), 100235);
    await enterCode(page, /Projekt in .*80331.* bestätigen|Projekt 100236 bestätigen/, linkCodeFor(mail, 100236), 100236);
    // After the last follow-up dialog the dashboard reloads, confirms both and lists them in the project switcher.
    await expect(page.getByText('Projekt 100235 gehört jetzt zu Deinem Konto')).toBeVisible();
    await expect(page.getByText('Projekt 100236 gehört jetzt zu Deinem Konto')).toBeVisible();
    const switcher = page.getByLabel('Projekt', { exact: true });
    await expect(switcher.locator('option')).toHaveText([/^Projekt 100235 – Hackenstraße 7,/, /^Projekt 100236 – Hackenstraße 7a,/]);
  });

  test('700300/50667: mehrere Projekte, mehrere E-Mails', async ({ page }) => {
    await signIn(page, customers.anna);
    const d = await linkByCustomerData(page, '700300', '50667');

    await expect(d).toContainText('Wir haben E-Mails mit Bestätigungscodes an diese Adressen geschickt');
    await expect(d.getByRole('listitem')).toHaveText(['l***@example.de', 't***@example.de']);
    await d.getByRole('button', { name: 'Codes eingeben' }).click();
    await expect(page.getByRole('dialog', { name: /bestätigen/ })).toBeVisible();
  });

  test('Jonas verknüpft 100240 erneut und sieht die Meldung mit der Straße', async ({ page }) => {
    await signIn(page, customers.jonas);
    await linkByProjectId(page, '100240');
    await expect(page.getByRole('alert').filter({ hasText: 'Katharinenstraße' })).toContainText(
      'ist bereits mit Deinem Konto verknüpft',
    );
  });

  test('eine zweite Anfrage innerhalb von 10 Minuten zeigt einen Hinweis', async ({ page }) => {
    await signIn(page, customers.anna);
    await linkByProjectId(page, '100234');
    await dialog(page).getByRole('button', { name: 'Code eingeben' }).click();
    await page.getByRole('dialog', { name: /bestätigen/ }).getByRole('button', { name: 'Schließen' }).click();

    const since = new Date(Date.now() - 60_000);
    await linkByProjectId(page, '100234');
    const notice = dialog(page).getByRole('alert').filter({ hasText: 'schon eine E-Mail' });
    await expect(notice).toBeVisible();
    // Not stuck: the notice leads straight to the code step for this project.
    await notice.getByRole('button', { name: 'Ich habe schon einen Code' }).click();
    const codeDialog = page.getByRole('dialog', { name: /Projekt 100234 bestätigen/ });
    await expect(codeDialog).toBeVisible();
    await enterCode(page, /Projekt 100234 bestätigen/, linkCodeFor(await waitForMail(E2E.sandbox, customers.anna.email, since), 100234), 100234);
    await expect(page.getByRole('status').filter({ hasText: 'Projekt erfolgreich verbunden' })).toBeVisible();
  });

  test('„Ich habe schon einen Code“ im Dialog fragt nach der Projektnummer und öffnet dann den Code-Schritt', async ({ page }) => {
    await signIn(page, customers.anna);
    await openLinkDialog(page);
    await dialog(page).getByRole('button', { name: 'Ich habe schon einen Code' }).click();
    await expect(dialog(page).getByLabel('Projektnummer')).toBeFocused();
    await dialog(page).getByLabel('Projektnummer').fill('100234');
    await dialog(page).getByRole('button', { name: 'Ich habe schon einen Code' }).click();
    await expect(page.getByRole('dialog', { name: /Projekt 100234 bestätigen/ })).toBeVisible();
  });

  test('999999 zeigt: kein Projekt gefunden', async ({ page }) => {
    await signIn(page, customers.anna);
    await linkByProjectId(page, '999999');
    await expect(page.getByRole('alert').filter({ hasText: 'kein Projekt gefunden' })).toBeVisible();
  });

  test('25 Ziffern sagen es am Feld; nach "kein Projekt gefunden" steht unter der Erfolgsansicht kein alter Hinweis', async ({ page }) => {
    await signIn(page, customers.anna);
    await openLinkDialog(page);
    const d = dialog(page);
    const field = d.getByLabel('Projektnummer');
    await field.fill('1234567890123456789012345');
    await expect(d.getByText('Das sind zu viele Ziffern: höchstens 15. Bitte prüfe Deine Eingabe.')).toBeVisible();
    await expect(d.getByRole('button', { name: 'Verknüpfen' })).toBeDisabled();
    await expect(page.getByText('Da ist etwas schiefgelaufen')).toHaveCount(0);

    await field.fill('999999');
    await d.getByRole('button', { name: 'Verknüpfen' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'kein Projekt gefunden' })).toBeVisible();
    await field.fill('100234');
    await d.getByRole('button', { name: 'Verknüpfen' }).click();
    await expect(d.getByRole('heading', { name: 'Sieh in Dein Postfach' })).toBeVisible();
    await expect(page.getByText('kein Projekt gefunden')).toHaveCount(0);
  });

  test('ein falscher und ein abgelaufener Code', async ({ page }) => {
    await signIn(page, customers.anna);
    const since = new Date();
    await linkByProjectId(page, '100234');
    await dialog(page).getByRole('button', { name: 'Code eingeben' }).click();
    const code = linkCodeFor(await waitForMail(E2E.sandbox, customers.anna.email, since), 100234);

    const wrong = code === '000000' ? '111111' : '000000';
    await enterCode(page, /Projekt 100234 bestätigen/, wrong, 100234);
    const codeDialog = page.getByRole('dialog', { name: /Projekt 100234 bestätigen/ });
    await expect(codeDialog.getByText(/Der Code stimmt nicht. Du hast noch 4 Versuche/)).toBeVisible();

    await expireLinkCodes(100234);
    await codeDialog.getByLabel('Bestätigungscode').fill(code);
    await codeDialog.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Der Code ist abgelaufen' })).toBeVisible();
    await expect(page.getByText('Invalidenstraße 117')).toHaveCount(0);
  });

  test('der Link aus der E-Mail öffnet den Code-Dialog vorausgefüllt', async ({ page }) => {
    await signIn(page, customers.anna);
    const since = new Date();
    await linkByProjectId(page, '100234');
    await dialog(page).getByRole('button', { name: 'Code eingeben' }).click();
    const mail = await waitForMail(E2E.sandbox, customers.anna.email, since);
    const url = /http:\/\/\S+linkCode=\d{6}/.exec(mail.text)?.[0] ?? '';

    await page.goto(url);
    const codeDialog = page.getByRole('dialog', { name: /Projekt 100234 bestätigen/ });
    await expect(codeDialog.getByLabel('Bestätigungscode')).toHaveValue(linkCodeFor(mail, 100234));
    await expect(page).toHaveURL(/\/home\/dashboard$/);
    await codeDialog.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Projekt erfolgreich verbunden' })).toBeVisible();
  });
});
