/**
 * The route table's shape and rules (docs/architecture.md "The route table"): every page of `site/pages` with who may
 * open it, whether its visit is logged as PAGE_VISITED, and its entry in the main navigation. Each capability's
 * contract declares its own pages (`definePages`); the table is derived from the capability list
 * (bff/composition/capabilities.ts `ROUTE_TABLE`) and handed to the BFF's middlewares and, as `Astro.locals.routes`,
 * to the site; the end-to-end sweep (axe + "no 5xx") reads the same derived table.
 */

/**
 * `public`: anyone; `customer`: a signed-in customer (a lead is sent to its dashboard); `lead`: a signed-in lead of
 * the funnel's lead phase (docs/funnel.md "The lead phase"; a customer is sent to the customer dashboard);
 * `account`: any signed-in account, customer or lead (the account's own data: export and deletion).
 */
export type PageAccess = 'public' | 'customer' | 'lead' | 'account';

export interface NavEntry {
  /** i18n key of the label (`nav.*`). */
  labelKey: string;
  /** Position in the menu, ascending. */
  order: number;
  /** Further paths on which this entry is the current one (the entry's own path and its sub-paths always are). */
  alsoCurrentOn?: readonly string[];
  /** Whose menu shows it: customers (the default), leads, or both. */
  for?: 'customer' | 'lead' | 'both';
  /**
   * `main` (the default): in the header bar on wide screens; `account`: in the account menu beside it ("Dein Konto":
   * profile, settings, money, surveys, sign-out). The small-screen menu lists both groups.
   */
  group?: 'main' | 'account';
}

export interface PageRoute {
  /** Astro's route pattern: `/home/app/files/knowledgebase/[slug]`. */
  path: string;
  access: PageAccess;
  /** PAGE_VISITED is written for a signed-in visit of exactly this path. */
  logVisit?: boolean;
  nav?: NavEntry;
  /** For a pattern with parameters: a real path of the demo data, which the end-to-end sweep opens. */
  sample?: string;
  /**
   * A project page: with the project-link check on (PROJECT_LINK_CHECK) a customer without any linked
   * project is sent to the dashboard with the link dialog open (`LINK_DIALOG_PATH`).
   */
  needsProject?: boolean;
  /**
   * A public page built from CMS content only: signed out, it is rendered once per content version and language and
   * served from memory with an ETag (bff/http/middlewares/public-page-cache.ts).
   */
  publicCache?: boolean;
}

/** Where the project-link check sends a customer without a project: the dashboard, link dialog open. */
export const LINK_DIALOG_PATH = '/home/dashboard?linkProject=new';

/**
 * Areas whose unknown paths are treated as customer pages: a signed-out visitor is sent to the login and learns
 * nothing about which pages exist (the page guard).
 */
const PROTECTED_AREAS: readonly string[] = ['/home', '/onboarding'];
/** Unknown paths below the lead's pages are lead pages (a lead gets the 404 page there, not a redirect). */
const LEAD_AREA = '/home/lead';

/** A contract's pages, in its own file; the capability module names them (`pageRoutes`). */
export const definePages = (routes: readonly PageRoute[]): readonly PageRoute[] => routes;

/** `/home/app/profile/` and `/home/app/profile` are the same page. */
export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

const within = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  return want.length === have.length && want.every((segment, i) => /^\[[^\]]+\]$/.test(segment) ? have[i] !== '' : segment === have[i]);
}

export interface NavItem {
  href: string;
  labelKey: string;
  current: boolean;
  group: 'main' | 'account';
}

