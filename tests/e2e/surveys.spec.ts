import { expect, test } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { waitForMail } from '../support/mailbox.ts';
import { customers, signIn } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { resetJourneyState, resetMessagesState, sql, waitForStrapiBeforeAll } from './support/stack.ts';

/** No surveys or review invitations for the demo projects, and a review platform without invitations. */
async function resetSurveyState() {
  await sql('DELETE FROM survey WHERE project_id < 900000');
  await sql('DELETE FROM review_platform_review WHERE project_id < 900000');
  const reviews = await fetch(`${E2E.sandbox}/reviews/_control/reset`, { method: 'POST' });
  if (!reviews.ok) throw new Error(`reviews reset answered ${reviews.status}`);
}

/** The survey's address in an invitation mail (text part), as the customer would follow it. */
function surveyPathIn(text: string): string {
  const path = /https?:\/\/[^/\s]+(\/home\/app\/surveys\/\d+)/.exec(text)?.[1];
  if (!path) throw new Error('no survey link in the mail');
  return path;
}

waitForStrapiBeforeAll();
test.beforeEach(async () => {
  await resetJourneyState();
  await resetMessagesState();
  await resetSurveyState();
});
test.afterAll(async () => {
  // Jonas' bell stays as the other specs expect it.
  await resetSurveyState();
  await resetMessagesState();
});

