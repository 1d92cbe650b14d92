import type { Response } from 'express';
import { sameOriginPath } from '../contracts/redirects.ts';

/**
 * Every redirect the BFF answers to a portal page goes through here: the target passes the one same-origin rule
 * (bff/contracts/redirects.ts) or the visitor lands on `fallback`. Only the identity provider's own URLs (login,
 * end-session), built by the OIDC client from the provider's discovery document, are sent with `res.redirect` directly.
 */
export function redirectWithin(res: Response, target: string, options: { status?: 302 | 303; fallback?: string } = {}): void {
  res.redirect(options.status ?? 302, sameOriginPath(target, options.fallback ?? '/'));
}
