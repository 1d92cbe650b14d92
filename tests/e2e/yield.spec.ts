import { expect, test } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { waitForMail } from '../support/mailbox.ts';
import { testData, type TestData } from '../support/test-data.ts';
import { signInAtIdentityProvider } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';

/** A clear June day of the simulated world: enough sun for a verdict (docs/monitoring.md "The alert rule"). */
const SUNNY_DAY = '2026-06-18';

let data: TestData;
test.beforeEach(() => {
  data = testData(E2E.sandbox);
});
test.afterEach(() => data.cleanup());

test.describe('Soll und Ist', () => {
  test('eine Testerin lässt einen sonnigen Tag schwach ausfallen: Alarm, Mail, Servicefall mit Zeit bis zur ersten Antwort', async ({ page }) => {
    test.setTimeout(120_000);
    const customer = await data.customer({ givenName: 'Erika' });
    const project = await data.project({ phase: 'COMPLETED', step: 'IN_OPERATION', portalUserIds: [customer.sub] });
    const { siteId } = await data.installation(project.id, { commissionedAt: '2026-03-02T10:00:00+01:00' });
    // The customer has an account in the portal (the job mails the portal's customers).
    await page.goto('/home/dashboard');
    await signInAtIdentityProvider(page, customer.email, customer.password);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Erika');

    // The IoT cloud's tester page: the roof delivers half on a sunny day.
    await page.goto(`${E2E.sandbox}/iot/`);
    const site = page.locator(`#anlage-${siteId}`);
    await expect(site.getByRole('table')).toContainText('genug Sonne');
    await expectNoAxeViolations(page);
    await site.getByLabel('Tag', { exact: true }).fill(SUNNY_DAY);
    await site.getByLabel('Leistung an dem Tag (%)').fill('50');
    await site.getByRole('button', { name: 'Tag schwächer machen' }).click();
    await expect(page.getByRole('status')).toContainText(`Am ${SUNNY_DAY} liefert die Anlage 50 %`);
    // And its gateway sent nothing from 10:00 to 12:00 that day (the buffer never arrived).
    await fetch(`${E2E.sandbox}/iot/_control/sites/${siteId}/outage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: `${SUNNY_DAY}T10:00:00+02:00`, until: `${SUNNY_DAY}T12:00:00+02:00` }),
    });

    // The scheduler starts the check for that day.
    await page.goto(`${E2E.sandbox}/scheduler/`);
    const since = new Date();
    await page.getByRole('combobox', { name: 'Job' }).selectOption('yield-check');
    await page.getByLabel('Daten (JSON)').fill(`{"date": "${SUNNY_DAY}"}`);
    await page.getByRole('button', { name: 'Mit Daten starten' }).click();
    await expect(page.getByRole('status')).toContainText('ist eingereiht');

    const mail = await waitForMail(E2E.sandbox, customer.email, since, 30_000);
    expect(mail.subject).toBe('Deine Anlage hat am Donnerstag, 18. Juni 2026 weniger erzeugt als erwartet');
    const thread = /\/home\/app\/messages\/(T-\d+)/.exec(mail.text)?.[1] ?? '';
    expect(thread).not.toBe('');

    // The monitoring view: the target beside the actual, the short day named, the gap kept as a gap.
    await page.goto(`/home/app/monitoring?installation=${siteId}&period=week&date=${SUNNY_DAY}`);
    const card = page.getByRole('region', { name: 'Soll und Ist' });
    await expect(card.getByRole('row', { name: /18\. Juni/ })).toContainText('mehr als 20 % unter Soll');
    await expect(page.getByRole('columnheader', { name: 'Soll nach Wetter (kWh)' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/home/app/monitoring?installation=${siteId}&period=day&date=${SUNNY_DAY}`);
    await expect(page.getByText('Von 10:00 bis 12:00 Uhr hat Deine Anlage keine Daten geschickt.', { exact: false })).toBeVisible();
    await page.locator('summary', { hasText: 'Daten als Tabelle' }).click();
    await expect(page.getByRole('row', { name: /^11:00/ })).toContainText('keine Daten');
    await expectNoAxeViolations(page);

    // The bell leads to the case; Messages shows how long the answer takes.
    await expect(page.getByText('Weniger Ertrag als erwartet').first()).toBeAttached();
    await page.goto(`/home/app/messages/${thread}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ertrag unter Soll');
    await expect(page.getByText(/Noch keine Antwort – Du wartest seit/)).toBeVisible();

    // The task service's tester page answers the case.
    await page.goto(`${E2E.sandbox}/tasks/`);
    const task = page.locator(`#aufgabe-${thread}`);
    await expect(task).toContainText('Servicefall, vom Kundenportal eröffnet');
    await task.getByLabel('Text').fill('Wir haben uns die Daten angesehen und melden uns wegen eines Termins.');
    await task.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByRole('status')).toContainText('gespeichert');

    await page.goto(`/home/app/messages/${thread}`);
    await expect(page.getByText(/^Erste Antwort nach \d+ Min\.$/)).toBeVisible();
    await expect(page.getByText('Wir haben uns die Daten angesehen')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
