import { expect, test } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { waitForMail } from '../support/mailbox.ts';
import { customers, signIn } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { linkDemoProject, resetJourneyState, resetMessagesState, waitForStrapiBeforeAll } from './support/stack.ts';

/** A 1×1 PNG, as a phone photo would be (the BFF checks the content, not the name). */
const PHOTO = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e7a2a1d40000000049454e44ae426082', 'hex');

waitForStrapiBeforeAll();
test.beforeEach(async () => {
  await resetJourneyState();
  await resetMessagesState();
});

test.describe('Nachrichten', () => {
  test('Anna schreibt mit Foto, der Kundenservice antwortet (mit interner Rückfrage dazwischen), Anna bekommt die Mail, sieht die Glocke, liest und antwortet', async ({ page, browser }) => {
    await linkDemoProject(100234, 'kp|anna-schmidt');
    await signIn(page, customers.anna);
    // The installer's to-do from the demo data is waiting for her, and so is the power of attorney of 100234.
    await expect(page.locator('.bell__toggle')).toHaveAttribute('aria-label', 'Benachrichtigungen, 2 neu');

    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Nachrichten' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nachrichten' })).toBeVisible();
    const list = page.getByRole('region', { name: 'Deine Nachrichten' });
    await expect(list.getByRole('listitem').filter({ hasText: 'Foto Deines Zählerschranks' })).toContainText('Bitte um Mithilfe');
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Frage zum Montagetermin' }).click();
    await expect(page.getByText('Thema: Frage zum Montagetermin.')).toBeVisible();
    await expectNoAxeViolations(page);
    // Checked at once: a character that is never text (a right-to-left override) is named under the subject, and
    // nothing is sent; arrows, ticks, × and emoji are ordinary text.
    await page.getByLabel('Betreff').fill('Termin\u202E für die Montage');
    await page.getByLabel('Deine Nachricht', { exact: true }).fill('Hallo,\nkönnt Ihr auch an einem Dienstag kommen? Zufahrt → Hof ✓ 2 × 3 m 🙂');
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    const subjectError = page.getByRole('alert').filter({ hasText: 'im Betreff' });
    await expect(subjectError).toContainText('„U+202E“');
    const errorId = await subjectError.getAttribute('id');
    await expect(page.getByLabel('Betreff')).toHaveAttribute('aria-describedby', new RegExp(`${errorId}`));
    await expect(page.getByLabel('Betreff')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Deine Nachricht', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Betreff').fill('Termin für die Montage');
    await page.getByLabel('Fotos oder Dokumente (freiwillig)').setInputFiles({ name: 'zufahrt.png', mimeType: 'image/png', buffer: PHOTO });
    const since = new Date();
    await page.getByRole('button', { name: 'Nachricht senden' }).click();

    await expect(page).toHaveURL(/\/home\/app\/messages\/T-\d+$/);
    const taskId = page.url().split('/').pop() ?? '';
    await expect(page.getByRole('heading', { level: 1, name: 'Termin für die Montage' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'zufahrt.png' })).toBeVisible();
    await expect(page.locator('.thread__entry--mine').first()).toContainText('Zufahrt → Hof ✓ 2 × 3 m 🙂');
    expect((await waitForMail(E2E.sandbox, customers.anna.email, since)).subject).toBe('Wir haben Deine Nachricht erhalten: „Termin für die Montage“');

    // The installer, on the back-office page: first an internal inquiry, then the answer.
    const office = await browser.newPage();
    await office.goto(`${E2E.sandbox}/tasks/`);
    const card = office.locator(`#aufgabe-${taskId}`);
    await card.getByLabel('Text').fill('INTERN: Kann das Team Süd dienstags?');
    await card.getByLabel('Art').selectOption('INTERNAL_INQUIRY');
    await card.getByRole('button', { name: 'Speichern' }).click();
    await expect(office.getByRole('status')).toContainText('gespeichert');
    const answered = new Date();
    await office.locator(`#aufgabe-${taskId}`).getByLabel('Text').fill('Hallo Anna, ja, Dienstag klappt. Wir melden uns mit der Uhrzeit.');
    await office.locator(`#aufgabe-${taskId}`).getByLabel('Status danach').selectOption('IN_PROGRESS');
    await office.locator(`#aufgabe-${taskId}`).getByRole('button', { name: 'Speichern' }).click();
    await office.close();
    const mail = await waitForMail(E2E.sandbox, customers.anna.email, answered);
    expect(mail.subject).toBe('Neue Nachricht zu „Termin für die Montage“');
    expect(mail.text).toContain(`/home/app/messages/${taskId}`);

    // The bell counts the answer; opening it marks it seen and leads to the thread.
    await page.goto('/home/dashboard');
    await expect(page.locator('.bell__toggle')).toHaveAttribute('aria-label', 'Benachrichtigungen, 3 neu');
    await page.locator('.bell__toggle').click();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /Neue Nachricht.*Termin für die Montage/ }).click();
    await expect(page).toHaveURL(new RegExp(`/home/app/messages/${taskId}$`));
    await expect(page.getByText('Hallo Anna, ja, Dienstag klappt.')).toBeVisible();
    await expect(page.getByText('Status geändert: in Bearbeitung')).toBeVisible();
    await expect(page.locator('main')).not.toContainText('INTERN');
    expect(await page.content()).not.toContain('Team Süd');
    await expectNoAxeViolations(page);

    // A reply with the keyboard only.
    await page.getByLabel('Deine Nachricht', { exact: true }).focus();
    await page.keyboard.type('Super, danke!');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Nachricht senden' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('.thread__entry--mine').last()).toContainText('Super, danke!');
    await expect(page.locator('.bell__toggle')).toHaveAttribute('aria-label', 'Benachrichtigungen, 2 neu');

    // In English the installer's answer stays German and says so (lang="de"); the customer's own words are not marked.
    try {
      await page.goto(`/home/app/messages/${taskId}?lang=en`);
      await expect(page.locator('.thread__entry--theirs .thread__text').first()).toHaveAttribute('lang', 'de');
      await expect(page.locator('.thread__entry--mine .thread__text').first()).not.toHaveAttribute('lang', 'de');
      await expectNoAxeViolations(page);
    } finally {
      await page.goto(`/home/app/messages/${taskId}?lang=de`);
    }
  });

  test('ein Entwurf bleibt, wenn der Nachrichtendienst ausfällt; die Liste sagt es auf Deutsch', async ({ page }) => {
    await linkDemoProject(100234, 'kp|anna-schmidt');
    await signIn(page, customers.anna);
    await page.goto('/home/app/messages');
    // Step by step: the topic, then its sub-topic.
    await page.getByRole('link', { name: 'Frage zur Rechnung' }).click();
    await expect(page.getByText('Worum genau geht es?')).toBeVisible();
    await page.getByRole('link', { name: 'Schlussrechnung' }).click();
    await expect(page.getByText('Thema: Frage zur Rechnung › Schlussrechnung.')).toBeVisible();
    await page.getByLabel('Deine Nachricht', { exact: true }).fill('Wann kommt die Schlussrechnung?');
    // The form woke up when the text went in (client:interaction); a press before that would post the plain form.
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await fetch(`${E2E.sandbox}/tasks/_control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'fail' }) });
    try {
      await page.getByRole('button', { name: 'Nachricht senden' }).click();
      await expect(page.getByRole('alert')).toContainText('Dein Text ist in diesem Browser gespeichert.');
      await page.reload();
      await expect(page.getByLabel('Deine Nachricht', { exact: true })).toHaveValue('Wann kommt die Schlussrechnung?');
      await expect(page.getByRole('region', { name: 'Deine Nachrichten' })).toContainText('Deine Nachrichten sind gerade nicht abrufbar');
    } finally {
      await fetch(`${E2E.sandbox}/tasks/_control/faults`, { method: 'DELETE' });
    }
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(page).toHaveURL(/\/home\/app\/messages\/T-\d+$/);
    await page.goto('/home/app/messages');
    await page.getByRole('region', { name: 'Neue Nachricht' }).getByRole('link', { name: 'Frage zur Rechnung' }).click();
    await page.getByRole('region', { name: 'Neue Nachricht' }).getByRole('link', { name: 'Schlussrechnung' }).click();
    await expect(page.getByLabel('Deine Nachricht', { exact: true })).toHaveValue('');
  });

  test('ohne JavaScript: eine abgelehnte Nachricht kommt mit dem getippten Text und dem Grund am Feld zurück', async ({ browser }) => {
    await linkDemoProject(100234, 'kp|anna-schmidt');
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/home/app/messages');
    await page.getByLabel('E-Mail-Adresse').fill(customers.anna.email);
    await page.getByLabel('Passwort').fill('Sonne2026!');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('link', { name: 'Frage zur Rechnung' }).click();
    await page.getByRole('link', { name: 'Schlussrechnung' }).click();
    await page.getByLabel('Betreff').fill('Schlussrechnung');
    await page.getByLabel('Deine Nachricht', { exact: true }).fill('Wann kommt die Schlussrechnung?\u202E 🙂');
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(page).toHaveURL(/error=MESSAGES\.TEXT_INVALID_CHARACTERS/);
    expect(page.url()).not.toContain('Schlussrechnung%3F');
    await expect(page.locator('.composer__field').getByText(/Das Zeichen „U\+202E“ können wir in einer Nachricht nicht annehmen/)).toBeVisible();
    await expect(page.getByLabel('Betreff')).toHaveValue('Schlussrechnung');
    await expect(page.getByLabel('Deine Nachricht', { exact: true })).toHaveValue('Wann kommt die Schlussrechnung?\u202E 🙂');
    await page.getByLabel('Deine Nachricht', { exact: true }).fill('Wann kommt die Schlussrechnung? 🙂');
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(page).toHaveURL(/\/home\/app\/messages\/T-\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Schlussrechnung' })).toBeVisible();
    await context.close();
  });

  test('die Links der Hilfe auf „Nachrichten“ führen zu den Nachrichten', async ({ page }) => {
    await signIn(page, customers.jonas);
    await page.goto('/home/app/help?question=wie-verknuepfe-ich-mein-projekt');
    const link = page.locator('main').getByRole('link', { name: 'Nachrichten' }).first();
    await expect(link).toHaveAttribute('href', '/home/app/messages');
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nachrichten' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Deine Nachrichten' })).toContainText('Wechselrichter zeigt eine Warnung');
  });
});
