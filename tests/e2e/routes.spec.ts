import { expect, test, type Page } from '@playwright/test';
import { ROUTE_TABLE } from '~/bff/composition/capabilities.ts';
import type { PageRoute } from '~/bff/contracts/routes.ts';
import { customers, signIn } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { leadSignedIn } from './support/lead.ts';
import { sql } from './support/stack.ts';

/**
 * The sweep over the route table (docs/architecture.md, Tests): every page opens without a server error and axe with
 * the WCAG 2.1 AA tags finds nothing, signed in as a customer with projects and installations (Jonas) and, for the
 * public pages, signed out. The table is the one the portal derives from its capability list: a capability's page is
 * swept without touching this file.
 */
const PAGE_ROUTES = ROUTE_TABLE.routes;
const pathOf = (route: PageRoute) => route.sample ?? route.path;

/** The error pages answer with their own status when opened directly. */
const expectedStatus: Record<string, number> = {
  '/400': 400,
  '/404': 404,
  '/500': 500,
  // Without a token the mailed photo link is not a valid link: the page says so with 404.
  '/meter-change-request/photo': 404,
  // A survey exists only after an invitation (tests/e2e/surveys.spec.ts opens real ones, with axe): the sample id is none.
  '/home/app/surveys/[id]': 404,
  '/home/app/surveys/[id]/result': 404,
};

async function openAndCheck(page: Page, route: PageRoute) {
  const response = await page.goto(pathOf(route));
  const status = response?.status() ?? 0;
  if (route.path in expectedStatus) expect(status, route.path).toBe(expectedStatus[route.path]);
  else expect(status, `${pathOf(route)} answered ${status}`).toBeLessThan(400);
  await expect(page.locator('main')).toBeVisible();
  await expectNoAxeViolations(page, pathOf(route));
}

test.describe('Alle Seiten der Routentabelle', () => {
  test('angemeldet (Jonas): keine Serverfehler, keine axe-Verstöße', async ({ page }) => {
    // About 55 pages with an axe run each, with the header's account menu and the bell over both of Jonas' projects:
    // close to three minutes on a busy machine.
    test.setTimeout(300_000);
    await signIn(page, customers.jonas);
    for (const route of PAGE_ROUTES) {
      await test.step(pathOf(route), () => openAndCheck(page, route));
    }
  });

  test('als Lead: Lead- und öffentliche Seiten ohne Serverfehler und axe-Verstöße, Kundenseiten führen zum Lead-Dashboard', async ({ page, browser }) => {
    test.setTimeout(180_000);
    await sql("DELETE FROM rate_limit WHERE key LIKE 'funnel:%'");
    await leadSignedIn(page, browser);
    for (const route of PAGE_ROUTES) {
      await test.step(pathOf(route), async () => {
        if (route.access !== 'customer') {
          await openAndCheck(page, route);
          return;
        }
        await page.goto(pathOf(route));
        await expect(page).toHaveURL(/\/home\/lead\?hinweis=kundenbereich$/);
      });
    }
  });

  test('abgemeldet: öffentliche Seiten öffnen, geschützte führen zur Anmeldung', async ({ page }) => {
    test.setTimeout(180_000);
    for (const route of PAGE_ROUTES) {
      await test.step(pathOf(route), async () => {
        if (route.access === 'public') {
          await openAndCheck(page, route);
          return;
        }
        await page.context().clearCookies();
        await page.goto(pathOf(route));
        await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
      });
    }
  });
});

/**
 * WCAG 1.4.10 (reflow): on a phone no page is wider than the screen. A long German word in a heading
 * ("Marktstammdatenregister") and the funnel's phone row once pushed pages sideways at 390 px.
 */
async function expectNoSidewaysScroll(page: Page, route: PageRoute) {
  await page.goto(pathOf(route));
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, `${pathOf(route)} is ${scroll} px wide on a ${client} px screen`).toBeLessThanOrEqual(client);
}

test.describe('Auf dem Handy (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('keine Seite ist breiter als der Bildschirm (abgemeldet die öffentlichen, angemeldet als Jonas alle)', async ({ page }) => {
    test.setTimeout(180_000);
    for (const route of PAGE_ROUTES.filter((r) => r.access === 'public')) {
      await test.step(`abgemeldet ${pathOf(route)}`, () => expectNoSidewaysScroll(page, route));
    }
    await signIn(page, customers.jonas);
    for (const route of PAGE_ROUTES) {
      await test.step(pathOf(route), () => expectNoSidewaysScroll(page, route));
    }
  });

  test('die Benachrichtigungen liegen ganz im Bildschirm, und Glocke und Menü sind nie beide offen', async ({ page }) => {
    await signIn(page, customers.jonas);
    const bell = page.locator('details.bell');
    await bell.locator('summary').click();
    const panel = bell.locator('.bell__panel');
    await expect(panel.getByRole('heading', { name: 'Benachrichtigungen' })).toBeVisible();
    const box = await panel.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);

    await page.locator('details.mobile-menu > summary').click();
    await expect(page.locator('details.mobile-menu')).toHaveAttribute('open', '');
    await expect(bell).not.toHaveAttribute('open');
    await expect(panel).toBeHidden();
  });
});

test.describe('Fehlerseiten', () => {
  test('404 und 500 behalten die Navigation; 500 bietet „Neu laden“ für die Seite, die fehlschlug', async ({ page }) => {
    await signIn(page, customers.jonas);
    const notFound = await page.goto('/home/gibt-es-nicht');
    expect(notFound?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Monitoring' }).first()).toBeAttached();

    const failed = await page.goto('/500?from=%2Fhome%2Fapp%2Fprofile%3Ftab%3D1');
    expect(failed?.status()).toBe(500);
    await expect(page.getByRole('link', { name: 'Neu laden' })).toHaveAttribute('href', '/home/app/profile?tab=1');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Monitoring' }).first()).toBeAttached();

    await page.goto('/500?from=%2F.%2F%2Fevil.example');
    await expect(page.getByRole('link', { name: 'Neu laden' })).toHaveCount(0);
  });

  test('eine unlesbare Adresse zeigt die deutsche 400-Seite', async ({ page }) => {
    const response = await page.goto('/cms-media/%ff');
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('heading', { level: 1, name: 'Diese Adresse ist ungültig' })).toBeVisible();
  });
});
