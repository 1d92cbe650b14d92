import { expect, test } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { customers, signIn, signInAtIdentityProvider } from './support/auth.ts';

test.describe('Anmeldung', () => {
  test('Anna meldet sich an, sieht ihr Dashboard, meldet sich ab und wird danach zur Anmeldung geleitet', async ({ page }) => {
    await signIn(page, customers.anna);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Hallo Anna/);

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/\?loggedOut=1$/);
    await expect(page.getByRole('status')).toContainText('Du hast Dich abgemeldet');

    await page.goto('/home/app/profile');
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(E2E.sandbox);
  });

  test('Abmelden leert den Speicher des Portals im Browser', async ({ page }) => {
    await signIn(page, customers.jonas);
    await page.evaluate(() => localStorage.setItem('root', JSON.stringify({ cache: 'Kundendaten' })));

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/\?loggedOut=1$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });

  test('Abmelden geht auch ohne JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/home/dashboard');
    await signInAtIdentityProvider(page, customers.anna.email);
    await expect(page).toHaveURL(/\/home\/dashboard$/);

    await page.getByRole('button', { name: 'Abmelden' }).click();
    // Without JavaScript the provider asks once more before it ends its own session.
    await page.getByRole('button', { name: /abmelden/i }).click();
    await expect(page).toHaveURL(/\/\?loggedOut=1$/);
    await page.goto('/home/app/profile');
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await context.close();
  });

  test('wer /home/app/profile abgemeldet öffnet, landet nach der Anmeldung genau dort', async ({ page }) => {
    await page.goto('/home/app/profile');
    await signInAtIdentityProvider(page, customers.anna.email);

    await expect(page).toHaveURL(/\/home\/app\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
    await expect(page.getByText(customers.anna.email)).toBeVisible();
  });

  test('eine abgebrochene Anmeldung zeigt eine deutsche Meldung mit einem Weg zurück', async ({ page }) => {
    await page.goto('/home/dashboard');
    await page.getByRole('button', { name: 'Abbrechen' }).click();

    await expect(page).toHaveURL(/\/\?loginError=cancelled$/);
    await expect(page.getByRole('alert')).toContainText('Die Anmeldung wurde abgebrochen.');
    await page.getByRole('link', { name: 'Erneut anmelden' }).click();
    await signInAtIdentityProvider(page, customers.jonas.email);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Hallo Jonas/);
  });

  test('ein falsches Passwort bleibt auf der Anmeldeseite mit einer verständlichen Meldung', async ({ page }) => {
    await page.goto('/home/dashboard');
    await signInAtIdentityProvider(page, customers.anna.email, 'falsch');

    await expect(page.getByRole('alert')).toHaveText('E-Mail-Adresse oder Passwort ist falsch.');
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(customers.anna.email);
  });

  test('Tokens erreichen den Browser nie, das Sitzungs-Cookie ist HttpOnly und SameSite=Lax', async ({ page, context }) => {
    await signIn(page, customers.jonas);

    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(storage).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    const me = await page.request.get('/api/auth/me');
    expect(await me.text()).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);

    const session = (await context.cookies()).find((c) => c.name === 'kundenportal.sid');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });
});
