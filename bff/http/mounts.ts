import type { Router } from 'express';
import type { RouteDeps } from './route-deps.ts';

/**
 * Where a router is mounted, in the pipeline's order (bff/http/app.ts):
 * - `assets`: public files before the session (e.g. CMS media);
 * - `machine`: below /api, before the CSRF check, for callers with their own secret (CMS webhook, later cron tokens);
 * - `public`: below /api after the CSRF check, for anyone (the consent choice, consented analytics events);
 * - `auth`: /api/auth (sign-in, sign-out, profile);
 * - `capability`: on the app base, after the CSRF check, without a session: a route that a single-use capability in
 *   the request opens (the meter photo upload from a mailed link; docs/files.md);
 * - `account`: on the internal base, every signed-in account, leads included (docs/funnel.md): the journey status, the
 *   activity report, the lead's own routes (each checks the phase it serves);
 * - `app` and `internal`: the app (/api/v2/app) and internal (/api/v1/internal) bases, signed-in customers only (a
 *   lead gets 403 `AUTH.CUSTOMERS_ONLY`).
 */
export type MountBase = 'assets' | 'machine' | 'public' | 'auth' | 'capability' | 'account' | 'app' | 'internal';

/** A router with its mount base. */
export type Mount = readonly [MountBase, (deps: RouteDeps) => Router];


export const mountsOf = (mounts: readonly Mount[], base: MountBase, deps: RouteDeps): Router[] =>
  mounts.filter(([at]) => at === base).map(([, router]) => router(deps));