test.describe('Umfragen', () => {
  test('Jonas bekommt die Einladung per Mail, beantwortet die Umfrage nur mit der Tastatur, sieht das Ergebnis, folgt der Bewertungseinladung und die Benachrichtigung ist weg', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signIn(page, customers.jonas);
    // The installer reports the DC installation on the back-office page; the portal's job sends the invitation.
    const since = new Date();
    const office = await browser.newPage();
    await office.goto(`${E2E.sandbox}/management/`);
    await office.locator('#projekt-100240').getByRole('button', { name: 'DC-Montage ans Portal melden (Umfrage)' }).click();
    await expect(office.getByRole('status')).toContainText('DC-Montage ans Portal gemeldet');
    await office.close();
    const mail = await waitForMail(E2E.sandbox, customers.jonas.email, since, 30_000);
    expect(mail.subject).toBe('Wie war die Montage auf Deinem Dach? (Projekt 100240)');
    const surveyPath = surveyPathIn(mail.text);

    await page.goto('/home/dashboard');
    await page.locator('.bell__toggle').click();
    await expect(page.locator('.bell__panel').getByRole('button', { name: /Wie war die DC-Montage\?/ })).toBeVisible();

    // The form is a plain form: not one script is loaded.
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    const opened = await page.goto(surveyPath);
    test.info().annotations.push({ type: 'form page', description: `${(await opened?.body())?.length ?? 0} bytes of HTML` });
    await expect(page.getByRole('heading', { level: 1, name: 'Deine Meinung zur DC-Montage' })).toBeVisible();
    expect(scripts).toEqual([]);
    expect(await page.locator('script:not([type="application/ld+json"]):not([type="speculationrules"])').count()).toBe(0);
    await expect(page.getByText('Projekt 100240 · Katharinenstraße 14, Leipzig')).toBeVisible();
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(customers.jonas.email);
    await expectNoAxeViolations(page);

    // Keyboard only: from the back link into the first radio group, arrow keys choose, Tab moves on.
    const punctuality = page.getByRole('group', { name: 'Wie pünktlich war das Montageteam?' });
    await expect(punctuality.getByRole('radio')).toHaveCount(5);
    await expect(punctuality.getByRole('radio', { name: 'Auf die Minute' })).toBeVisible();
    await page.getByRole('link', { name: 'Zurück zu den Umfragen' }).focus();
    await page.keyboard.press('Tab');
    await expect(punctuality.getByRole('radio', { name: 'Sehr unpünktlich' })).toBeFocused();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await expect(punctuality.getByRole('radio', { name: 'Auf die Minute' })).toBeChecked();
    await page.keyboard.press('Tab');
    const tidiness = page.getByRole('group', { name: 'Wie ordentlich hat das Team Dach, Garten und Zufahrt hinterlassen?' });
    await expect(tidiness.getByRole('radio', { name: 'Sehr unordentlich' })).toBeFocused();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(tidiness.getByRole('radio', { name: 'Ordentlich', exact: true })).toBeChecked();
    // The other three star questions are left out (optional); Tab passes each group once.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    const nps = page.getByRole('group', { name: /Wie wahrscheinlich ist es, dass Du uns weiterempfiehlst\?/ });
    await expect(nps.getByRole('radio')).toHaveCount(11);
    await expect(nps.getByRole('radio', { name: '0', exact: true })).toBeFocused();
    for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowRight');
    await expect(nps.getByRole('radio', { name: '9', exact: true })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Möchtest Du uns noch etwas sagen?')).toBeFocused();
    await page.keyboard.type('Sehr sauber gearbeitet, danke!');
    // E-mail (prefilled), phone, "please contact me", then the consent to one review mail.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await expect(page.getByLabel('Ihr dürft mir einmal eine E-Mail mit einem Link zu Eurer Bewertungsplattform schicken')).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Antworten senden' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/home\/app\/surveys\/\d+\/result$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Danke für Deine Antworten' })).toBeVisible();
    const answers = page.getByRole('region', { name: 'Deine Antworten' });
    await expect(answers).toContainText('5 von 5: Auf die Minute');
    await expect(answers).toContainText('4 von 5: Ordentlich');
    await expect(answers).toContainText('9 von 10');
    await expect(answers).toContainText('Sehr sauber gearbeitet, danke!');
    // A promoter gets the same review invitation as everybody and no call.
    await expect(page.getByRole('heading', { name: 'Wir melden uns bei Dir' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Erzähl anderen von Deiner Erfahrung' })).toBeVisible();
    await expectNoAxeViolations(page);
    const resultUrl = page.url();

    // The review invitation: the click is recorded (CUP), the platform's page opens; a review there is reported back.
    await page.getByRole('link', { name: 'Auf der Bewertungsplattform bewerten' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bewerte Beispiel Solar GmbH' })).toBeVisible();
    const review = (await sql('SELECT clicked_on, clicked_at FROM review_platform_review WHERE project_id = 100240')).rows[0];
    expect(review?.clicked_on).toBe('CUP');
    expect(review?.clicked_at).not.toBeNull();
    await page.getByRole('radio', { name: /4 Sterne/ }).check();
    await page.getByRole('button', { name: 'Bewertung veröffentlichen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Danke für Deine Bewertung' })).toBeVisible();
    await expect.poll(async () => (await sql('SELECT review_given_at FROM review_platform_review WHERE project_id = 100240')).rows[0]?.review_given_at ?? null).not.toBeNull();
    await page.goto(resultUrl);
    await expect(page.getByText('Danke für Deine Bewertung!')).toBeVisible();

    // Answered: the notification is gone, the survey is listed as answered, and answering again is refused.
    await page.goto('/home/app/surveys');
    await expect(page.getByRole('region', { name: 'Beantwortet' })).toContainText('DC-Montage (Dach)');
    await expect(page.getByRole('region', { name: 'Offene Umfragen' })).toContainText('Gerade wartet keine Umfrage auf Dich.');
    await expectNoAxeViolations(page);
    await page.locator('.bell__toggle').click();
    await expect(page.locator('.bell__panel').getByRole('button', { name: /Wie war die DC-Montage\?/ })).toHaveCount(0);
    await page.goto(surveyPath);
    await expect(page).toHaveURL(resultUrl);
  });

  test('mit NPS 4 legt das Portal eine Serviceaufgabe im Back Office an; falsche Eingaben stehen am Feld und nichts Getipptes geht verloren', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signIn(page, customers.jonas);
    const since = new Date();
    const reported = await fetch(`${E2E.sandbox}/management/_control/projects/100241/report-step`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ step: 'AC' }) });
    expect(reported.status).toBe(202);
    const mail = await waitForMail(E2E.sandbox, customers.jonas.email, since, 30_000);
    expect(mail.subject).toBe('Wie war der Anschluss Deiner Anlage? (Projekt 100241)');

    await page.goto(surveyPathIn(mail.text));
    await expect(page.getByRole('heading', { level: 1, name: 'Deine Meinung zur AC-Montage' })).toBeVisible();
    const nps = page.getByRole('group', { name: /Wie wahrscheinlich ist es, dass Du uns weiterempfiehlst\?/ });
    await nps.getByRole('radio', { name: '4', exact: true }).focus();
    await page.keyboard.press('Space');
    // Emoji are ordinary text; a character that is never text (a right-to-left override) is refused by name.
    await page.getByLabel('Möchtest Du uns noch etwas sagen?').fill('Der Zählerschrank war danach offen 😠\u202E');
    await page.getByLabel('Telefonnummer').fill('0341 12ab');
    await page.getByRole('button', { name: 'Antworten senden' }).click();

    // Back at the form: the reasons at the top and at each field, everything typed still there.
    await expect(page.getByRole('alert').filter({ hasText: 'Bitte prüf Deine Angaben' })).toBeVisible();
    await expect(page.getByLabel('Möchtest Du uns noch etwas sagen?')).toHaveValue('Der Zählerschrank war danach offen 😠\u202E');
    await expect(page.getByLabel('Möchtest Du uns noch etwas sagen?')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Das Zeichen „U+202E“ können wir nicht annehmen').first()).toBeVisible();
    await expect(page.getByLabel('Telefonnummer')).toHaveValue('0341 12ab');
    await expect(page.getByText('Bitte gib nur Ziffern ein, gern mit + am Anfang, zum Beispiel 0341 123456.').first()).toBeVisible();
    await expect(nps.getByRole('radio', { name: '4', exact: true })).toBeChecked();
    await expectNoAxeViolations(page);

    await page.getByLabel('Möchtest Du uns noch etwas sagen?').fill('Der Zählerschrank war danach offen 😠 👍');
    await page.getByLabel('Telefonnummer').fill('0341 123456');
    await page.getByRole('button', { name: 'Antworten senden' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Danke für Deine Antworten' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Wir melden uns bei Dir' })).toContainText('innerhalb von zwei Werktagen unter 0341123456 an');
    // Every respondent sees the same review invitation, the detractor too.
    await expect(page.getByRole('link', { name: 'Auf der Bewertungsplattform bewerten' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Customer service sees the task with the answers on its back-office page; Jonas' messages do not show it.
    const office = await browser.newPage();
    await office.goto(`${E2E.sandbox}/tasks/`);
    const task = office.locator('section.SERVICE').filter({ hasText: 'Projekt 100241' });
    await expect(task).toContainText('Servicefall (intern, für den Kunden unsichtbar)');
    await expect(task).toContainText('Weiterempfehlung (NPS): 4 von 10 (Kritiker)');
    await expect(task).toContainText('Der Zählerschrank war danach offen 😠 👍');
    await office.close();
    await page.goto('/home/app/messages');
    await expect(page.getByText('Rückmeldung zur AC-Montage')).toHaveCount(0);
  });
});
