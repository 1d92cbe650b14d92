import { ROUTE_TABLE } from '~/bff/composition/capabilities.ts';
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
    if (route.access === 'customer' || route.access === 'account' || route.publicCache) return [{ path, route: route.path, who: 'customer' }];
    if (route.access === 'lead') return [{ path, route: route.path, who: 'lead' }];
    return [];
  });
}

/** Pages whose address contains one of the filters (`--only dashboard,documents`); all without filters. */
export function onlyPages(pages: readonly BenchPage[], filters: readonly string[]): BenchPage[] {
  return filters.length === 0 ? [...pages] : pages.filter((page) => filters.some((filter) => page.path.includes(filter)));
}
