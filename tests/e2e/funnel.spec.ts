import { randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { sql } from './support/stack.ts';

/** Issue 18: the lead funnel from the ad's landing page to a verified lead, with the SMS code from the sandbox's inbox. */
async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A fresh mobile number in a block of its own (the limits count per number and per block). */
const mobile = () => `0171 ${randomInt(1_000_000, 9_999_999)}`;
const e164 = (national: string) => `+49${national.replace(/\D/g, '').slice(1)}`;

/** The tester's way: the SMS inbox page of the sandbox, filtered by the number; the code is marked there. */
async function codeFromSmsInbox(browser: Browser, phone: string): Promise<string> {
  const inbox = await browser.newPage();
  try {
    await inbox.goto(`${E2E.sandbox}/sms/?nummer=${encodeURIComponent(e164(phone))}`);
    await expect(inbox.getByRole('heading', { name: 'SMS-Postfach' })).toBeVisible();
    const code = (await inbox.locator('.code').first().textContent()) ?? '';
    expect(code).toMatch(/^\d{6}$/);
    return code;
  } finally {
    await inbox.close();
  }
}

async function fillDetails(page: Page, phone: string, options: { firstName?: string } = {}) {
  await page.getByLabel('Vorname').fill(options.firstName ?? 'Lena');
  await page.getByLabel('Nachname').fill('Krüger');
  await page.getByLabel('E-Mail-Adresse').fill(`lena.${randomInt(1e6)}@example.de`);
  await page.getByRole('textbox', { name: 'Handynummer' }).fill(phone);
  await page.getByRole('checkbox', { name: 'Photovoltaik' }).check();
  await page.getByRole('checkbox', { name: 'Stromspeicher' }).check();
  await page.getByRole('checkbox', { name: /darf mich zu dieser Anfrage/ }).check();
}

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
      await expect(page.getByText(left === 1 ? 'Der Code stimmt nicht. Du hast noch einen Versuch.' : `Der Code stimmt nicht. Du hast noch ${left} Versuche.`)).toBeVisible();
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

    await expect(page).toHaveURL(/\/angebot\?quelle=partner-mueller&fehler=FUNNEL\.INVALID$/);
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
