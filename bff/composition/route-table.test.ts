import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createRouteTable } from '../contracts/routes.ts';
import { ROUTE_TABLE } from './capabilities.ts';

/** The portal's route table, derived from the capability list (each capability's contract declares its pages). */
const { routes: PAGE_ROUTES, accessOf, isLoggedVisit, navigationFor, routeOf } = ROUTE_TABLE;

const pagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/pages');

/** Every page file under site/pages as Astro routes it: `home/index.astro` -> `/home`. */
function pageFiles(dir = pagesDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pageFiles(full);
    if (!/\.(astro|ts)$/.test(entry.name) || entry.name.startsWith('_')) return [];
    const route = `/${path.relative(pagesDir, full).replace(/\.(astro|ts)$/, '').replace(/(^|\/)index$/, '')}`;
    return [route.length > 1 ? route.replace(/\/$/, '') : route];
  });
}

/** The paths (all under /home/app) whose visits are logged, and no others (README "Sign-in, sessions and pages"). */
const SPEC_LOGGED_PATHS = [
  '/home/app/profile',
  '/home/app/messages',
  '/home/app/monitoring',
  '/home/app/geld',
  '/home/app/my-project',
  '/home/app/my-project/planning-phase/offer-confirmation',
  '/home/app/my-project/planning-phase/power-of-attorney',
  '/home/app/my-project/planning-phase/power-of-attorney-mastr',
  '/home/app/my-project/planning-phase/conclusion',
  '/home/app/my-project/assembly-phase/delivery',
  '/home/app/my-project/assembly-phase/dc',
  '/home/app/my-project/assembly-phase/ac',
  '/home/app/my-project/assembly-phase/conclusion',
  '/home/app/files/documents',
  '/home/app/files/gallery',
  '/home/app/files/instructions',
];

describe('route table', () => {
  it('has an entry for every page file and a page file for every entry', () => {
    expect(new Set(PAGE_ROUTES.map((route) => route.path))).toEqual(new Set(pageFiles()));
    expect(PAGE_ROUTES.map((route) => route.path)).toHaveLength(new Set(PAGE_ROUTES.map((route) => route.path)).size);
  });

  it('refuses a page two capabilities declare', () => {
    expect(() => createRouteTable([...PAGE_ROUTES, { path: '/home/app/monitoring', access: 'public' }])).toThrow('/home/app/monitoring declared more than once');
  });

  it('tells the site which same-origin paths have a page: pages, and paths outside the protected areas', () => {
    expect(ROUTE_TABLE.hasPage('/home/app/my-project')).toBe(true);
    expect(ROUTE_TABLE.hasPage('/home/app/files/instructions/some-slug')).toBe(true);
    expect(ROUTE_TABLE.hasPage('/home/app/wallbox-abrechnung')).toBe(false);
    expect(ROUTE_TABLE.hasPage('/cms-media/speicher.webp')).toBe(true);
  });

  it('logs visits of exactly the listed pages', () => {
    for (const route of PAGE_ROUTES) expect(Boolean(route.logVisit), route.path).toBe(SPEC_LOGGED_PATHS.includes(route.path));
  });

  it('treats a trailing slash as the same page, and logs no detail pages or unknown paths', () => {
    expect(isLoggedVisit('/home/app/profile/')).toBe(true);
    for (const path of ['/home/dashboard', '/home/app/files/instructions/some-slug', '/home/app/help', '/home/app/nirgends']) {
      expect(isLoggedVisit(path), path).toBe(false);
    }
  });

  it('gives every route with parameters a sample path that it matches', () => {
    for (const route of PAGE_ROUTES.filter((r) => r.path.includes('['))) {
      expect(route.sample, route.path).toBeDefined();
      expect(routeOf(route.sample ?? '')).toBe(route);
    }
  });

  it('guards customer pages and unknown paths inside /home and /onboarding, not public pages', () => {
    expect(accessOf('/home/app/help')).toBe('public');
    expect(accessOf('/home/app/help/')).toBe('public');
    expect(accessOf('/privacy-policy')).toBe('public');
    expect(accessOf('/')).toBe('public');
    expect(accessOf('/home/app/profile')).toBe('customer');
    expect(accessOf('/home/app/files/knowledgebase/anything')).toBe('customer');
    expect(accessOf('/home/app/gibt-es-nicht')).toBe('customer');
    expect(accessOf('/onboarding/two-factor')).toBe('customer');
    expect(accessOf('/homepage')).toBe('public');
  });

  it('keeps the lead pages for leads, unknown paths below them included, and the deletion page open to both', () => {
    expect(accessOf('/home/lead')).toBe('lead');
    expect(accessOf('/home/lead/content/solar')).toBe('lead');
    expect(accessOf('/home/lead/gibt-es-nicht')).toBe('lead');
    expect(accessOf('/home/app/settings/delete-account')).toBe('account');
    expect(accessOf('/home/leader')).toBe('customer');
  });

  it('gives a lead a menu of its own: its dashboard, its contact details, help', () => {
    expect(navigationFor('/home/lead/tour', 'lead').map((item) => [item.href, item.current])).toEqual([
      ['/home/lead', true],
      ['/home/lead/contact-details', false],
      ['/home/app/help', false],
    ]);
    expect(navigationFor('/home/dashboard').map((item) => item.href)).not.toContain('/home/lead');
  });

  it('builds the navigation in order and marks the section of a detail page as current', () => {
    const nav = navigationFor('/home/app/files/knowledgebase/some-article');
    expect(nav.filter((item) => item.group === 'main').map((item) => item.href)).toEqual([
      '/home/dashboard',
      '/home/app/my-project',
      '/home/app/messages',
      '/home/app/monitoring',
      '/home/app/files',
      '/home/app/help',
    ]);
    expect(nav.filter((item) => item.current).map((item) => item.href)).toEqual(['/home/app/files']);
    expect(navigationFor('/home').find((item) => item.current)?.href).toBe('/home/dashboard');
    expect(navigationFor('/home/app').filter((item) => item.current).map((item) => item.href)).toEqual(['/home/dashboard']);
    expect(navigationFor('/home/app/my-project/assembly-phase/dc').filter((item) => item.current).map((item) => item.href)).toEqual(['/home/app/my-project']);
    expect(navigationFor('/privacy-policy').some((item) => item.current)).toBe(false);
  });

  it('puts the account, the settings with export and deletion, the Export page, the money pages and the surveys in the account menu', () => {
    expect(navigationFor('/home/dashboard').filter((item) => item.group === 'account').map((item) => item.href)).toEqual([
      '/home/app/profile',
      '/home/app/settings',
      '/home/app/exports',
      '/home/app/geld',
      '/home/app/refund',
      '/home/app/sepa-mandate',
      '/home/app/referral-reward',
      '/home/app/surveys',
    ]);
    expect(navigationFor('/home/app/settings/delete-account').filter((item) => item.current).map((item) => item.href)).toEqual(['/home/app/settings']);
    expect(navigationFor('/home/app/surveys/12/result').filter((item) => item.current).map((item) => item.href)).toEqual(['/home/app/surveys']);
  });
});
