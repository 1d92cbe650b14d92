/**
 * The route table (spec section 2): every page of `site/pages` with who may open it, whether its visit is logged as
 * PAGE_VISITED, and its entry in the main navigation. Read by the BFF's page guard and page-visit log, by the site's
 * navigation and by the end-to-end sweep (axe + "no 5xx") over every route; `routes.test.ts` fails when a page
 * file has no entry or an entry has no page. A capability adds its pages here, one line each.
 */

/**
 * `public`: anyone; `customer`: a signed-in customer (a lead is sent to its dashboard); `lead`: a signed-in lead of
 * the funnel's lead phase (issue 18; a customer is sent to the customer dashboard); `account`: any signed-in account,
 * customer or lead (the account's own data: export and deletion).
 */
export type PageAccess = 'public' | 'customer' | 'lead' | 'account';

export interface NavEntry {
  /** i18n key of the label (`nav.*`). */
  labelKey: string;
  /** Position in the menu, ascending. */
  order: number;
  /** Further paths on which this entry is the current one (the entry's own path and its sub-paths always are). */
  alsoCurrentOn?: readonly string[];
  /** Whose menu shows it: customers (the default), leads, or both (issue 18). */
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
  /** PAGE_VISITED is written for a signed-in visit of exactly this path (spec section 2 lists them). */
  logVisit?: boolean;
  nav?: NavEntry;
  /** For a pattern with parameters: a real path of the demo data, which the end-to-end sweep opens. */
  sample?: string;
  /**
   * A project page: with the project-link check on (PROJECT_LINK_CHECK, spec section 9) a customer without any linked
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

/** The eight step pages of the journey (spec section 2); every visit is logged. */
const STEP_ROUTES: PageRoute[] = [
  'planning-phase/offer-confirmation',
  'planning-phase/power-of-attorney',
  'planning-phase/power-of-attorney-mastr',
  'planning-phase/conclusion',
  'assembly-phase/delivery',
  'assembly-phase/dc',
  'assembly-phase/ac',
  'assembly-phase/conclusion',
].map((step) => ({ path: `/home/app/my-project/${step}`, access: 'customer', logVisit: true, needsProject: true }));

export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: '/', access: 'public' },
  { path: '/400', access: 'public' },
  { path: '/404', access: 'public' },
  { path: '/500', access: 'public' },
  { path: '/privacy-policy', access: 'public', publicCache: true },
  { path: '/consent', access: 'public' },
  { path: '/home', access: 'customer' },
  { path: '/home/dashboard', access: 'customer', nav: { labelKey: 'nav.dashboard', order: 10, alsoCurrentOn: ['/home', '/home/app', '/home/form'] } },
  { path: '/home/app', access: 'customer' },
  { path: '/home/form', access: 'customer' },
  { path: '/home/app/my-project', access: 'customer', logVisit: true, needsProject: true, nav: { labelKey: 'nav.myProject', order: 15 } },
  ...STEP_ROUTES,
  { path: '/home/app/move-mastr', access: 'customer', needsProject: true },
  { path: '/home/app/messages', access: 'customer', logVisit: true, needsProject: true, nav: { labelKey: 'nav.messages', order: 17 } },
  { path: '/home/app/messages/[id]', access: 'customer', needsProject: true, sample: '/home/app/messages/T-1001' },
  {
    path: '/home/app/monitoring',
    access: 'customer',
    logVisit: true,
    needsProject: true,
    nav: { labelKey: 'nav.monitoring', order: 20 },
  },
  // Files (issue 13): one menu entry; the area's own tabs lead to documents, photos, instructions and knowledge.
  { path: '/home/app/files', access: 'customer', nav: { labelKey: 'nav.files', order: 30 } },
  { path: '/home/app/files/documents', access: 'customer', logVisit: true, needsProject: true },
  { path: '/home/app/files/gallery', access: 'customer', logVisit: true, needsProject: true },
  { path: '/home/app/files/gallery/[id]', access: 'customer', needsProject: true, sample: '/home/app/files/gallery/demo-100240-roof' },
  { path: '/home/app/meter-change-request', access: 'customer', needsProject: true },
  // Money: in the account menu, besides the bell's notifications and the profile's "Zahlungen und Empfehlungen".
  { path: '/home/app/refund', access: 'customer', needsProject: true, nav: { labelKey: 'nav.refund', order: 64, group: 'account' } },
  { path: '/home/app/sepa-mandate', access: 'customer', needsProject: true, nav: { labelKey: 'nav.sepaMandate', order: 65, group: 'account' } },
  { path: '/home/app/referral-reward', access: 'customer', needsProject: true, nav: { labelKey: 'nav.referral', order: 66, group: 'account' } },
  { path: '/meter-change-request/photo', access: 'public' },
  { path: '/home/app/files/knowledgebase', access: 'customer' },
  {
    path: '/home/app/files/knowledgebase/[slug]',
    access: 'customer',
    sample: '/home/app/files/knowledgebase/so-funktioniert-deine-photovoltaikanlage',
  },
  { path: '/home/app/files/instructions', access: 'customer', logVisit: true },
  {
    path: '/home/app/files/instructions/[slug]',
    access: 'customer',
    sample: '/home/app/files/instructions/wechselrichter-mit-dem-internet-verbinden',
  },
  // Surveys: reached from the invitation mail, the bell (open surveys) and the account menu (answered ones
  // stay readable there); not a logged visit. The samples are ids no survey has.
  { path: '/home/app/surveys', access: 'customer', nav: { labelKey: 'nav.surveys', order: 68, group: 'account' } },
  { path: '/home/app/surveys/[id]', access: 'customer', sample: '/home/app/surveys/999999999' },
  { path: '/home/app/surveys/[id]/result', access: 'customer', sample: '/home/app/surveys/999999999/result' },
  { path: '/home/app/help', access: 'public', publicCache: true, nav: { labelKey: 'nav.help', order: 50, for: 'both' } },
  { path: '/home/app/profile', access: 'customer', logVisit: true, nav: { labelKey: 'nav.profile', order: 60, group: 'account' } },
  // The customer's account: settings (with the data export and the deletion), and the onboarding of the
  // first sign-in (the page guard keeps a customer on the first open onboarding step; done steps stay viewable).
  { path: '/home/app/settings', access: 'customer', nav: { labelKey: 'nav.settings', order: 62, group: 'account' } },
  // Deleting the account is open to a lead too (GDPR Art. 17; issue 18).
  { path: '/home/app/settings/delete-account', access: 'account' },
  { path: '/onboarding/two-factor', access: 'customer' },
  { path: '/onboarding/base-data', access: 'customer' },
  { path: '/onboarding/tour', access: 'customer' },
  // Lead funnel (issue 18, docs/funnel.md): public, reached from ads and partner pages with `?quelle=<urlParam>`.
  { path: '/angebot', access: 'public' },
  { path: '/angebot/code', access: 'public' },
  { path: '/angebot/fertig', access: 'public' },
  // The lead phase (issue 18 phase B, docs/funnel.md): a lead's own pages; customer pages send a lead here.
  { path: '/home/lead', access: 'lead', nav: { labelKey: 'nav.leadDashboard', order: 10, for: 'lead', alsoCurrentOn: ['/home/lead/tour'] } },
  { path: '/home/lead/contact-details', access: 'lead', nav: { labelKey: 'nav.leadContactDetails', order: 20, for: 'lead' } },
  { path: '/home/lead/tour', access: 'lead' },
  { path: '/home/lead/content/[topic]', access: 'lead', sample: '/home/lead/content/solar' },
];

