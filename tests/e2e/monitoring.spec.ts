import { expect, test } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { testData } from '../support/test-data.ts';
import { customers, signIn, signInAtIdentityProvider } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { resetLinkingState } from './support/stack.ts';

const IOT_KEY = 'local-development-iot-key';

test.beforeAll(async () => {
  await resetLinkingState();
  // The simulator computes an installation's history on first use; warm it before the short e2e timeout applies.
  const day = new Date().toISOString().slice(0, 10);
  for (const site of ['SITE-7F3A2C', 'SITE-2B91D4']) {
    await fetch(`${E2E.sandbox}/iot/api/v2/sites/${site}/power?date=${day}`, { headers: { 'x-api-key': IOT_KEY } });
  }
});
test.afterEach(async () => {
  await fetch(`${E2E.sandbox}/iot/_control/faults`, { method: 'DELETE' });
});

const periods = [
  ['day', 'Tag'],
  ['week', 'Woche'],
  ['month', 'Monat'],
  ['year', 'Jahr'],
  ['total', 'Gesamt'],
] as const;

test.describe('Monitoring', () => {
  test('Jonas sieht für jeden Zeitraum Daten; Zeitraum bleibt nach Reload und Navigation erhalten', async ({ page }) => {
    await signIn(page, customers.jonas);
    // Yesterday in Berlin: just after midnight today has no energy yet, and its day rightly says so.
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(Date.now() - 86_400_000);
    await page.goto(`/home/app/monitoring?date=${yesterday}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Monitoring' })).toBeVisible();
    await expect(page.getByText(/Stand: /).first()).toBeVisible();

    for (const [period, label] of periods) {
      await page.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`period=${period}`));
      await expect(page.getByText('Autarkiegrad').first()).toBeVisible();
      // The chart's numbers as a table (text alternative); for a day folded under "Daten als Tabelle".
      const summary = page.locator('summary', { hasText: 'Daten als Tabelle' });
      if ((await summary.count()) > 0) await summary.click();
      await expect(page.getByRole('table').first()).toBeVisible();
      await expect(page.getByText('Für diesen Zeitraum gibt es keine Daten.')).toHaveCount(0);
    }

    await page.getByRole('link', { name: 'Monat', exact: true }).click();
    const monthUrl = page.url();
    await page.reload();
    expect(page.url()).toBe(monthUrl);
    await expect(page.getByRole('link', { name: 'Monat', exact: true })).toHaveAttribute('aria-current', /page|true/);

    await page.getByRole('link', { name: /Vorheriger|Zurück|vorher/i }).first().click();
    await expect(page).toHaveURL(/period=month/);
    expect(page.url()).not.toBe(monthUrl);
  });

  test('nach Zeitraum-Reiter, Vor/Zurück und „Anzeigen“ liegt der Tastaturfokus auf der Zeitraum-Überschrift', async ({ page }) => {
    await signIn(page, customers.jonas);
    await page.goto('/home/app/monitoring?installation=SITE-7F3A2C&period=month&date=2026-06-15');
    const heading = page.locator('#period-title');
    await expect(heading).toHaveAttribute('tabindex', '-1');
    // Every period link leads to the heading.
    for (const link of await page.getByRole('navigation', { name: 'Zeitraum', exact: true }).getByRole('link').all()) {
      await expect(link).toHaveAttribute('href', /#period-title$/);
    }
    for (const link of await page.getByRole('navigation', { name: 'Blättern', exact: true }).getByRole('link').all()) {
      await expect(link).toHaveAttribute('href', /#period-title$/);
    }

    await page.getByRole('link', { name: 'Woche', exact: true }).click();
    await expect(page).toHaveURL(/period=week.*#period-title$/);
    await expect(heading).toBeFocused();
    // Focus really is there: the next Tab goes on from the heading, not from the top of the page.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Vorherige Woche' })).toBeFocused();

    await page.getByRole('link', { name: 'Vorherige Woche' }).click();
    await expect(page).toHaveURL(/date=2026-06-08.*#period-title$/);
    await expect(heading).toBeFocused();

    await page.getByRole('link', { name: 'Nächste Woche' }).click();
    await expect(page).toHaveURL(/date=2026-06-15.*#period-title$/);
    await expect(heading).toBeFocused();

    // The date picker is a form that loads a new page: it lands on the heading too.
    await page.getByLabel('Datum').fill('2026-05-20');
    await page.getByRole('button', { name: 'Anzeigen', exact: true }).click();
    await expect(page).toHaveURL(/date=2026-05-20.*#period-title$/);
    await expect(heading).toBeFocused();
    await expect(heading).toContainText('KW 21');
  });

  test('ohne Batterie: keine Batterie in Legende, Tabelle und Energiebilanz; mit Batterie ist sie da', async ({ page }) => {
    await signIn(page, customers.jonas);
    // The carport (100241, SITE-2B91D4): no battery, an 11 kW wallbox.
    await page.goto('/home/app/monitoring?installation=SITE-2B91D4&period=day&date=2026-06-15');
    await expect(page.getByRole('heading', { name: 'Leistung im Tagesverlauf' })).toBeVisible();
    await expect(page.locator('.monitoring-chart__legend li')).toHaveText(['PV-Erzeugung', 'Verbrauch', 'Netz']);
    await page.locator('summary', { hasText: 'Daten als Tabelle' }).click();
    const dayTable = page.getByRole('table').first();
    await expect(dayTable.getByRole('columnheader', { name: /PV/ })).toBeVisible();
    await expect(dayTable.getByRole('columnheader', { name: /Batterie/ })).toHaveCount(0);
    await expect(page.getByText('Batterie', { exact: true })).toHaveCount(0);
    await expect(page.getByText('Batterie: positiv')).toHaveCount(0);
    await expect(page.getByText('Aus der Batterie')).toHaveCount(0);
    await expect(page.getByText('Batterie geladen')).toHaveCount(0);

    await page.goto('/home/app/monitoring?installation=SITE-2B91D4&period=month&date=2026-06-15');
    await expect(page.getByText('In die Batterie geladen')).toHaveCount(0);
    await expect(page.getByText('Batterie entladen')).toHaveCount(0);

    // The roof (100240, SITE-7F3A2C) has a 10 kWh battery: series, legend entry, column and balance rows.
    await page.goto('/home/app/monitoring?installation=SITE-7F3A2C&period=day&date=2026-06-15');
    await expect(page.locator('.monitoring-chart__legend li')).toHaveText(['PV-Erzeugung', 'Verbrauch', 'Batterie', 'Netz']);
    await page.locator('summary', { hasText: 'Daten als Tabelle' }).click();
    await expect(page.getByRole('table').first().getByRole('columnheader', { name: /Batterie/ })).toBeVisible();
    await expect(page.getByText('Aus der Batterie', { exact: true })).toBeVisible();
  });

  test('mit Wallbox: „davon Wallbox“ unter dem Verbrauch und als Tabellenspalte; ohne Wallbox nicht', async ({ page }) => {
    await signIn(page, customers.jonas);
    await page.goto('/home/app/monitoring?installation=SITE-2B91D4&period=month&date=2026-06-15');
    const sums = page.getByRole('region', { name: 'Summen im Zeitraum' });
    const wallbox = sums.locator('div', { hasText: 'davon Wallbox' });
    await expect(wallbox).toHaveCount(1);
    await expect(wallbox).toContainText(/\d,\d\s*kWh/);
    await expect(wallbox).not.toContainText(/^\D*0,0\s*kWh/);
    const table = page.getByRole('table').filter({ hasText: 'PV' }).first();
    const headers = await table.getByRole('columnheader').allInnerTexts();
    // The day's target from the weather follows PV (docs/monitoring.md "Expected vs actual").
    expect(headers.map((h) => h.trim())).toEqual(['Tag', 'PV-Erzeugung (kWh)', 'Soll nach Wetter (kWh)', 'Verbrauch (kWh)', 'davon Wallbox (kWh)', 'Netzbezug (kWh)', 'Einspeisung (kWh)']);

    // The CSV has the same column.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /CSV/ }).click()]);
    const csv = (await (await download.createReadStream()).toArray()).join('');
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toContain('Verbrauch (kWh);davon Wallbox (kWh)');

    // The roof has no wallbox: no line, no column.
    await page.goto('/home/app/monitoring?installation=SITE-7F3A2C&period=month&date=2026-06-15');
    await expect(page.getByText(/davon Wallbox/)).toHaveCount(0);
  });

  test('heute zeigt „Gerade eben“ die aktuellen Werte mit Ladestand; bis zum „Stand“, den auch die Geräte melden', async ({ page }) => {
    // A fixed noon in the IoT cloud, so today has points whenever the test runs (also just after midnight).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    const offset =
      new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', timeZoneName: 'longOffset' })
        .formatToParts(new Date(`${today}T12:00:00Z`))
        .find((part) => part.type === 'timeZoneName')
        ?.value.replace('GMT', '') ?? '+01:00';
    const clock = await fetch(`${E2E.sandbox}/iot/_control/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: `${today}T12:07:00${offset}` }),
    });
    expect(clock.status).toBe(204);
    try {
      await signIn(page, customers.jonas);
      // The roof (100240) with its 10 kWh battery, today.
      await page.goto('/home/app/monitoring?installation=SITE-7F3A2C&period=day');
      const now = page.getByRole('region', { name: 'Gerade eben' });
      await expect(now).toBeVisible();
      await expect(now).toContainText('Durchschnitt von 11:45 bis 12:00 Uhr');
      await expect(now.getByText('Solarleistung')).toBeVisible();
      await expect(now.getByText('Verbrauch')).toBeVisible();
      await expect(now.getByText(/^(Netzbezug|Einspeisung)$/)).toBeVisible();
      await expect(now.getByText(/^Batterie (lädt|entlädt|ruht)$/)).toBeVisible();
      await expect(now.getByText('Ladestand der Batterie')).toBeVisible();
      await expect(now).toContainText(/\d+,\d\s*%/);

      // "Stand" and every device's "Zuletzt gemeldet" show the same time, the end of the quarter hour above.
      const stand = (await page.locator('p', { hasText: 'Stand:' }).first().locator('time').innerText()).trim();
      expect(stand).toMatch(/12:00\sUhr$/);
      // Every live or energy figure carries the same "Stand" (summary, sums, chart, balance; docs/monitoring.md).
      const stands = await page.locator('p', { hasText: 'Stand:' }).locator('time').allInnerTexts();
      expect(stands.length).toBeGreaterThanOrEqual(4);
      expect(stands.map((s) => s.trim())).toEqual(stands.map(() => stand));
      const reports = await page.getByRole('region', { name: 'Geräte', exact: true }).locator('time').allInnerTexts();
      expect(reports.length).toBeGreaterThan(0);
      expect(reports.map((r) => r.trim())).toEqual(reports.map(() => stand));

      // The carport (100241): no battery, but the wallbox.
      await page.goto('/home/app/monitoring?installation=SITE-2B91D4&period=day');
      const carport = page.getByRole('region', { name: 'Gerade eben' });
      await expect(carport.getByText('Solarleistung')).toBeVisible();
      await expect(carport.getByText('davon Wallbox')).toBeVisible();
      await expect(carport.getByText('Ladestand der Batterie')).toHaveCount(0);
      await expect(carport.getByText(/^Batterie/)).toHaveCount(0);

      // Only today's day view: not a past day, not another period.
      await page.goto('/home/app/monitoring?installation=SITE-7F3A2C&period=day&date=2026-06-15');
      await expect(page.getByRole('region', { name: 'Gerade eben' })).toHaveCount(0);
      await page.goto('/home/app/monitoring?installation=SITE-7F3A2C&period=week');
      await expect(page.getByRole('region', { name: 'Gerade eben' })).toHaveCount(0);
    } finally {
      await fetch(`${E2E.sandbox}/iot/_control/clock`, { method: 'DELETE' });
    }
  });

  test('der Sprachwechsel behält den Zeitraum', async ({ page }) => {
    await signIn(page, customers.jonas);
    await page.goto('/home/app/monitoring?installation=SITE-7F3A2C&period=week&date=2026-06-15');
    await page.getByRole('contentinfo').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/period=week&date=2026-06-15/);
    await expect(page.getByRole('link', { name: 'Week', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Deutsch' }).click();
    await expect(page.getByRole('link', { name: 'Woche', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('die CSV-Datei enthält dieselben Zahlen wie die Tabelle zum Diagramm', async ({ page }) => {
    await signIn(page, customers.jonas);
    await page.goto('/home/app/monitoring?period=month&date=2026-06-15');
    const table = page.getByRole('table').filter({ hasText: 'PV' }).first();
    const firstRow = table.getByRole('row').nth(1);
    const cells = await firstRow.getByRole('cell').allInnerTexts();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /CSV/ }).click()]);
    const csv = (await (await download.createReadStream()).toArray()).join('');
    const row = csv.replace(/^\uFEFF/, '').split('\r\n')[1]?.split(';') ?? [];
    const pvKwh = Number((row[1] ?? '').replace(',', '.'));
    const shownPv = cells.map((c) => Number(c.replace(/\./g, '').replace(',', '.').replace(/[^\d.]/g, ''))).find((n) => n > 0);
    expect(shownPv).toBeCloseTo(Math.round(pvKwh * 10) / 10, 1);
  });

  test('mit einem Projekt ohne Anlage sieht Anna, wann das Monitoring startet', async ({ page }) => {
    // Lena Koch's project 100237 is in assembly (no installation data yet); link it to Anna at the management service.
    const linked = await fetch(`${E2E.sandbox}/management/api/v1/projects/100237/portal-users/${encodeURIComponent('kp|anna-schmidt')}`, {
      method: 'PUT',
      headers: { authorization: 'Bearer local-development-management-token' },
    });
    expect(linked.status).toBe(204);
    try {
      await signIn(page, customers.anna);
      await page.goto('/home/app/monitoring');
      await expect(page.getByRole('heading', { name: 'Noch keine Daten' })).toBeVisible();
      await expect(page.getByText('Noch nicht in Betrieb genommen')).toBeVisible();
    } finally {
      await resetLinkingState();
    }
  });

  test('Anna ohne verknüpftes Projekt wird zum Verknüpfen geführt und erfährt warum (Projekt-Prüfung)', async ({ page }) => {
    await signIn(page, customers.anna);
    await page.goto('/home/app/monitoring');
    await expect(page).toHaveURL(/\/home\/dashboard$/);
    const dialog = page.getByRole('dialog', { name: 'Projekt verknüpfen' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Für diese Seite brauchst Du ein verknüpftes Projekt');
  });

  test('fällt die IoT-Cloud aus oder ist zu langsam, erscheint eine deutsche Meldung und das Portal läuft weiter', async ({ page }) => {
    await signIn(page, customers.jonas);
    for (const fault of [{ mode: 'fail' }, { mode: 'slow', delayMs: 5000 }]) {
      await fetch(`${E2E.sandbox}/iot/_control/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fault),
      });
      const response = await page.goto('/home/app/monitoring');
      expect(response?.status()).toBe(503);
      await expect(page.getByText('Die Daten Deiner Anlage sind gerade nicht abrufbar')).toBeVisible();
      await fetch(`${E2E.sandbox}/iot/_control/faults`, { method: 'DELETE' });
    }
    await page.locator('summary', { hasText: 'Dein Konto' }).click();
    await page.getByRole('navigation', { name: 'Dein Konto' }).getByRole('link', { name: 'Profil' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  });

  test('auch an einem Tag ohne Daten führt der Link zum Export aller Messwerte', async ({ page }) => {
    const data = testData(E2E.sandbox);
    try {
      const customer = await data.customer({ givenName: 'Greta' });
      const project = await data.project({ phase: 'COMPLETED', step: 'IN_OPERATION', portalUserIds: [customer.sub] });
      const { siteId } = await data.installation(project.id, { commissionedAt: '2026-03-02T10:00:00+01:00' });
      // The gateway has sent nothing since the night before that day (still offline).
      await fetch(`${E2E.sandbox}/iot/_control/sites/${siteId}/outage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: '2026-06-17T22:00:00+02:00' }),
      });
      await page.goto('/home/dashboard');
      await signInAtIdentityProvider(page, customer.email, customer.password);
      await page.goto(`/home/app/monitoring?installation=${siteId}&period=day&date=2026-06-18`);
      await expect(page.getByText('Für diesen Zeitraum gibt es keine Daten.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Alle Messwerte seit der Inbetriebnahme in voller Auflösung exportieren' })).toHaveAttribute(
        'href',
        '/home/app/exports',
      );
    } finally {
      await data.cleanup();
    }
  });

  test('axe findet auf der Monitoring-Seite nichts', async ({ page }) => {
    await signIn(page, customers.jonas);
    await page.goto('/home/app/monitoring?period=day');
    await expectNoAxeViolations(page);
  });
});
