import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { E2E } from '~/playwright.config.ts';
import { linkCodeFor, waitForMail } from '../support/mailbox.ts';
import { customers, signIn } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { drawSignature, signWithKeyboard } from './support/esign.ts';
import { linkDemoProject, resetJourneyState } from './support/stack.ts';

const POA_PAGE = '/home/app/my-project/planning-phase/power-of-attorney';
const ANNA = 'kp|anna-schmidt';

test.beforeEach(async () => {
  await resetJourneyState();
});

/** Links 100234 the way Anna does: the dialog, the code from the mailbox. */
async function linkAnnasProject(page: Page) {
  const since = new Date();
  await page.getByRole('button', { name: /Projekt verknüpfen/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Projekt verknüpfen' });
  await dialog.getByLabel('Projektnummer').fill('100234');
  await dialog.getByRole('button', { name: 'Verknüpfen' }).click();
  await dialog.getByRole('button', { name: 'Code eingeben' }).click();
  const mail = await waitForMail(E2E.sandbox, customers.anna.email, since);
  const codeDialog = page.getByRole('dialog', { name: /Projekt 100234 bestätigen/ });
  await codeDialog.getByLabel('Bestätigungscode').fill(linkCodeFor(mail, 100234));
  await codeDialog.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Projekt erfolgreich verbunden' })).toBeVisible();
}

/** On the provider's page: a drawn signature with the mouse, the consent, "Unterschreiben". */
async function signWithMouse(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dokument unterschreiben');
  await drawSignature(page);
  await page.getByRole('checkbox', { name: /gelesen und unterschreibe/ }).check();
  await page.getByRole('button', { name: 'Unterschreiben', exact: true }).click();
}

test.describe('Projektverlauf und Vollmachten', () => {
  test('Anna verknüpft 100234, unterschreibt die Vollmacht für den Netzbetreiber und lädt sie herunter; „Als Nächstes“ wechselt', async ({ page }) => {
    await signIn(page, customers.anna);
    await linkAnnasProject(page);

    const next = page.getByRole('region', { name: 'Als Nächstes' });
    await expect(next.getByRole('link', { name: 'Vollmacht für den Netzbetreiber unterschreiben' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Mein Projekt' }).first().click();
    await expect(page).toHaveURL(/\/home\/app\/my-project$/);
    const poaStep = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Vollmacht Netzbetreiber' }) });
    await expect(poaStep).toContainText('Wartet auf Dich');
    await expect(poaStep).toHaveAttribute('aria-current', 'step');
    await expectNoAxeViolations(page);

    await poaStep.getByRole('link', { name: 'Vollmacht Netzbetreiber' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vollmacht Netzbetreiber');
    await expect(page.getByText('Stromnetz Berlin GmbH')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Vollmacht für den Netzbetreiber unterschreiben' }).click();

    await expect(page).toHaveURL(/\/esign\/signing\//);
    await expect(page.getByLabel('Vor- und Nachname')).toHaveValue('Anna Schmidt');
    await expectNoAxeViolations(page);
    await signWithMouse(page);

    await expect(page).toHaveURL(new RegExp(`${POA_PAGE}\\?signing=.*event=signing_complete`));
    await expect(page.getByRole('status').filter({ hasText: 'Deine Unterschrift ist angekommen' })).toBeVisible();
    await expect(page.getByText(/^Erledigt am /)).toBeVisible();
    await expectNoAxeViolations(page);

    const link = page.getByRole('link', { name: 'Vollmacht für den Netzbetreiber (PDF)' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const pdf = await PDFDocument.load(await readFile(await download.path()));
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getTitle()).toBe('Vollmacht gegenüber dem Netzbetreiber');
    // Filed with her other documents (docs/files.md).
    await page.goto('/home/app/files/documents');
    const powers = page.getByRole('region', { name: 'Vollmachten' });
    await expect(powers.getByRole('listitem').filter({ hasText: 'Vollmacht gegenüber dem Netzbetreiber' })).toContainText('Im Portal unterschrieben');

    await page.goto('/home/dashboard');
    await expect(next.getByRole('link', { name: 'Vollmacht für das Marktstammdatenregister unterschreiben' })).toBeVisible();
    await expect(next.getByRole('link', { name: 'Vollmacht für den Netzbetreiber unterschreiben' })).toHaveCount(0);
    // The grid operator has Anna's request now.
    await page.goto('/home/app/my-project');
    await expect(page.getByRole('region', { name: 'Netzbetreiber' })).toContainText('Anmeldung gestellt');
  });

  test('abgebrochen und abgelaufen: Anna macht beide Male weiter und unterschreibt am Ende nur mit der Tastatur', async ({ page }) => {
    await linkDemoProject(100234, ANNA);
    await signIn(page, customers.anna);
    await page.goto(POA_PAGE);
    await page.getByRole('button', { name: 'Vollmacht für den Netzbetreiber unterschreiben' }).click();
    await page.getByRole('button', { name: 'Später unterschreiben' }).click();
    await expect(page).toHaveURL(/event=cancel/);
    await expect(page.getByRole('status').filter({ hasText: 'unterbrochen' })).toBeVisible();
    await expect(page.getByText(/Wartet auf Dich/)).toBeVisible();

    // Resumed: the provider's page again, then the link runs out while Anna is away.
    await page.getByRole('button', { name: 'Vollmacht für den Netzbetreiber unterschreiben' }).click();
    await expect(page).toHaveURL(/\/esign\/signing\//);
    expect((await fetch(`${E2E.sandbox}/esign/_control/views/expire`, { method: 'POST' })).ok).toBe(true);
    await page.getByRole('checkbox', { name: /gelesen und unterschreibe/ }).check();
    await page.getByRole('button', { name: 'Unterschreiben', exact: true }).click();
    await expect(page).toHaveURL(/event=ttl_expired/);
    await expect(page.getByRole('status').filter({ hasText: 'abgelaufen' })).toBeVisible();

    // Keyboard only from the step page to the signature.
    const start = page.getByRole('button', { name: 'Vollmacht für den Netzbetreiber unterschreiben' });
    await start.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/esign\/signing\//);
    await signWithKeyboard(page);
    await expect(page.getByRole('status').filter({ hasText: 'Deine Unterschrift ist angekommen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Vollmacht für den Netzbetreiber (PDF)' })).toHaveCount(1);
  });

  test('Jonas sieht auf der Übersicht, was seine Anlage heute erzeugt, und wie es weitergeht', async ({ page }) => {
    await signIn(page, customers.jonas);
    const today = page.getByRole('region', { name: 'Heute' });
    await expect(today).toContainText(/Erzeugt\s*[\d.,]+\s*kWh/);
    // The battery's level once the installation has reported today (right after midnight it may not have yet).
    await expect(today).toContainText(/Speicher|noch nichts gemeldet/);
    await expect(today.getByRole('link', { name: 'Zum Monitoring' })).toHaveAttribute('href', '/home/app/monitoring');
    await expect(page.getByText('Alle Schritte erledigt – Deine Anlage ist in Betrieb.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Dein Ansprechpartner' })).toContainText('Sabine Krüger');
    await expectNoAxeViolations(page);
  });

  test('eine Wahrheit: alles, was die Glocke meldet, steht unter „Als Nächstes“, auch aus dem anderen Projekt', async ({ page }) => {
    await signIn(page, customers.jonas);
    const next = page.getByRole('region', { name: 'Als Nächstes' });
    await page.locator('.bell__toggle').click();
    const titles = (await page.locator('.bell__panel .bell__title').allInnerTexts()).map((title) => title.replace(/^Neu:\s*/, '').trim());
    expect(titles).toEqual(expect.arrayContaining(['SEPA-Lastschriftmandat erteilen', 'Du bekommst Geld zurück', 'Offener Betrag']));
    // The bell names each entry's project: the amount due is 100241's while 100240 is shown.
    await expect(page.locator('.bell__panel').getByRole('button', { name: /Offener Betrag/ })).toContainText('Wallbox – Katharinenstraße 14 (100241)');
    await page.keyboard.press('Escape');
    for (const title of titles) await expect(next.getByRole('button', { name: title, exact: true })).toBeVisible();
    await expect(next).not.toContainText('nichts tun');
    await expectNoAxeViolations(page);

    // Opening the other project's entry switches to that project: its page is about 100241.
    await next.getByRole('button', { name: 'Offener Betrag', exact: true }).click();
    await expect(page).toHaveURL(/\/home\/app\/refund$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Offener Betrag');
    await expect(page.getByLabel('Projekt', { exact: true })).toHaveValue('100241');
  });

  test('„Wartet auf Dich“ sagt immer, was gebraucht wird: die Bitte des Installateurs oder die Vollmacht für die Vertretung; Glocke, Übersicht und Mail stimmen überein', async ({ page, browser }) => {
    await linkDemoProject(100244, ANNA);
    await linkDemoProject(100245, ANNA);
    await signIn(page, customers.anna);
    // The tester plays the installer: 100244's planning conclusion now waits on Anna, with a request.
    const tester = await browser.newPage();
    await tester.goto(`${E2E.sandbox}/management/`);
    const request = 'Bitte schick uns ein Foto vom Zählerschrank mit geöffneter Tür.';
    const form = tester.locator('#projekt-100244 form[action$="/waiting-for"]');
    await form.getByLabel('Wartet auf').selectOption('CUSTOMER');
    await form.getByLabel('Bitte an den Kunden (wenn er dran ist)').fill(request);
    const since = new Date();
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(tester.getByRole('status')).toContainText('mit Deiner Bitte');
    const mail = await waitForMail(E2E.sandbox, customers.anna.email, since);
    expect(mail.subject).toBe('Du bist dran: Rückfrage beantworten (Projekt 100244)');
    expect(mail.text).toContain(request);

    await page.getByLabel('Projekt', { exact: true }).selectOption('100244');
    await page.getByRole('button', { name: 'Wechseln' }).click();
    const next = page.getByRole('region', { name: 'Als Nächstes' });
    await expect(next.getByRole('link', { name: 'Rückfrage beantworten' })).toBeVisible();
    await expect(next).toContainText(request);
    await expect(next).not.toContainText('nichts tun');
    await next.getByRole('link', { name: 'Rückfrage beantworten' }).click();
    await expect(page).toHaveURL(/\/planning-phase\/conclusion$/);
    const yourPart = page.getByRole('region', { name: 'Dein Teil' });
    await expect(yourPart).toContainText(/bittet Dich:/);
    await expect(yourPart).toContainText(request);
    await expect(yourPart.getByRole('link', { name: 'Nachricht schreiben' })).toHaveAttribute('href', '/home/app/messages#new');
    await expectNoAxeViolations(page);

    // 100245's DC installation waits on Anna without a request: the representative's power of attorney is what is needed.
    await tester.locator('#projekt-100245 form[action$="/waiting-for"]').getByLabel('Wartet auf').selectOption('CUSTOMER');
    await tester.locator('#projekt-100245 form[action$="/waiting-for"]').getByRole('button', { name: 'Speichern' }).click();
    await tester.close();
    await page.getByLabel('Projekt', { exact: true }).selectOption('100245');
    await page.getByRole('button', { name: 'Wechseln' }).click();
    await page.goto('/home/app/my-project/assembly-phase/dc');
    const dcPart = page.getByRole('region', { name: 'Dein Teil' });
    await expect(dcPart).toContainText('brauchen wir noch Deine Vollmacht für eine Person');
    await expect(dcPart.getByRole('button', { name: 'Vertretung für die DC-Montage bevollmächtigen' })).toHaveClass(/button--primary/);
    await page.goto('/home/dashboard');
    await expect(next.getByRole('link', { name: 'Vertretung für die DC-Montage bevollmächtigen' })).toBeVisible();
    // The bell has both projects' to-dos, whichever project is shown.
    await page.locator('.bell__toggle').click();
    await expect(page.locator('.bell__panel').getByRole('button', { name: /Rückfrage beantworten/ })).toBeVisible();
    await expect(page.locator('.bell__panel').getByRole('button', { name: /Vertretung für die DC-Montage/ })).toBeVisible();
  });

  test('fertig heißt fertig: nach dem Zählerwechsel kein Zählertermin in der Zukunft, der letzte Stand mit Haken', async ({ page, browser }) => {
    await linkDemoProject(100246, ANNA);
    await signIn(page, customers.anna);
    const tester = await browser.newPage();
    await tester.goto(`${E2E.sandbox}/management/`);
    await tester.locator('#projekt-100246').getByRole('button', { name: 'Schritt „Abschluss Montage“ abschließen' }).click();
    await tester.close();
    await page.goto('/home/app/my-project');
    const grid = page.getByRole('region', { name: 'Netzbetreiber' });
    await expect(grid.locator('.grid-operator__path li').last()).toHaveText(/✓\s*Erledigt: Zähler gesetzt/);
    await expect(grid.locator('[aria-current="step"]')).toHaveCount(0);
    const appointments = page.getByRole('region', { name: 'Termine', exact: true });
    await expect(appointments.getByRole('listitem').filter({ hasText: 'Zählerwechsel' })).toContainText('erledigt');
    await expect(appointments).not.toContainText(/geplant|bestätigt/);
    await expectNoAxeViolations(page);
  });

  test('jede Seite des Projektverlaufs in ihren Zuständen: ohne axe-Verstöße, mit dem, was der Kunde dort tun kann', async ({ page }) => {
    for (const id of [100234, 100237, 100243, 100244, 100246]) await linkDemoProject(id, ANNA);
    await signIn(page, customers.anna);
    const choose = async (projectId: number) => {
      await page.goto('/home/dashboard');
      await page.getByLabel('Projekt', { exact: true }).selectOption(String(projectId));
      await page.getByRole('button', { name: 'Wechseln' }).click();
      await expect(page.getByRole('heading', { name: `Dein Projekt ${projectId}` })).toBeVisible();
    };

    // Grid operator asked for documents (from the installer): nothing for the customer, the panel says what is missing.
    await choose(100244);
    await page.goto('/home/app/my-project/planning-phase/conclusion');
    await expect(page.getByText('Unterlagen nachgefordert').first()).toBeVisible();
    await expect(page.getByText('Darum kümmern wir uns. Du musst nichts tun.')).toBeVisible();
    await expectNoAxeViolations(page);

    // MaStR step: sign, or register oneself.
    await choose(100243);
    await page.goto('/home/app/my-project/planning-phase/power-of-attorney-mastr');
    await expect(page.getByRole('button', { name: 'Vollmacht für das Marktstammdatenregister unterschreiben' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Ich registriere selbst' }).click();
    await expect(page.getByRole('status')).toContainText('Du registrierst Deine Anlage selbst');
    await expect(page.getByText('Übersprungen', { exact: true })).toBeVisible();

    // Assembly with DC done and AC scheduled: the appointment and the optional representative.
    await choose(100237);
    await page.goto('/home/app/my-project/assembly-phase/ac');
    await expect(page.getByRole('region', { name: 'Termine' })).toContainText('AC-Montage (Elektrik)');
    await expect(page.getByLabel('Vor- und Nachname Deiner Vertretung')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/home/app/my-project');
    await expect(page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'DC-Montage' }) })).toContainText('Erledigt am');
    await expectNoAxeViolations(page);

    // Meter appointment and the MaStR transfer the installer asked for.
    await choose(100246);
    await expect(page.getByRole('region', { name: 'Als Nächstes' }).getByRole('link', { name: 'MaStR-Registrierung übertragen' })).toBeVisible();
    await page.goto('/home/app/my-project/assembly-phase/conclusion');
    await expect(page.getByRole('region', { name: 'Fristen' })).toContainText('MsbG § 3 Abs. 3a');
    await expectNoAxeViolations(page);
    await page.goto('/home/app/move-mastr');
    await expectNoAxeViolations(page);
    await page.getByLabel('Deine Marktakteursnummer').fill('ABR000000000000');
    await page.getByRole('button', { name: 'Übertragung starten' }).click();
    await expect(page.getByRole('alert')).toContainText('finden wir im Marktstammdatenregister nicht');
    await expect(page.getByLabel('Deine Marktakteursnummer')).toHaveValue('ABR000000000000');
    await page.getByLabel('Deine Marktakteursnummer').fill('abr 9733 0124 5518');
    await page.getByRole('button', { name: 'Übertragung starten' }).click();
    await expect(page.getByText(/Unser Servicecode:\s*\d{4} \d{4} \d{4}/)).toBeVisible();
    await expectNoAxeViolations(page);

    // `/home/form` leads to the first open action; `/home/app` is the dashboard.
    await choose(100234);
    await page.goto('/home/form');
    await expect(page).toHaveURL(new RegExp(`${POA_PAGE}$`));
    await page.goto('/home/app');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Anna');
  });

  test('Wünsche für Termine: Telefonnummer und Zeiten ohne JavaScript gespeichert, falsche Nummer erklärt', async ({ browser }) => {
    await linkDemoProject(100234, ANNA);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/home/dashboard');
    await page.getByLabel('E-Mail-Adresse').fill(customers.anna.email);
    await page.getByLabel('Passwort').fill('Sonne2026!');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.goto('/home/app/my-project');
    const form = page.getByRole('region', { name: 'Deine Wünsche für Termine' });
    // Passes the field's pattern in the browser, but has no digits worth calling: the BFF refuses it and says why.
    await form.getByLabel('Telefonnummer für Termine').fill('030 / ( )');
    await form.getByRole('button', { name: 'Wünsche speichern' }).click();
    await expect(page.getByRole('alert')).toContainText('Telefonnummer für Termine: Bitte gib eine Telefonnummer mit 6 bis 20 Ziffern an');
    await expect(form.getByLabel('Telefonnummer für Termine')).toHaveValue('030 / ( )');
    await form.getByLabel('Telefonnummer für Termine').fill('+49 30 1234-5678');
    await form.getByLabel('Dienstag').check();
    await form.getByLabel('vormittags').check();
    await form.getByRole('button', { name: 'Wünsche speichern' }).click();
    await expect(page.getByRole('status')).toContainText('Gespeichert');
    await expect(form.getByLabel('Telefonnummer für Termine')).toHaveValue('+493012345678');
    await expect(form.getByLabel('Dienstag')).toBeChecked();
    await context.close();
  });
});
