import { ROUTE_TABLE } from '~/bff/composition/capabilities.ts';
import { MONITORING_PAGE } from '~/bff/contracts/monitoring.ts';
import type { PageRoute } from '~/bff/contracts/routes.ts';

/** A page `npm run bench` loads: its address (a pattern's `sample`), its route pattern, and who opens it. */
export interface BenchPage {
  path: string;
  route: string;
  who: 'customer' | 'lead';
}

/**
 * The signed-in pages of the route table (the portal's own, derived from its capability list, so a new page is
 * measured without touching the bench): a customer's pages (`customer`, `account`), the public content pages a
 * signed-in customer opens in their layout (`publicCache`: help, privacy policy), and a lead's pages. A pattern is
 * loaded through its `sample`.
 */
export function benchPages(routes: readonly PageRoute[] = ROUTE_TABLE.routes): BenchPage[] {
  return routes.flatMap((route): BenchPage[] => {
    const path = route.sample ?? route.path;
    if (route.access === 'customer' || route.access === 'account' || route.publicCache) {
      return [{ path, route: route.path, who: 'customer' }, ...(route.path === MONITORING_PAGE ? [{ path: MONITORING_WHOLE_DAY, route: route.path, who: 'customer' as const }] : [])];
    }
    if (route.access === 'lead') return [{ path, route: route.path, who: 'lead' }];
    return [];
  });
}

/**
 * The monitoring page opens on today, which has a few rows just after midnight and 96 by night: its cost tripled over a
 * day. So the bench also loads one whole past day (a June day, every quarter hour with sun), the same in every run.
 */
export const MONITORING_WHOLE_DAY = `${MONITORING_PAGE}?date=2026-06-18`;

/** Pages whose address contains one of the filters (`--only dashboard,documents`); all without filters. */
export function onlyPages(pages: readonly BenchPage[], filters: readonly string[]): BenchPage[] {
  return filters.length === 0 ? [...pages] : pages.filter((page) => filters.some((filter) => page.path.includes(filter)));
}
