import { expect, test, type Page } from '@playwright/test';
import { E2E } from '~/playwright.config.ts';
import { customers, signIn } from './support/auth.ts';

/**
 * No dead links: starting from the start page and the dashboard, every internal link of the portal's own
 * pages and of the CMS content is followed (breadth first, each path once) and must lead to a page. Links that change
 * state (sign-out is a form, not a link) and file downloads (documents, attachments, photos) are not followed; query variants of one path count once.
 * A link marked `download` (the Export page's files) is asked for, not navigated to: its answer must be the file.
 */
const SKIP = [/^\/api\/auth\//, /^\/cms-media\//, /\/export(\?|$)/, /\/download$/, /\/attachments\//, /^\/api\/v1\/internal\/project\/\d+\/photos\//];

async function linksOn(page: Page): Promise<{ target: string; download: boolean }[]> {
  const anchors = await page.locator('a[href]').evaluateAll((all) => all.map((a) => ({ href: (a as HTMLAnchorElement).href, download: a.hasAttribute('download') })));
  return anchors.flatMap(({ href, download }) => {
    const url = new URL(href);
    if (url.origin !== E2E.portal) return [];
    const path = url.pathname;
    return SKIP.some((rule) => rule.test(path)) ? [] : [{ target: `${path}${url.search}`, download }];
  });
}

test('alle internen Links führen zu einer Seite (Portal und CMS-Inhalte)', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, customers.jonas);
  const seenPaths = new Set<string>();
  const queue: { target: string; from: string; download?: boolean }[] = [
    { target: '/home/dashboard', from: 'start' },
    { target: '/home/app/help', from: 'start' },
    { target: '/privacy-policy', from: 'start' },
  ];
  const dead: string[] = [];
  while (queue.length > 0 && seenPaths.size < 150) {
    const { target, from, download } = queue.shift() as { target: string; from: string; download?: boolean };
    const path = target.split('?')[0] as string;
    if (seenPaths.has(path)) continue;
    seenPaths.add(path);
    if (download) {
      // The same session's cookies; the file is read whole, as the browser would save it.
      const file = await page.request.get(target);
      if (file.status() === 404 || file.status() >= 500) dead.push(`${target} (${file.status()}), linked from ${from}`);
      else expect(file.headers()['content-disposition'] ?? '', `${target} answers with a file`).toMatch(/^attachment/);
      continue;
    }
    const response = await page.goto(target);
    const status = response?.status() ?? 0;
    if (status === 404 || status >= 500) {
      dead.push(`${target} (${status}), linked from ${from}`);
      continue;
    }
    for (const link of await linksOn(page)) queue.push({ ...link, from: path });
  }
  expect(seenPaths.size).toBeGreaterThan(10);
  expect(dead).toEqual([]);
});
