import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Sonne2026!';

export const customers = {
  anna: { email: 'anna.schmidt@example.de', firstName: 'Anna', lastName: 'Schmidt' },
  jonas: { email: 'jonas.weber@example.de', firstName: 'Jonas', lastName: 'Weber' },
  /** Newly registered: his first sign-in goes through onboarding (tests/e2e/onboarding.spec.ts uses an account of its own). */
  mehmet: { email: 'mehmet.yilmaz@example.de', firstName: 'Mehmet', lastName: 'Yılmaz' },
} as const;

/** Fills the identity provider's German login page the way a customer does. */
export async function signInAtIdentityProvider(page: Page, email: string, password = DEMO_PASSWORD) {
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/** Signs in from the portal's start page and waits for the dashboard. */
export async function signIn(page: Page, customer: { email: string; firstName: string }) {
  await page.goto('/home/dashboard');
  await signInAtIdentityProvider(page, customer.email);
  await expect(page).toHaveURL(/\/home\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(customer.firstName);
}
