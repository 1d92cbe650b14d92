import type { Router } from 'express';
import type { RouteDeps } from './route-deps.ts';
import { accountDataRoutes, accountRoutes, identityEventsRoutes } from './routes/account.routes.ts';
import { activityRoutes } from './routes/activity.routes.ts';
import { authRoutes, backchannelLogoutRoutes } from './routes/auth.routes.ts';
import { cronRoutes, externalRoutes, internalRoutes } from './machine/machine.routes.ts';
import { funnelFormRoutes, funnelRoutes } from './routes/funnel.routes.ts';
import { newsletterRoutes } from './routes/newsletter.routes.ts';
import { notificationsRoutes } from './routes/notifications.routes.ts';
import { journeyStatusRoutes, onboardingRoutes } from './routes/onboarding.routes.ts';
import { leadRoutes } from './routes/lead.routes.ts';
import { projectsRoutes } from './routes/projects.routes.ts';
import { speculationRulesRoutes } from './routes/speculation-rules.routes.ts';

/**
 * Where a router is mounted, in the pipeline's order (bff/http/app.ts):
 * - `assets`: public files before the session (e.g. CMS media);
 * - `machine`: below /api, before the CSRF check, for callers with their own secret (CMS webhook, later cron tokens);
 * - `public`: below /api after the CSRF check, for anyone (the consent choice, consented analytics events);
 * - `auth`: /api/auth (sign-in, sign-out, profile);
 * - `capability`: on the app base, after the CSRF check, without a session: a route that a single-use capability in
 *   the request opens (the meter photo upload from a mailed link; docs/files.md);
 * - `account`: on the internal base, every signed-in account, leads included (issue 18): the journey status, the
 *   activity report, the lead's own routes (each checks the phase it serves);
 * - `app` and `internal`: the app (/api/v2/app) and internal (/api/v1/internal) bases, signed-in customers only (a
 *   lead gets 403 `AUTH.CUSTOMERS_ONLY`).
 */
export type MountBase = 'assets' | 'machine' | 'public' | 'auth' | 'capability' | 'account' | 'app' | 'internal';

/** A router with its mount base. */
export type Mount = readonly [MountBase, (deps: RouteDeps) => Router];

/** The routers of the capabilities not yet declared in a capability module (bff/composition/capabilities.ts). */
export const MOUNTS: readonly Mount[] = [
  ['assets', speculationRulesRoutes],
  ['machine', internalRoutes],
  ['machine', cronRoutes],
  ['machine', funnelRoutes],
  ['machine', externalRoutes],
  ['auth', authRoutes],
  ['machine', backchannelLogoutRoutes],
  ['internal', projectsRoutes],
  ['account', activityRoutes],
  ['app', notificationsRoutes],
  ['capability', funnelFormRoutes],
  ['machine', identityEventsRoutes],
  ['internal', onboardingRoutes],
  ['account', journeyStatusRoutes],
  ['account', leadRoutes],
  ['internal', newsletterRoutes],
  ['internal', accountRoutes],
  ['account', accountDataRoutes],
];

export const mountsOf = (mounts: readonly Mount[], base: MountBase, deps: RouteDeps): Router[] =>
  mounts.filter(([at]) => at === base).map(([, router]) => router(deps));
