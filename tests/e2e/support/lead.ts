import { randomInt } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { waitForMail } from '~/tests/support/mailbox.ts';
import { expectNoAxeViolations } from './axe.ts';

/** The lead funnel in the browser (docs/funnel.md): the visitor's details, the SMS code, and the lead's sign-in. */

/** A fresh mobile number in a block of its own (the limits count per number and per block). */
export const mobile = () => `0171 ${randomInt(1_000_000, 9_999_999)}`;
export const e164 = (national: string) => `+49${national.replace(/\D/g, '').slice(1)}`;

/** The tester's way: the SMS inbox page of the sandbox, filtered by the number; the code is marked there. */
export async function codeFromSmsInbox(browser: Browser, phone: string): Promise<string> {
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

export async function fillDetails(page: Page, phone: string, options: { firstName?: string; email?: string } = {}) {
  await page.getByLabel('Vorname').fill(options.firstName ?? 'Lena');
  await page.getByLabel('Nachname').fill('Krüger');
  await page.getByLabel('E-Mail-Adresse').fill(options.email ?? `lena.${randomInt(1e6)}@example.de`);
  await page.getByRole('textbox', { name: 'Handynummer' }).fill(phone);
  await page.getByRole('checkbox', { name: 'Photovoltaik' }).check();
  await page.getByRole('checkbox', { name: 'Stromspeicher' }).check();
  await page.getByRole('checkbox', { name: /darf mich zu dieser Anfrage/ }).check();
}

/** From "fertig" into the lead's own area, and from there to a customer once the sale closed (docs/funnel.md). */
export const leadEmail = () => `lena.lead.${randomInt(1e9)}@example.de`;

/**
 * The funnel up to "fertig", then "Zu Deinem Bereich": the lead login sends the address to the identity provider,
 * which asks for the e-mail code at once (a lead has no password); the code comes from the sandbox mailbox.
 */
export async function leadSignedIn(page: Page, browser: Browser): Promise<{ email: string; phone: string }> {
  const phone = mobile();
  const email = leadEmail();
  await page.goto('/angebot?quelle=google-speicher');
  await fillDetails(page, phone, { email });
  await page.getByRole('button', { name: 'Code per SMS anfordern' }).click();
  await page.getByLabel('Code aus der SMS').fill(await codeFromSmsInbox(browser, phone));
  await page.getByRole('button', { name: 'Code bestätigen' }).click();
  await expect(page).toHaveURL(/\/angebot\/fertig$/);
  await page.getByRole('link', { name: 'Zu Deinem Bereich' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mit Code anmelden' })).toBeVisible();
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);
  await expectNoAxeViolations(page);
  const since = new Date();
  await page.getByRole('button', { name: 'Code senden' }).click();
  const code = /Dein Code: (\d{6})/.exec((await waitForMail(E2E.sandbox, email, since)).text)?.[1] ?? '';
  await page.getByLabel('Code aus der E-Mail').fill(code);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/home\/lead$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hallo Lena!' })).toBeVisible();
  return { email, phone };
}

