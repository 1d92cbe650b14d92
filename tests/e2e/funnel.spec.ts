import { expect, test, type Page } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { pageWeight } from '../bench/page-weight.ts';
import { waitForMail } from '../support/mailbox.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { codeFromSmsInbox, e164, fillDetails, leadSignedIn, mobile } from './support/lead.ts';
import { sql } from './support/stack.ts';

/**
 * The lead funnel from the ad's landing page to a verified lead, with the SMS code from the sandbox's inbox;
 * then the lead's own area and the lead becoming a customer (docs/funnel.md).
 */

test.beforeEach(async () => {
  // The e2e stack keeps its database between local runs; the SMS limits must not carry over.
  await sql("DELETE FROM rate_limit WHERE key LIKE 'funnel:%'");
});

test.describe('Angebots-Funnel', () => {
  test('Anfrage → Code aus dem SMS-Postfach → Nummer bestätigt, Lead beim Vertrieb', async ({ page, browser }) => {
    const phone = mobile();
    // An ad's landing page: no JavaScript at all (the forms are plain forms).
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    await page.goto('/angebot?quelle=google-pv-fruehjahr');
    await expect(page.getByRole('heading', { level: 1, name: 'Dein unverbindliches Angebot' })).toBeVisible();
    await expect(page.locator('script:not([type="speculationrules"])')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await fillDetails(page, phone);
    await page.getByRole('button', { name: 'Code per SMS anfordern' }).click();
    await expect(page).toHaveURL(/\/angebot\/code$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bestätige Deine Handynummer' })).toBeVisible();
    await expect(page.getByText(/an \+49 171 •+ \d\d geschickt/)).toBeVisible();
    const codeField = page.getByLabel('Code aus der SMS');
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(codeField).toHaveAttribute('inputmode', 'numeric');
    await expectNoAxeViolations(page);

    const code = await codeFromSmsInbox(browser, phone);
    await codeField.fill(code);
    await codeField.press('Enter');
    await expect(page).toHaveURL(/\/angebot\/fertig$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Danke, Lena!' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('Deine Handynummer ist bestätigt');
    await expect(page.getByRole('heading', { name: 'Deine Ansprechperson' })).toBeVisible();
    await expect(page.getByText('Tobias Neumann')).toBeVisible();
    await expectNoAxeViolations(page);
    expect(scripts).toEqual([]);

    const lead = await sql('SELECT leadsource_id, sales_lead_id, topics FROM funnel_lead WHERE phone_number = $1', [e164(phone)]);
    expect(lead.rows[0]).toMatchObject({ leadsource_id: 'LS-2101', topics: ['SOLAR', 'STORAGE'] });
    const { leads } = (await (await fetch(`${E2E.sandbox}/sales/_control/leads`)).json()) as { leads: { id: string; phone: string }[] };
    expect(leads.find((l) => l.id === lead.rows[0].sales_lead_id)?.phone).toBe(e164(phone));
  });

  test('falscher Code fünfmal: der Code ist tot, auch der richtige hilft nicht mehr', async ({ page, browser }) => {
    const phone = mobile();
    await page.goto('/angebot');
    await fillDetails(page, phone);
    await page.getByRole('button', { name: 'Code per SMS anfordern' }).click();
    const right = await codeFromSmsInbox(browser, phone);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let left = 4; left >= 1; left--) {
      await page.getByLabel('Code aus der SMS').fill(wrong);
      await page.getByRole('button', { name: 'Code bestätigen' }).click();
      await expect(page.getByText(left === 1 ? 'Der Code stimmt nicht. Du hast noch einen Versuch.' : `Der Code stimmt nicht. Du hast noch ${left} Versuche.`, { exact: true })).toBeVisible();
      await expect(page.getByLabel('Code aus der SMS')).toHaveAttribute('aria-invalid', 'true');
    }
    await expectNoAxeViolations(page);
    await page.getByLabel('Code aus der SMS').fill(wrong);
    await page.getByRole('button', { name: 'Code bestätigen' }).click();
    await expect(page.getByRole('alert')).toContainText('fünfmal falsch eingegeben');
    await expect(page.getByLabel('Code aus der SMS')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Neuen Code senden' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Even the right code, posted by hand, no longer opens anything.
    const answer = await page.request.post('/api/v2/app/funnel/verify', { headers: { 'x-kundenportal-csrf': '1' }, form: { code: right } });
    expect([answer.status(), (await answer.json()).code]).toEqual([429, 'FUNNEL.TOO_MANY_ATTEMPTS']);
    expect((await sql('SELECT count(*)::int AS n FROM funnel_lead WHERE phone_number = $1', [e164(phone)])).rows[0].n).toBe(0);
  });

  test('ohne JavaScript: falsche Angaben werden am Feld erklärt, nichts Getipptes geht verloren', async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: { cookies: [{ name: 'kundenportal.consent', value: '2.s0.r0.m0.w0', domain: 'localhost', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] },
    });
    const page = await context.newPage();
    await page.goto('/angebot?quelle=partner-mueller');
    await page.getByLabel('Vorname').fill('Lena');
    await page.getByLabel('E-Mail-Adresse').fill('lena@');
    await page.getByRole('textbox', { name: 'Handynummer' }).fill('0171-123');
    await page.getByRole('checkbox', { name: 'Wallbox' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Code per SMS anfordern' }).click();

    await expect(page).toHaveURL(/\/angebot\?quelle=partner-mueller&error=FUNNEL\.INVALID&fields=[\w%]+&form=funnel-details#funnel-details-errors$/);
    await expect(page).toHaveTitle(/^Fehler: /);
    const summary = page.getByRole('alert');
    await expect(summary).toContainText('Bitte prüfe diese Angaben');
    await expect(page.getByLabel('Vorname')).toHaveValue('Lena');
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue('lena@');
    await expect(page.getByRole('textbox', { name: 'Handynummer' })).toHaveValue('0171-123');
    await expect(page.getByRole('checkbox', { name: 'Wallbox' })).toBeChecked();
    await expect(page.getByLabel('Nachname')).toHaveAccessibleDescription('Bitte gib Deinen Nachnamen an.');
    await expect(page.getByRole('textbox', { name: 'Handynummer' })).toHaveAccessibleDescription(/Diese Handynummer gibt es so nicht/);
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Bitte bestätige, dass wir Dich kontaktieren dürfen')).toHaveCount(2);

    // A landline number is named as such; the summary's link leads to the field.
    await page.getByLabel('Nachname').fill('Krüger');
    await page.getByLabel('E-Mail-Adresse').fill('lena@example.de');
    await page.getByRole('textbox', { name: 'Handynummer' }).fill('030 1234567');
    await page.getByRole('checkbox', { name: /darf mich zu dieser Anfrage/ }).check();
    await page.getByRole('button', { name: 'Code per SMS anfordern' }).click();
    await expect(page.getByRole('link', { name: /keine Handynummer/ })).toHaveAttribute('href', '#funnel-phone');
    await context.close();
  });

  test('Fehler am Feld: per Tastatur zur Fehlerliste und zum Feld, axe ohne Befund', async ({ page }) => {
    await page.goto('/angebot');
    await page.getByRole('button', { name: 'Code per SMS anfordern' }).press('Enter');
    const summary = page.getByRole('alert');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveCount(6);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Tab');
    await expect(summary.getByRole('link', { name: 'Bitte gib Deinen Vornamen an.' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#funnel-firstName$/);
    await expect(page.getByLabel('Vorname')).toBeInViewport();
  });
});

async function fillContactDetails(page: Page) {
  await page.getByRole('link', { name: 'Kontaktdaten ergänzen' }).click();
  await expect(page).toHaveURL(/\/home\/lead\/contact-details$/);
  await page.getByLabel('Straße').fill('Lindenallee');
  await page.getByLabel('Hausnummer').fill('7');
  await page.getByLabel('Postleitzahl').fill('04109');
  await page.getByLabel('Ort').fill('Leipzig');
  await page.getByRole('radio', { name: 'Telefon' }).check();
  await page.getByRole('button', { name: 'Kontaktdaten speichern' }).click();
  await expect(page).toHaveURL(/\/home\/lead\?done=CONTACT_DETAILS_SAVED$/);
}

const activities = async (email: string, type: string) =>
  (await sql('SELECT a.id FROM activity_log a JOIN users u ON u.user_id = a.user_id WHERE u.email = $1 AND a.type = $2', [email, type])).rows;

test.describe('Lead-Phase', () => {
  test('fertig → Code aus dem Postfach → Lead-Dashboard: Video, Inhalt und Kontakt werden protokolliert, Kundenseiten leiten um', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const { email } = await leadSignedIn(page, browser);
    await expect(page.getByRole('heading', { name: 'Deine Ansprechperson' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Foto von Tobias Neumann' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Themen für Dich' })).toBeVisible();
    await expectNoAxeViolations(page);
    // Initial JavaScript of the lead dashboard (gzip, budget 20 KB like the customer's dashboard): the tour's start and
    // the video's "played" report; the tour dialog loads on the first press.
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const weight = await pageWeight(E2E.portal, '/home/lead', { cookie });
    console.info(`lead dashboard: initial JS ${weight.initialJsGzipBytes} B gzip, on demand ${weight.onDemandJsGzipBytes} B`);
    expect(weight.initialJsGzipBytes).toBeGreaterThan(0);
    expect(weight.initialJsGzipBytes).toBeLessThanOrEqual(20 * 1024);

    // The video with German captions, through the portal: it plays, seeks (the portal answers byte ranges with 206),
    // and its first play is reported (PATCH, LEAD_VIDEO_PLAYED).
    const video = page.locator('video');
    await expect(video.locator('track[kind="captions"][srclang="de"]')).toHaveCount(1);
    const played = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/user/lead/sales-rep-video/'));
    const seeked = await video.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          element.muted = true;
          element.addEventListener('seeked', () => resolve(element.currentTime), { once: true });
          void element.play().catch(() => undefined);
          element.currentTime = 12;
        }),
    );
    expect(seeked).toBeGreaterThanOrEqual(11);
    expect((await played).status()).toBe(204);
    const src = (await video.locator('source').getAttribute('src')) ?? '';
    const part = await page.request.get(src, { headers: { range: 'bytes=1000-1999' } });
    expect([part.status(), part.headers()['content-range']?.startsWith('bytes 1000-1999/'), (await part.body()).length]).toEqual([206, true, 1000]);
    await expect.poll(async () => (await activities(email, 'LEAD_VIDEO_PLAYED')).length).toBe(1);

    // A content card: the link passes the portal (LEAD_CONTENT_CLICKED with the topic) and opens the content.
    await page.getByRole('link', { name: /^Weiterlesen\s?: Sonnenstrom auch am Abend$/ }).click();
    await expect(page).toHaveURL(/\/home\/lead\/content\/storage$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sonnenstrom auch am Abend' })).toBeVisible();
    await expectNoAxeViolations(page);
    const clicked = await activities(email, 'LEAD_CONTENT_CLICKED');
    expect((await sql('SELECT topic FROM activity_log_lead_content WHERE activity_log_id = $1', [clicked[0]?.id])).rows).toEqual([{ topic: 'STORAGE' }]);
    await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click();

    // A contact method: the portal logs it with the method and sends the browser on to the mail program.
    const mail = page.getByRole('link', { name: /E-Mail schreiben/ });
    // As the browser's click sends it: from the portal's own page (its Referer); another site's link records nothing.
    const answer = await page.request.get((await mail.getAttribute('href')) ?? '', { maxRedirects: 0, headers: { referer: page.url() } });
    expect([answer.status(), answer.headers().location]).toEqual([303, 'mailto:tobias.neumann@beispiel-solar.example']);
    const contacted = await activities(email, 'SALES_PERSON_CONTACTED');
    expect((await sql('SELECT method FROM activity_log_contact WHERE activity_log_id = $1', [contacted[0]?.id])).rows).toEqual([{ method: 'MAIL' }]);

    // A customer page answers a lead with its dashboard and says why.
    await page.goto('/home/app/my-project');
    await expect(page).toHaveURL(/\/home\/lead\?hinweis=kundenbereich$/);
    await expect(page.getByRole('status')).toContainText('Dieser Bereich ist für Kundinnen und Kunden');
    await expect(page.getByRole('navigation').first().getByRole('link', { name: 'Mein Projekt' })).toHaveCount(0);
  });

  test('Kontaktdaten am Feld erklärt, dann der Rundgang per Tastatur: der Journey-Status geht nur vorwärts', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const { email } = await leadSignedIn(page, browser);
    await page.getByRole('link', { name: 'Kontaktdaten ergänzen' }).click();
    await page.getByLabel('Postleitzahl').fill('123');
    await page.getByRole('checkbox', { name: 'Photovoltaik' }).uncheck();
    await page.getByRole('checkbox', { name: 'Stromspeicher' }).uncheck();
    await page.getByRole('button', { name: 'Kontaktdaten speichern' }).click();
    await expect(page).toHaveTitle(/^Fehler: /);
    await expect(page.getByLabel('Postleitzahl')).toHaveValue('123');
    await expect(page.getByLabel('Postleitzahl')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Bitte wähle mindestens ein Thema aus.').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click();
    await fillContactDetails(page);
    await expect(page.getByRole('status')).toContainText('Deine Kontaktdaten sind gespeichert');
    const journey = async () => (await sql('SELECT m.journey_status FROM user_meta m JOIN users u ON u.user_id = m.user_id WHERE u.email = $1', [email])).rows[0]?.journey_status;
    expect(await journey()).toBe('CONTACT_DETAILS_COMPLETED');

    // The tour offers itself; its dialog's code comes on the first press (the dashboard's initial JS stays small).
    await expect(page.getByRole('heading', { name: 'Kurzer Rundgang gefällig?' })).toBeVisible();
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const weight = await pageWeight(E2E.portal, '/home/lead', { cookie });
    console.info(`lead dashboard with the tour: initial JS ${weight.initialJsGzipBytes} B gzip, on demand ${weight.onDemandJsGzipBytes} B`);
    expect(weight.initialJsGzipBytes).toBeLessThanOrEqual(20 * 1024);
    expect(weight.onDemandJsGzipBytes).toBeGreaterThan(0);
    // By keyboard alone through its three steps.
    await expectNoAxeViolations(page);
    const start = page.getByRole('link', { name: 'Rundgang starten' });
    await expect(page.locator('[data-tour-root][data-tour-ready]')).toHaveCount(1);
    await start.focus();
    await page.keyboard.press('Enter');
    const first = page.getByRole('dialog', { name: 'Deine Ansprechperson' });
    await expect(first).toBeVisible();
    await expect(first.getByRole('heading', { name: 'Deine Ansprechperson' })).toBeFocused();
    await expectNoAxeViolations(page);
    await expect.poll(journey).toBe('LEAD_PHASE_TOUR_STARTED');
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }
    await first.getByRole('button', { name: 'Weiter' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Themen für Dich' }).getByRole('heading')).toBeFocused();
    await expect.poll(journey).toBe('LEAD_PHASE_TOUR_SLIDE_1');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: 'Deine Kontaktdaten' })).toBeVisible();
    await expect.poll(journey).toBe('LEAD_PHASE_TOUR_SLIDE_2');
    await page.getByRole('dialog').getByRole('button', { name: 'Fertig' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(start).toBeFocused();
    await expect.poll(journey).toBe('LEAD_PHASE_TOUR_SLIDE_3');

    // Taken again, the tour never moves the status back; the tour pages work without the dialog too.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.goto('/home/lead/tour');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: "Los geht's" }).click();
    await expect(page).toHaveURL(/\/home\/lead\/tour\?step=1$/);
    expect(await journey()).toBe('LEAD_PHASE_TOUR_SLIDE_3');
  });

  test('Abschluss im Vertrieb: die nächste Anmeldung macht aus dem Lead einen Kunden', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const { email, phone } = await leadSignedIn(page, browser);
    await fillContactDetails(page);
    const { rows } = await sql('SELECT sales_lead_id FROM funnel_lead WHERE phone_number = $1', [e164(phone)]);
    const salesLeadId = String(rows[0]?.sales_lead_id);

    // The tester plays sales: "Abschluss: wird Kunde" on the sales service's page.
    const sales = await browser.newPage();
    await sales.goto(`${E2E.sandbox}/sales/`);
    const row = sales.locator(`#lead-${salesLeadId}`);
    await row.getByLabel('Kundennummer').fill('781777');
    await row.getByRole('button', { name: 'Abschluss: wird Kunde' }).click();
    // The sale created the project at the management service with the lead's data.
    const status = sales.getByRole('status');
    await expect(status).toContainText(new RegExp(`^${salesLeadId} ist Kunde 781777, Projekt \\d+; das Portal hat es bestätigt\\.$`));
    const projectId = /Projekt (\d+)/.exec((await status.textContent()) ?? '')?.[1] ?? '';
    await sales.close();

    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Dein Auftrag ist da' })).toBeVisible();
    await page.getByRole('button', { name: 'Abmelden' }).first().click();
    await expect(page).toHaveURL(/\/\?loggedOut=1$/);

    // The next sign-in (the customers' login, with the e-mail code): a customer now, straight to the dashboard tour of
    // the onboarding (the address is confirmed by the code, the contact details are the base data).
    await page.goto('/home/dashboard');
    await page.getByRole('link', { name: 'Ohne Passwort anmelden: Code per E-Mail' }).click();
    await page.getByLabel('E-Mail-Adresse').fill(email);
    const since = new Date();
    await page.getByRole('button', { name: 'Code senden' }).click();
    const code = /Dein Code: (\d{6})/.exec((await waitForMail(E2E.sandbox, email, since)).text)?.[1] ?? '';
    await page.getByLabel('Code aus der E-Mail').fill(code);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/onboarding\/tour\?returnTo=%2Fhome%2Fdashboard$/);
    await page.getByRole('button', { name: 'Rundgang überspringen' }).click();
    await expect(page).toHaveURL(/\/home\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Lena');
    await expect(page.getByText('781777')).toBeVisible();
    // The customer area with their project, as promised: the sold project is theirs, with its first step.
    await expect(page.getByRole('region', { name: 'Als Nächstes' }).getByRole('link', { name: 'Auftrag bestätigen' })).toBeVisible();
    await page.goto('/home/app/my-project');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Dein Projekt ${projectId}`);
    await page.goto('/home/lead');
    await expect(page).toHaveURL(/\/home\/dashboard$/);
  });
});