/**
 * Areas whose unknown paths are treated as customer pages: a signed-out visitor is sent to the login and learns
 * nothing about which pages exist (spec section 2, page guard).
 */
export const PROTECTED_AREAS: readonly string[] = ['/home', '/onboarding'];
/** Unknown paths below the lead's pages are lead pages (a lead gets the 404 page there, not a redirect). */
const LEAD_AREA = '/home/lead';

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

/** The route of a request path, or undefined for a path that has no page. */
export function routeOf(path: string): PageRoute | undefined {
  const normalized = normalizePath(path);
  return PAGE_ROUTES.find((route) => route.path === normalized) ?? PAGE_ROUTES.find((route) => matches(route.path, normalized));
}

/** Who may open a path: its route's access; an unknown path inside a protected area counts as a customer page. */
export function accessOf(path: string): PageAccess {
  const route = routeOf(path);
  if (route) return route.access;
  if (within(normalizePath(path), LEAD_AREA)) return 'lead';
  return PROTECTED_AREAS.some((area) => within(normalizePath(path), area)) ? 'customer' : 'public';
}

/** Whether the path is a project page (see `needsProject`). */
export function needsProject(path: string): boolean {
  return routeOf(path)?.needsProject === true;
}

/** Whether a signed-in visit of this path writes PAGE_VISITED. */
export function isLoggedVisit(path: string): boolean {
  return routeOf(path)?.logVisit === true;
}

export interface NavItem {
  href: string;
  labelKey: string;
  current: boolean;
  group: 'main' | 'account';
}

/** The main navigation for the page at `path`, in menu order; detail pages mark their section as current. */
export function navigationFor(path: string, audience: 'customer' | 'lead' = 'customer'): NavItem[] {
  const here = normalizePath(path);
  return PAGE_ROUTES.flatMap((route) => (route.nav && [audience, 'both'].includes(route.nav.for ?? 'customer') ? [{ route, nav: route.nav }] : []))
    .sort((a, b) => a.nav.order - b.nav.order)
    .map(({ route, nav }) => ({
      href: route.path,
      labelKey: nav.labelKey,
      current: within(here, route.path) || (nav.alsoCurrentOn ?? []).includes(here),
      group: nav.group ?? 'main',
    }));
}

/** Where the speculation rules are served; every page names it in its `Speculation-Rules` header. */
export const SPECULATION_RULES_PATH = '/speculation-rules.json';

/**
 * Which links the browser may prefetch (spec section 9: links near the viewport), as a Speculation Rules document
 * rule: an allow-list of the table's pages, never a path that writes something when it is fetched:
 * - pages whose visit is logged (PAGE_VISITED; a prefetch is not a visit), the error pages, `/api/*` (sign-in, CSV
 *   downloads, …) and CMS files are not in the list;
 * - links marked `data-no-prefetch` (the language switch stores a cookie), downloads and new-tab links are excluded;
 * - sign-out and the project switch are forms, which are never prefetched.
 * "eager" is the browser's closest declarative match for "near the viewport" (mobile: links that stay in the viewport;
 * desktop: a short hover); a script with an IntersectionObserver would put JavaScript back on the content pages.
 */
export function speculationRules() {
  const pages = PAGE_ROUTES.filter((route) => !route.logVisit && !/^\/\d{3}$/.test(route.path)).map((route) => ({
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