/** The route table over every capability's pages: what the BFF's middlewares and the site ask of it. */
export interface RouteTable {
  /** Every page, in capability-list order. */
  readonly routes: readonly PageRoute[];
  /** The route of a request path, or undefined for a path that has no page. */
  routeOf(path: string): PageRoute | undefined;
  /** Who may open a path: its route's access; an unknown path inside a protected area counts as a customer page. */
  accessOf(path: string): PageAccess;
  /** Whether the path is a project page (see `needsProject`). */
  needsProject(path: string): boolean;
  /** Whether a signed-in visit of this path writes PAGE_VISITED. */
  isLoggedVisit(path: string): boolean;
  /**
   * Whether a link to this same-origin path leads to a page: a page of the table, or a path outside the protected
   * areas (media, files). A portal path without a page (a feature the CMS mentions before it exists) does not.
   */
  hasPage(path: string): boolean;
  /** The main navigation for the page at `path`, in menu order; detail pages mark their section as current. */
  navigationFor(path: string, audience?: 'customer' | 'lead'): NavItem[];
}

/** Builds the table from the capabilities' pages; a path declared twice stops it (two capabilities claim one page). */
export function createRouteTable(routes: readonly PageRoute[]): RouteTable {
  const twice = routes.map((route) => route.path).filter((path, i, all) => all.indexOf(path) !== i);
  if (twice.length > 0) throw new Error(`route table: ${twice.join(', ')} declared more than once`);
  const routeOf = (path: string) => {
    const normalized = normalizePath(path);
    return routes.find((route) => route.path === normalized) ?? routes.find((route) => matches(route.path, normalized));
  };
  const isPortalPath = (path: string) => PROTECTED_AREAS.some((area) => within(path, area));
  return {
    routes,
    routeOf,
    accessOf(path) {
      const route = routeOf(path);
      if (route) return route.access;
      if (within(normalizePath(path), LEAD_AREA)) return 'lead';
      return isPortalPath(normalizePath(path)) ? 'customer' : 'public';
    },
    needsProject: (path) => routeOf(path)?.needsProject === true,
    isLoggedVisit: (path) => routeOf(path)?.logVisit === true,
    hasPage: (path) => routeOf(path) !== undefined || !isPortalPath(path),
    navigationFor(path, audience = 'customer') {
      const here = normalizePath(path);
      return routes
        .flatMap((route) => (route.nav && [audience, 'both'].includes(route.nav.for ?? 'customer') ? [{ route, nav: route.nav }] : []))
        .sort((a, b) => a.nav.order - b.nav.order)
        .map(({ route, nav }) => ({
          href: route.path,
          labelKey: nav.labelKey,
          current: within(here, route.path) || (nav.alsoCurrentOn ?? []).includes(here),
          group: nav.group ?? 'main',
        }));
    },
  };
}

/** Where the speculation rules are served; every page names it in its `Speculation-Rules` header. */
export const SPECULATION_RULES_PATH = '/speculation-rules.json';
/**
 * Which links the browser may prefetch (links near the viewport; docs/architecture.md "Prefetch"), as a Speculation
 * Rules document rule: an allow-list of the table's pages, never a path that writes something when it is fetched:
 * - pages whose visit is logged (PAGE_VISITED; a prefetch is not a visit), the error pages, `/api/*` (sign-in, CSV
 *   downloads, …) and CMS files are not in the list;
 * - links marked `data-no-prefetch` (the language switch stores a cookie), downloads and new-tab links are excluded;
 * - sign-out and the project switch are forms, which are never prefetched.
 * "eager" is the browser's closest declarative match for "near the viewport" (mobile: links that stay in the viewport;
 * desktop: a short hover); a script with an IntersectionObserver would put JavaScript back on the content pages.
 */
export function speculationRules(routes: readonly PageRoute[]) {
  const pages = routes.filter((route) => !route.logVisit && !/^\/\d{3}$/.test(route.path)).map((route) => ({
    pathname: route.path.replace(/\[([^\]]+)\]/g, ':$1'),
  }));
  return {
    prefetch: [
      {
        source: 'document',
        where: {
          and: [
            { href_matches: pages, relative_to: 'document' },
            { not: { selector_matches: '[data-no-prefetch], [download], [target="_blank"], [rel~="nofollow"]' } },
          ],
        },
        eagerness: 'eager',
      },
    ],
  };
}
