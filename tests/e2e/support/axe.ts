import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The axe pass every page gets (WCAG 2.1 A and AA, docs/security.md): no violation, each named with the elements it
 * found; `label` (a page's path, say) goes in front of each where one test checks several pages.
 */
export async function expectNoAxeViolations(page: Page, label?: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const prefix = label === undefined ? '' : `${label} `;
  expect(results.violations.map((v) => `${prefix}${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
