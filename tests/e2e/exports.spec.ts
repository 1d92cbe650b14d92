import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { customers, signIn } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';

const EXPORTS = '/home/app/exports';
const project = (page: Page) => page.getByRole('region', { name: /^Projekt 100240:/ });

async function downloadOf(page: Page, name: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), project(page).getByRole('link', { name }).click()]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path()) ?? '') };
}

/** Tokens an earlier, broken run left behind: revoked, so the limit of five never gets in the way. */
async function revokeAll(page: Page) {
  const buttons = page.getByRole('button', { name: /^Zugangsschlüssel „.*“ widerrufen$/ });
  while ((await buttons.count()) > 0) {
    await buttons.first().click();
    await expect(page.getByText('Der Zugangsschlüssel ist widerrufen')).toBeVisible();
  }
}

test.describe('Export', () => {
  test('Jonas lädt Messwerte, Dokumente mit Fotos und den Anlagenpass mit je einem Klick herunter', async ({ page }) => {
    await signIn(page, customers.jonas);
    // Monitoring and the documents lead here too.
    await page.goto('/home/app/monitoring');
    await expect(page.getByRole('link', { name: 'Alle Messwerte seit der Inbetriebnahme in voller Auflösung exportieren' })).toHaveAttribute('href', EXPORTS);
    await page.goto('/home/app/files/documents');
    await expect(page.getByRole('link', { name: 'Alle Dokumente und Fotos auf einmal als ZIP herunterladen' })).toHaveAttribute('href', EXPORTS);
    await page.goto('/home/app/settings');
    await page.getByRole('link', { name: /Messwerte, Dokumente, Fotos und Anlagenpass/ }).click();
    await expect(page).toHaveURL(new RegExp(`${EXPORTS}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Deine Daten exportieren' })).toBeVisible();
    await expect(project(page).getByText(/Der Download startet sofort im Hintergrund/)).toBeVisible();
    await expectNoAxeViolations(page);

    const csv = await downloadOf(page, 'Messwerte herunterladen (CSV)');
    expect(csv.name).toMatch(/^verlauf-100240-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.bytes.toString('utf8').split('\r\n');
    expect(lines[0]).toMatch(/^\uFEFFZeitpunkt;.*;Status$/);
    // Every quarter hour since commissioning (about two years): tens of thousands of rows.
    expect(lines.length).toBeGreaterThan(50_000);
    await expect(page.getByRole('status').filter({ hasText: 'Dein Download „Messwerte (CSV)“ hat begonnen' })).toBeVisible();

    const zip = await downloadOf(page, 'Dokumente und Fotos herunterladen (ZIP)');
    expect(zip.name).toMatch(/^dokumente-fotos-100240-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(zip.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zip.bytes.includes(Buffer.from('LIESMICH.txt'))).toBe(true);
    expect(zip.bytes.includes(Buffer.from('Fotos/'))).toBe(true);

    const pdf = await downloadOf(page, 'Anlagenpass als PDF');
    expect(pdf.name).toBe('anlagenpass-100240.pdf');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const json = await downloadOf(page, 'Anlagenpass als JSON');
    expect(json.name).toBe('anlagenpass-100240.json');
    expect(JSON.parse(json.bytes.toString('utf8'))).toMatchObject({ project: { id: 100240 }, gridOperator: { name: 'Netz Leipzig GmbH' } });
  });

  test('Jonas erstellt einen API-Zugangsschlüssel, sieht ihn genau einmal, nutzt ihn und widerruft ihn per Tastatur', async ({ page }) => {
    await signIn(page, customers.jonas);
    await page.goto(EXPORTS);
    await revokeAll(page);

    // A missing name is refused at the field; what was typed stays.
    await page.getByRole('button', { name: 'Zugangsschlüssel erstellen' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#exports-token-name-error')).toHaveText('Bitte gib dem Zugangsschlüssel einen Namen.');

    await page.getByLabel('Name', { exact: true }).fill('Home Assistant');
    await page.getByLabel('Name', { exact: true }).press('Enter');
    await expect(page.getByText('Dein neuer Zugangsschlüssel „Home Assistant“:')).toBeVisible();
    const secret = (await page.locator('[data-token-secret]').textContent()) ?? '';
    expect(secret).toMatch(/^kpx_[A-Za-z0-9_-]{43}$/);
    await expectNoAxeViolations(page);

    const api = (token: string) => fetch(`${E2E.portal}/api/v2/app/export-api/projects/100240/anlagenpass.json`, { headers: { authorization: `Bearer ${token}` } });
    const answer = await api(secret);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ project: { id: 100240 } });

    // Shown once: the next view lists the token by name, never its secret.
    await page.reload();
    await expect(page.locator('[data-token-secret]')).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);
    await expect(page.getByText(/Zuletzt benutzt am/)).toBeVisible();

    const revoke = page.getByRole('button', { name: 'Zugangsschlüssel „Home Assistant“ widerrufen' });
    await revoke.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Der Zugangsschlüssel ist widerrufen und funktioniert nicht mehr.')).toBeVisible();
    await expect(page.getByText('Du hast noch keinen Zugangsschlüssel.')).toBeVisible();
    expect((await api(secret)).status).toBe(401);
  });
});
