import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { customers, signIn } from './support/auth.ts';
import { sql, waitForStrapi } from './support/stack.ts';

/** Strapi's PID from the launcher's process file of the e2e stack. */
function strapiPid(): number {
  const pids = JSON.parse(readFileSync('.data/e2e/processes.json', 'utf8')) as Record<string, number>;
  if (!pids.cms) throw new Error('no Strapi process in .data/e2e/processes.json');
  return pids.cms;
}

test.describe('Hilfe-Inhalte, während Strapi nicht läuft', () => {
  test('die Hilfeseite kommt aus dem Cache; ohne Cache erklärt eine Seite es mit 503', async ({ page }) => {
    await waitForStrapi();
    // Make sure the help content is cached, then stop Strapi.
    expect((await page.goto('/home/app/help'))?.status()).toBe(200);
    process.kill(strapiPid(), 'SIGTERM');
    await expect
      .poll(async () => fetch(`${E2E.strapi}/_health`).then(() => 'up', () => 'down'), { timeout: 20_000 })
      .toBe('down');

    const help = await page.goto('/home/app/help?question=wie-verknuepfe-ich-mein-projekt');
    expect(help?.status()).toBe(200);
    await expect(page.locator('#wie-verknuepfe-ich-mein-projekt')).toContainText('Code');

    // A cold cache (nothing stored for the knowledge base) with Strapi down: the German notice with HTTP 503.
    await sql("DELETE FROM content_cache WHERE key LIKE 'articles:%'");
    await signIn(page, customers.anna);
    await page.waitForTimeout(2500); // the portal's in-memory copy lives 2 s
    const articles = await page.goto('/home/app/files/knowledgebase');
    expect(articles?.status()).toBe(503);
    await expect(page.getByText('Inhalte gerade nicht erreichbar')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).first()).toBeVisible();
  });
});
