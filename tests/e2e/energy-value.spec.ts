import { expect, test } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { customers, signIn } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';

/**
 * The "Geld" page (docs/energy-value.md) with the demo data of `npm start`: Jonas' roof in Leipzig has two fixed
 * tariffs, an investment, a smart meter since 2025 and no control box yet, so the Solarspitzen rules apply.
 */
const IOT_KEY = 'local-development-iot-key';

test.beforeAll(async () => {
  // The simulator computes an installation's history on first use; warm it before the short e2e timeout applies.
  const day = new Date().toISOString().slice(0, 10);
  await fetch(`${E2E.sandbox}/iot/api/v2/sites/SITE-7F3A2C/power?date=${day}`, { headers: { 'x-api-key': IOT_KEY } });
});

test.describe('Geld', () => {
  test('Jonas sieht seine Ersparnis und das Amortisationsdatum und öffnet „Wie berechnet?“', async ({ page }) => {
    await signIn(page, customers.jonas);
    await page.goto('/home/app/monitoring');
    await page.getByRole('link', { name: /Zum Geld-Überblick/ }).click();
    await expect(page).toHaveURL(/\/home\/app\/geld\?installation=SITE-7F3A2C/);
    await expect(page.getByRole('heading', { level: 1, name: 'Geld' })).toBeVisible();

    const savings = page.locator('[data-figure="savings"]');
    await expect(savings.locator('.ev-figure__value')).toHaveText(/^−?\d{1,3}(\.\d{3})*,\d{2} €$/);
    await expect(savings.getByText(/^Stand: /)).toBeVisible();
    await expect(page.locator('[data-figure="amortisation"] .ev-figure__value')).toHaveText(/^Voraussichtlich am \d{2}\.\d{2}\.\d{4} \(Hochrechnung\)$/);
    await expect(page.locator('[data-figure="effectivePrice"] .ev-figure__value')).toHaveText(/^\d+,\d{2} ct\/kWh$/);

    const explanation = savings.locator('details');
    await expect(explanation.getByText('Eingangswerte')).toBeHidden();
    await savings.getByText('Wie berechnet?').click();
    await expect(explanation.getByText(/\(Verbrauch − Netzbezug\) × Strompreis \+ Einspeisung × Einspeisevergütung/)).toBeVisible();
    // Each tariff with the days it priced.
    await expect(explanation.getByRole('row', { name: /Strompreis.*35,2 ct\/kWh.*gültig 01\.01\.2025 bis 31\.12\.2025/ })).toBeVisible();
    await expect(explanation.getByRole('row', { name: /Strompreis.*32,9 ct\/kWh.*gültig ab 01\.01\.2026/ })).toBeVisible();
    await expect(explanation.getByText(/^\d{2}\.\d{2}\.2025 bis \d{2}\.\d{2}\.2026: \d+ Tage/)).toBeVisible();

    // The period switch keeps the figures, with the prices of that month.
    await page.getByRole('navigation', { name: 'Zeitraum' }).getByRole('link', { name: 'Monat' }).click();
    await expect(page).toHaveURL(/period=month/);
    await expect(page.locator('[data-figure="savings"] .ev-figure__value')).toHaveText(/,\d{2} €$/);
    await expectNoAxeViolations(page);
  });

  test('ein überlappender Tarif und ein negativer Preis werden am Feld erklärt, nichts Getipptes geht verloren', async ({ page }) => {
    await signIn(page, customers.jonas);
    await page.goto('/home/app/geld');
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Tarif speichern' }) });
    await form.getByLabel('Gültig ab').fill('2026-03-01');
    await form.getByLabel(/^Arbeitspreis brutto/).fill('-30,5');
    await form.getByRole('button', { name: 'Tarif speichern' }).click();
    const summary = page.locator('#tariff-errors');
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('Bitte prüfe die markierten Felder.');
    await expect(page.locator('#tariff-price-error')).toHaveText('Bitte keinen negativen Wert angeben.');
    await expect(form.getByLabel(/^Arbeitspreis brutto/)).toHaveValue('-30,5');
    await expect(form.getByLabel('Gültig ab')).toHaveValue('2026-03-01');

    // The price fixed, the dates still overlap the open tariff from 01.01.2026.
    await form.getByLabel(/^Arbeitspreis brutto/).fill('30,5');
    await form.getByRole('button', { name: 'Tarif speichern' }).click();
    await expect(page.locator('#tariff-from-error')).toHaveText(/Überschneidet sich mit einem eingetragenen Tarif/);
    await expect(form.getByLabel(/^Arbeitspreis brutto/)).toHaveValue('30,5');
    await expectNoAxeViolations(page);
  });

  test('Jonas sieht einen Tag mit negativen Preisen und die nicht vergütete Einspeisung', async ({ page }) => {
    await signIn(page, customers.jonas);
    await page.goto('/home/app/geld');
    const section = page.locator('#solarspitzen');
    await expect(section.getByRole('heading', { name: /Solarspitzen/ })).toBeVisible();
    await expect(section.getByText('Keine Vergütung bei negativen Preisen gilt für Deine Anlage seit dem 01.01.2026.')).toBeVisible();
    await expect(section.getByText(/höchstens 5,88 kW einspeisen/)).toBeVisible();
    await expect(section.getByText('Eine Steuerbox wird angeschlossen und vom Netzbetreiber geprüft.')).toBeVisible();
    // A day of the month shown whose negative quarter hours took pay for fed-in energy.
    const rows = section.locator('#solarspitzen-days tbody tr');
    const unpaid = rows.filter({ hasNotText: /\s0 kWh/ }).filter({ hasText: /[1-9]\d*,\d{2} €|0,[0-9][1-9] €|0,[1-9]\d €/ });
    await expect(unpaid.first()).toBeVisible();
    await expect(section.locator('[data-figure="unpaidFeedIn"] .ev-figure__value')).toHaveText(/,\d{2} €$/);
    await section.locator('[data-figure="unpaidFeedIn"]').getByText('Wie berechnet?').click();
    await expect(section.locator('[data-figure="unpaidFeedIn"]').getByText(/Einspeisung in Viertelstunden mit negativem Day-Ahead-Preis/)).toBeVisible();
  });
});
