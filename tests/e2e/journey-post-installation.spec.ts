import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { customers, signIn } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { linkDemoProject, resetJourneyState } from './support/stack.ts';

const ANNA = 'kp|anna-schmidt';

/** A Berlin day `days` from today: `YYYY-MM-DD` for date fields, `DD.MM.YYYY` as the page writes it. */
function berlinDay(days = 0) {
  const iso = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date(Date.now() + days * 86_400_000));
  return { iso, german: iso.split('-').reverse().join('.') };
}

test.beforeEach(async () => {
  await resetJourneyState();
});

/** The customer's page after the back office's change: the stand-in's event ends the portal's kept answer. */
async function expectCurrent(page: Page, section: Locator, texts: (string | RegExp)[]) {
  await expect(async () => {
    await page.reload();
    const current = section.locator('[aria-current="step"]');
    for (const text of texts) await expect(current).toContainText(text, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

test.describe('Nach der Inbetriebnahme', () => {
  test('ein Tester schaltet 100247 bis zur ersten Einspeisevergütung; der Kunde sieht jeden Schritt mit Wartendem, Dauer und Frist', async ({ page, browser }) => {
    // Eight steps, each waited for on the customer's page.
    test.setTimeout(180_000);
    await linkDemoProject(100247, ANNA);
    await signIn(page, customers.anna);
    await page.goto('/home/app/my-project');
    const after = page.getByRole('region', { name: 'Nach der Inbetriebnahme' });
    // The demo: the completion notice went out nine days ago, since then the grid operator is at work.
    await expect(after.getByRole('listitem').filter({ hasText: 'Fertigmeldung gesendet' })).toContainText('Erledigt am');
    await expectCurrent(page, after, ['Netzbetreiber hat bestätigt', `Wartet auf den Netzbetreiber – seit ${berlinDay(-9).german} (9 Tage)`, 'Grundlage: MsbG § 3 Abs. 3a', 'Zuständig: Messstellenbetreiber']);
    await expect(after.getByRole('listitem').filter({ hasText: 'Im Marktstammdatenregister registriert' })).toContainText('Grundlage: MaStRV § 5 Abs. 1');
    await expectNoAxeViolations(page);

    // A context of its own (axe needs one), as the tester's browser is not the customer's.
    const testerContext = await browser.newContext();
    const tester = await testerContext.newPage();
    await tester.goto(`${E2E.sandbox}/management/`);
    const card = tester.locator('#projekt-100247');
    await expect(card.getByRole('list', { name: 'Schritte nach der Inbetriebnahme' })).toContainText('Netzbetreiber hat bestätigt: aktiv (wartet auf Netzbetreiber');
    await expectNoAxeViolations(tester);
    const done = async (step: string, fill: Record<string, string> = {}) => {
      for (const [label, value] of Object.entries(fill)) await card.getByLabel(label).fill(value);
      await card.getByRole('button', { name: `„${step}“ erledigt` }).click();
      await expect(tester.getByText(`Projekt 100247: Schritt nach der Inbetriebnahme erledigt`)).toBeVisible();
    };

    // A day in the future is refused by the field itself (the stand-in refuses it too, see its unit test).
    const day = card.getByLabel('Erledigt am (leer: heute)');
    await day.fill(berlinDay(1).iso);
    expect(await day.evaluate((field: HTMLInputElement) => field.validity.rangeOverflow)).toBe(true);

    await done('Netzbetreiber hat bestätigt', { 'Erledigt am (leer: heute)': berlinDay(-2).iso });
    await expectCurrent(page, after, ['Zählertermin steht', `Wartet auf den Messstellenbetreiber – seit ${berlinDay(-2).german} (2 Tage)`, 'Grundlage: MsbG § 3 Abs. 3a']);

    await done('Zählertermin', { 'Zählertermin am': berlinDay(10).iso });
    await expectCurrent(page, after, ['Zähler gesetzt', 'Wartet auf den Messstellenbetreiber – seit heute', 'Geplant am']);

    await done('Zähler gesetzt');
    await expectCurrent(page, after, ['Smart Meter und Steuerbox eingebaut', 'Wartet auf den Messstellenbetreiber', 'Grundlage: MsbG § 3 Abs. 3a']);

    await done('Smart Meter und Steuerbox');
    await expectCurrent(page, after, ['60-%-Grenze aufgehoben', 'Wir sind dran', 'Unsere eigene Zusage, keine gesetzliche Frist']);

    await done('60-%-Grenze aufgehoben');
    await expectCurrent(page, after, ['Im Marktstammdatenregister registriert', 'Wartet auf Dich', 'Zuständig: Du', 'Grundlage: MaStRV § 5 Abs. 1']);
    await expectNoAxeViolations(page);

    // The register checks the entry: the tester says so.
    await card.getByLabel('Schritt nach der Inbetriebnahme wartet auf').selectOption({ label: 'Bundesnetzagentur (MaStR)' });
    await card.getByRole('button', { name: 'Speichern' }).last().click();
    await expectCurrent(page, after, ['Wartet auf die Bundesnetzagentur (Marktstammdatenregister)']);

    await done('Im MaStR registriert');
    await expectCurrent(page, after, ['Erste Einspeisevergütung gezahlt', 'Wartet auf den Netzbetreiber', 'Grundlage: EEG 2023 § 26 Abs. 1']);

    await done('Erste Einspeisevergütung');
    await expect(card.getByText('Alles erledigt: Die erste Einspeisevergütung ist gezahlt.')).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(after.locator('[aria-current="step"]')).toHaveCount(0, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(after.getByRole('listitem').filter({ hasText: 'Erste Einspeisevergütung gezahlt' })).toContainText('Erledigt am');
    await testerContext.close();

    // English: the same section.
    await page.context().addCookies([{ name: 'kundenportal.lang', value: 'en', url: E2E.portal }]);
    await page.goto('/home/app/my-project');
    const english = page.getByRole('region', { name: 'After commissioning' });
    await expect(english.getByRole('listitem').filter({ hasText: 'First feed-in payment received' })).toContainText('Done on');
    await expect(english.getByRole('listitem').filter({ hasText: 'Registered in the Marktstammdatenregister' })).toContainText('Done on');
    await expectNoAxeViolations(page);
  });
});
