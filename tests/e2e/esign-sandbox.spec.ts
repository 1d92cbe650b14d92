import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { E2E } from '~/playwright.config.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { drawSignature, signWithKeyboard } from './support/esign.ts';

/** The e-signature stand-in's signing page in a real browser (the portal's signing flow builds on it). */
const API = `${E2E.sandbox}/esign/restapi/v2.1/accounts/kundenportal`;
const headers = { authorization: 'Bearer local-development-esign-token', 'content-type': 'application/json' };
const signer = { recipientId: '1', name: 'Anna Schmidt', email: 'anna.schmidt@example.de', clientUserId: 'kp|anna-e2e' };
// A public page, so the browser stays where the provider sent it (no sign-in redirect in between).
const returnUrl = `${E2E.portal}/privacy-policy?from=esign`;

async function signingUrl(): Promise<{ id: string; url: string }> {
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText('Vollmacht Netzbetreiber (Test)');
  const created = await fetch(`${API}/envelopes`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      emailSubject: 'Vollmacht Netzbetreiber',
      documents: [{ documentId: '1', name: 'Vollmacht Netzbetreiber', documentBase64: Buffer.from(await pdf.save()).toString('base64') }],
      recipients: { signers: [signer] },
      status: 'sent',
    }),
  });
  expect(created.status).toBe(201);
  const { envelopeId } = (await created.json()) as { envelopeId: string };
  const view = await fetch(`${API}/envelopes/${envelopeId}/views/recipient`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ returnUrl, clientUserId: signer.clientUserId, userName: signer.name, email: signer.email, authenticationMethod: 'none' }),
  });
  return { id: envelopeId, url: ((await view.json()) as { url: string }).url };
}
const statusOf = async (id: string) => ((await (await fetch(`${API}/envelopes/${id}`, { headers })).json()) as { status: string }).status;

test.describe('E-Signatur (Sandbox)', () => {
  test('keyboard only: name, "typed name counts", consent, sign; back to the portal with signing_complete', async ({ page }) => {
    const { id, url } = await signingUrl();
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dokument unterschreiben');
    await expectNoAxeViolations(page);

    // Sending without the required inputs explains each in German, with focusable fields left to fix.
    await page.getByLabel('Vor- und Nachname').fill('');
    await page.getByRole('button', { name: 'Unterschreiben', exact: true }).press('Enter');
    await expect(page.getByRole('alert')).toContainText('Bitte gib Deinen Vor- und Nachnamen ein.');

    await page.getByLabel('Vor- und Nachname').focus();
    await page.keyboard.type('Anna Schmidt');
    await signWithKeyboard(page);
    await expect(page).toHaveURL(/from=esign&event=signing_complete/);
    expect(await statusOf(id)).toBe('completed');
  });

  test('a drawn signature with the mouse is taken', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const { id, url } = await signingUrl();
    await page.goto(url);
    await expect(page.getByRole('img', { name: 'Unterschriftenfeld' })).toBeVisible();
    await drawSignature(page);
    await page.getByRole('checkbox', { name: /gelesen und unterschreibe/ }).check();
    await page.getByRole('button', { name: 'Unterschreiben', exact: true }).click();
    await expect(page).toHaveURL(/event=signing_complete/);
    expect(await statusOf(id)).toBe('completed');
    expect(errors).toEqual([]);
  });
});
