import { expect, test, type Request } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { customers, signInAtIdentityProvider } from './support/auth.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { linkDemoProject, resetLinkingState } from './support/stack.ts';

// A first-time visitor: no consent cookie (the other specs start as a returning visitor who rejected everything).
test.use({ storageState: { cookies: [], origins: [] } });

const analyticsEvents = async () => ((await (await fetch(`${E2E.sandbox}/analytics/_control/events`)).json()) as { events: { name: string; url: string; forwardedFor: string | null; cookie: string | null }[] }).events;
const recordings = async () =>
  ((await (await fetch(`${E2E.sandbox}/replay/_control/recordings`)).json()) as { recordings: { page: string; events: { type: string; target: string; value?: string; masked?: boolean }[] }[] }).recordings;

test.beforeEach(async () => {
  await fetch(`${E2E.sandbox}/analytics/_control/reset`, { method: 'POST' });
  await fetch(`${E2E.sandbox}/replay/_control/reset`, { method: 'POST' });
});

test.describe('Einwilligung', () => {
  test('der erste Besuch ist sauber: keine fremde Anfrage, kein Cookie, kein Speicher, kein Skript; Ablehnen ist ein Klick', async ({ page, context }) => {
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    await page.goto('/');
    await page.goto('/home/app/help');
    const banner = page.getByRole('region', { name: 'Darf es ein bisschen mehr sein?' });
    await expect(banner).toBeVisible();
    await expectNoAxeViolations(page);

    expect(requests.map((r) => new URL(r.url()).origin).filter((origin) => origin !== E2E.portal)).toEqual([]);
    expect(requests.filter((r) => r.resourceType() === 'script' || /\/api\/event|\/replay\/|\/map$/.test(r.url()))).toEqual([]);
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);

    // "Alle ablehnen" is as prominent as "Alle akzeptieren": same kind of button, same size.
    const accept = banner.getByRole('button', { name: 'Alle akzeptieren' });
    const reject = banner.getByRole('button', { name: 'Alle ablehnen' });
    expect(await reject.getAttribute('class')).toBe(await accept.getAttribute('class'));
    const [a, r] = [await accept.boundingBox(), await reject.boundingBox()];
    expect(Math.abs((a?.height ?? 0) - (r?.height ?? 0))).toBeLessThanOrEqual(1);

    await reject.click();
    await expect(page).toHaveURL(/\/home\/app\/help$/);
    await expect(banner).toHaveCount(0);
    expect((await context.cookies()).map((c) => [c.name, c.value])).toEqual([['kundenportal.consent', '2.s0.r0.m0.w0']]);
    await page.goto('/privacy-policy');
    expect(requests.filter((r) => /\/api\/event|\/replay\//.test(r.url()))).toEqual([]);
    expect(await analyticsEvents()).toEqual([]);
  });

  test('nach „Alle akzeptieren“: Statistik ohne IP und ohne Cookie, Aufzeichnung mit maskierten Codes, Karte und Bewertungen', async ({ page }) => {
    await resetLinkingState();
    await page.goto('/home/app/help');
    await page.getByRole('button', { name: 'Alle akzeptieren' }).click();
    await expect.poll(async () => (await analyticsEvents()).map((e) => new URL(e.url).pathname)).toContain('/home/app/help');
    const event = (await analyticsEvents())[0];
    expect(event?.name).toBe('pageview');
    expect(event?.forwardedFor).toBeNull();
    expect(event?.cookie).toBeNull();

    await page.goto('/home/dashboard');
    await signInAtIdentityProvider(page, customers.jonas.email);
    await expect(page.getByRole('region', { name: 'So bewerten uns unsere Kundinnen und Kunden' })).toContainText('4,8 von 5 Sternen aus 312 Bewertungen');

    // The recorder never sees a code: the link dialog's code field is masked.
    await page.getByRole('button', { name: /Projekt verknüpfen/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Projekt verknüpfen' });
    await dialog.getByLabel('Projektnummer').fill('100240');
    await dialog.getByRole('button', { name: 'Ich habe schon einen Code' }).click();
    await page.getByLabel('Bestätigungscode').pressSequentially('482913');
    await page.goto('/home/app/my-project');
    await expect.poll(async () => (await recordings()).flatMap((r) => r.events).filter((e) => e.type === 'input' && e.target.includes('code')).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const typed = (await recordings()).flatMap((r) => r.events).filter((e) => e.type === 'input');
    expect(typed.filter((e) => e.target.includes('code')).every((e) => e.masked && !/\d/.test(e.value ?? ''))).toBe(true);
    expect(JSON.stringify(await recordings())).not.toContain('482913');

    const map = page.getByRole('img', { name: /^Karte mit der Lage Deiner Anlage/ });
    await expect(map).toBeVisible();
    await expect.poll(() => map.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);

    // Every input is masked by default, not only those named like a code: the profile's address never leaves the browser.
    await page.goto('/home/app/profile');
    await page.locator('#bd-street').fill('Maskenweg');
    await page.locator('#bd-city').pressSequentially('Geheimstadt');
    await page.goto('/home/app/help');
    await expect.poll(async () => (await recordings()).flatMap((r) => r.events).filter((e) => e.type === 'input' && /bd-(street|city)/.test(e.target)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const profileInputs = (await recordings()).flatMap((r) => r.events).filter((e) => e.type === 'input' && /bd-(street|city)/.test(e.target));
    expect(profileInputs.every((e) => e.masked)).toBe(true);
    expect(JSON.stringify(await recordings())).not.toMatch(/Maskenweg|Geheimstadt/);
  });

  test('Einstellungen im Fuß jeder Seite: nur externe Medien erlauben, später wieder alles ablehnen', async ({ page }) => {
    await resetLinkingState();
    await linkDemoProject(100234, 'kp|anna-schmidt');
    await page.goto('/home/dashboard');
    await signInAtIdentityProvider(page, customers.anna.email);
    await page.goto('/home/app/my-project');
    await expect(page.getByText(/Die Karte kommt von einem externen Kartendienst/)).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz-Einstellungen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Datenschutz-Einstellungen' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Externe Medien').check();
    await page.getByRole('button', { name: 'Auswahl speichern' }).click();
    await expect(page).toHaveURL(/\/home\/app\/my-project$/);
    await expect(page.getByRole('img', { name: /^Karte mit der Lage Deiner Anlage: Invalidenstraße 117/ })).toBeVisible();
    expect(await analyticsEvents()).toEqual([]);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz-Einstellungen' }).click();
    await expect(page.getByLabel('Externe Medien')).toBeChecked();
    await page.getByRole('button', { name: 'Alle ablehnen' }).click();
    await expect(page.getByText(/Die Karte kommt von einem externen Kartendienst/)).toBeVisible();
    const blocked = await page.request.get('/api/v1/internal/project/100234/map');
    expect(blocked.status()).toBe(403);
  });
});
