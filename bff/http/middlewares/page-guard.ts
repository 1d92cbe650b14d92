import type { RequestHandler } from 'express';
import { DELETE_ACCOUNT_PATH } from '../../contracts/account.ts';
import { AUTH_PATHS, withReturnTo } from '../../contracts/auth.ts';
import { CUSTOMER_AREA_NOTICE, LEAD_HOME } from '../../contracts/lead.ts';
import { ONBOARDING_PAGES, ONBOARDING_STEPS, onboardingStepOfPath } from '../../contracts/onboarding.ts';
import { sameOriginPath } from '../../contracts/redirects.ts';
import { normalizePath, type RouteTable } from '../../contracts/routes.ts';

/**
 * Sends a visitor without a session to the login URL, remembering the page they asked for. Who may
 * open a page is the route table's `access` (derived from the capability list); no page checks sign-in on its own.
 * A customer who has not finished onboarding (the session's `onboarding`, set at sign-in and by each step) is sent
 * to the first open step, with the page they asked for as `returnTo`; a later step waits for the earlier ones. The
 * account deletion page stays open to them.
 * A lead sees the lead pages only (docs/funnel.md): a customer page sends it to the lead dashboard, which says why
 * (`?hinweis=kundenbereich`); a customer opening a lead page goes to the customer dashboard. A signed-out visitor of a
 * lead page is sent to the lead login.
 */
export function pageGuard(loginUrl: string, routes: RouteTable): RequestHandler {
  return (req, res, next) => {
    const access = routes.accessOf(req.path);
    const user = req.session?.user;
    if (!user) {
      if (access === 'public') return next();
      // The login URL is configuration (possibly absolute); the page to come back to is checked by the one rule.
      const login = access === 'lead' ? AUTH_PATHS.loginLead : loginUrl;
      res.redirect(302, withReturnTo(login, sameOriginPath(req.originalUrl, access === 'lead' ? LEAD_HOME : '/home/dashboard')));
      return;
    }
    if (user.phase === 'LEAD' && access === 'customer') {
      res.redirect(303, `${LEAD_HOME}?hinweis=${CUSTOMER_AREA_NOTICE}`);
      return;
    }
    if (user.phase !== 'LEAD' && access === 'lead') {
      res.redirect(303, '/home/dashboard');
      return;
    }
    const open = req.session.onboarding;
    // Deleting the account needs no finished onboarding (GDPR Art. 17: whenever the customer wants).
    if (!open || access === 'public' || normalizePath(req.path) === DELETE_ACCOUNT_PATH) return next();
    const here = onboardingStepOfPath(normalizePath(req.path));
    if (here && ONBOARDING_STEPS.indexOf(here) <= ONBOARDING_STEPS.indexOf(open)) return next();
    // From an onboarding page the customer keeps the page they wanted first; from any other page it is this one.
    const wanted = here ? req.query.returnTo : req.originalUrl;
    const returnTo = sameOriginPath(wanted, '/home/dashboard');
    res.redirect(302, `${ONBOARDING_PAGES[open]}?${new URLSearchParams({ returnTo })}`);
  };
}
