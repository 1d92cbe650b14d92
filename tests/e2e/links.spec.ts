import { expect, test, type Page } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { customers, signIn } from './support/auth.ts';

/**
 * No dead links: starting from the start page and the dashboard, every internal link of the portal's own
 * pages and of the CMS content is followed (breadth first, each path once) and must lead to a page. Links that change
 * state (sign-out is a form, not a link) and file downloads (documents, attachments, photos) are not followed; query variants of one path count once.
 */
const SKIP = [/^\/api\/auth\//, /^\/cms-media\//, /\/export(\?|$)/, /\/download$/, /\/attachments\//, /^\/api\/v1\/internal\/project\/\d+\/photos\//];

async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  return hrefs.flatMap((href) => {
    const url = new URL(href);
    if (url.origin !== E2E.portal) return [];
    const path = url.pathname;
    return SKIP.some((rule) => rule.test(path)) ? [] : [`${path}${url.search}`];
  });
}

test('alle internen Links führen zu einer Seite (Portal und CMS-Inhalte)', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, customers.jonas);
  const seenPaths = new Set<string>();
  const queue: { target: string; from: string }[] = [
    { target: '/home/dashboard', from: 'start' },
    { target: '/home/app/help', from: 'start' },
    { target: '/privacy-policy', from: 'start' },
  ];
  const dead: string[] = [];
  while (queue.length > 0 && seenPaths.size < 150) {
    const { target, from } = queue.shift() as { target: string; from: string };
    const path = target.split('?')[0] as string;
    if (seenPaths.has(path)) continue;
    seenPaths.add(path);
    const response = await page.goto(target);
    const status = response?.status() ?? 0;
    if (status === 404 || status >= 500) {
      dead.push(`${target} (${status}), linked from ${from}`);
      continue;
    }
    for (const link of await linksOn(page)) queue.push({ target: link, from: path });
  }
  expect(seenPaths.size).toBeGreaterThan(10);
  expect(dead).toEqual([]);
});
