import express, { Router, type Request, type Response } from 'express';
import { AccountErrors, SETTINGS_PATH } from '../../contracts/account.ts';
import { AUTH_PATHS, POST_LOGOUT_PATHS, type ActionStatus, type SessionUser, type UPDATE_PASSWORD_ACTION } from '../../contracts/auth.ts';
import { FUNNEL_COOKIE } from '../../contracts/funnel.ts';
import { CLEAR_SITE_DATA } from '../../contracts/http.ts';
import { LEAD_HOME } from '../../contracts/lead.ts';
import type { RouteTable } from '../../contracts/routes.ts';
import { safeReturnTo } from '../../domain/auth/return-to.ts';
import { InvalidLogoutToken, LoginFailed, type IdentityProvider, type VerifiedLogin } from '../../ports/identity-provider.ts';
import { sameOriginPath } from '../../contracts/redirects.ts';
import { refusalLocation } from '../../contracts/form-flash.ts';
import { cookieValue } from '../cookies.ts';
import { withParams } from '../form-action.ts';
import { redirectWithin } from '../redirect.ts';
import type { RouteDeps } from '../route-deps.ts';
import { sessionCookieName } from '../session.ts';

const promisify = (fn: (cb: (err?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));

/** The funnel cookie's value (the browser's funnel request; docs/funnel.md). */
const funnelTokenOf = (req: Request): string | null => cookieValue(req.get('cookie'), FUNNEL_COOKIE) ?? null;

/** The pending login of a redirect to the identity provider, as the session keeps it. */
type PendingAtProvider = { returnTo: string; invitationId?: number; action?: typeof UPDATE_PASSWORD_ACTION };

/**
 * A fresh login attempt at the identity provider (PKCE, state, nonce), saved in the session before the browser is sent
 * to the answered authorization URL (express-session would answer before it saved). Shared by the sign-ins and the
 * settings' password change, which all come back through `/api/auth/callback`.
 */
export async function startAtProvider(
  req: Request,
  identityProvider: IdentityProvider,
  publicUrl: string,
  login: PendingAtProvider & Parameters<IdentityProvider['startLogin']>[1],
): Promise<URL> {
  const { returnTo, invitationId, ...options } = login;
  const { authorizationUrl, pending } = await identityProvider.startLogin(`${publicUrl}${AUTH_PATHS.callback}`, options);
  req.session.login = { ...pending, returnTo, ...(invitationId ? { invitationId } : {}), ...(options.action ? { action: options.action } : {}) };
  await promisify((cb) => req.session.save(cb));
  return authorizationUrl;
}

/**
 * Where an account lands after the sign-in: a lead never on a customer page (it would be sent on to its dashboard
 * with a notice), a customer never on a lead page.
 */
export function landingOf(routes: RouteTable, user: SessionUser, returnTo: string): string {
  const access = routes.accessOf(returnTo.split(/[?#]/)[0] ?? '/');
  if (user.phase === 'LEAD') return access === 'customer' ? LEAD_HOME : returnTo;
  return access === 'lead' ? '/home/dashboard' : returnTo;
}

/**
 * /api/auth: the BFF is the confidential OIDC client (docs/security.md "Sign-in and sessions").
 * `/login` for everyone, `/login-lead` the separate lead login (docs/funnel.md): the same client and callback, the provider's
 * e-mail code scope (it offers the code first, in any browser), the address from the browser's verified funnel
 * request as `login_hint` when there is one, and the lead dashboard as the page to come back to.
 */
export function authRoutes({ services, config, logger, routes }: RouteDeps): Router {
  const router = Router();
  const deps = {
    identityProvider: services.identityProvider,
    signIn: services.signIn,
    publicUrl: config.publicUrl,
    sessionCookieName: sessionCookieName(config.publicUrl.startsWith('https://')),
    logger,
  };
  const redirectUri = `${deps.publicUrl}${AUTH_PATHS.callback}`;
  const loginError = (reason: 'cancelled' | 'failed' | 'forbidden') => `/?loginError=${reason}`;
  const beginLogin = async (req: Request, res: Response, login: PendingAtProvider & Parameters<IdentityProvider['startLogin']>[1]) => {
    res.redirect(302, (await startAtProvider(req, deps.identityProvider, deps.publicUrl, login)).href);
  };

  /** The provider session and the customer's session generation go with every new portal session (bff/http/session.ts). */
  async function bindSession(req: Request, user: SessionUser, verified: VerifiedLogin, generation?: number) {
    req.session.idToken = verified.idToken;
    if (typeof verified.claims.sid === 'string') req.session.providerSid = verified.claims.sid;
    req.session.generation = generation ?? (await services.sessions.generationOf(user.id));
  }

  /**
   * The way back from the provider's update-password screen (the settings' password change): the same account's code
   * and `kc_action_status`. Success ends every other session of the customer (the current one gets a new id and the
   * new generation) and sends the notice; a cancel or an error changes nothing. Either way back to the settings.
   */
  async function finishPasswordAction(req: Request, res: Response, pending: NonNullable<Request['session']['login']>, callbackUrl: URL) {
    const user = req.session.user;
    let status: ActionStatus;
    let verified: VerifiedLogin | undefined;
    try {
      verified = await deps.identityProvider.finishLogin(callbackUrl, redirectUri, pending);
      status = verified.actionStatus ?? 'error';
    } catch (error) {
      if (!(error instanceof LoginFailed)) throw error;
      status = error.reason === 'cancelled' ? 'cancelled' : 'error';
    }
    if (!user || (verified && verified.claims.sub !== user.id)) {
      // Signed in at the provider as someone else meanwhile: nothing of that answer counts here.
      deps.logger.warn('password action answered for another account');
      status = 'error';
    }
    if (status === 'success' && user && verified) {
      const { generation } = await services.account.passwordChanged(user, req.sessionID);
      const kept = Object.fromEntries(Object.entries(req.session).filter(([name]) => name !== 'cookie'));
      // A new session id after the re-authentication (ASVS 7.2.4), with the generation that outlives the others.
      await promisify((cb) => req.session.regenerate(cb));
      Object.assign(req.session, kept);
      await bindSession(req, user, verified, generation);
    }
    await promisify((cb) => req.session.save(cb));
    const back = pending.returnTo.split('#')[0] ?? SETTINGS_PATH;
    // Done or cancelled: a notice on the section; failed: a refusal of the section's form (its summary says why).
    const target =
      status === 'success'
        ? `${withParams(back, { done: 'PASSWORD_CHANGED' })}#password`
        : status === 'cancelled'
          ? `${withParams(back, { done: 'PASSWORD_UNCHANGED' })}#password`
          : refusalLocation(back, { form: 'password', code: AccountErrors.PASSWORD_NOT_CHANGED.code, fields: {}, params: {} });
    redirectWithin(res, target, { fallback: SETTINGS_PATH });
  }

  /** Where the customer lands after an invitation: the dashboard confirming the project, or saying why not. */
  async function acceptInvitation(req: Request, invitationId: number, user: SessionUser): Promise<string> {
    try {
      const outcome = await services.invitations.accept(invitationId, user);
      if (outcome.status !== 'accepted') return `/home/dashboard?invitation=${outcome.status}`;
      req.session.currentProjectId = outcome.projectId;
      return `/home/dashboard?linked=${outcome.projectId}`;
    } catch (error) {
      deps.logger.warn('invitation not accepted', { invitationId, error });
      return '/home/dashboard?invitation=failed';
    }
  }

  router.get('/login', async (req, res) => {
    const returnTo = safeReturnTo(req.query.returnTo);
    if (req.session.user) {
      redirectWithin(res, landingOf(routes, req.session.user, returnTo));
      return;
    }
    await beginLogin(req, res, { returnTo });
  });

  router.get('/login-lead', async (req, res) => {
    const returnTo = sameOriginPath(req.query.returnTo, LEAD_HOME);
    const target = safeReturnTo(returnTo);
    if (req.session.user) {
      redirectWithin(res, landingOf(routes, req.session.user, target));
      return;
    }
    // Also makes the lead's account when the identity provider was down at verification.
    const lead = await services.funnel.signInFor(funnelTokenOf(req));
    await beginLogin(req, res, { returnTo: target, loginHint: lead?.email, emailCode: true });
  });

  /**
   * The invitation mail's link (docs/jobs.md "Invitations"): INVITATION_LINK_CLICKED, then the identity provider's
   * account creation screen (an existing account signs in from there); the callback connects the project. A signed-in
   * customer gets the project at once. A wrong, used or expired link goes to the start page, which says why.
   */
  router.get('/invitation', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const click = await services.invitations.click(token);
    if (click.status !== 'valid') {
      redirectWithin(res, req.session.user ? `/home/dashboard?invitation=${click.status}` : `/?invitation=${click.status}`);
      return;
    }
    if (req.session.user) {
      const destination = await acceptInvitation(req, click.invitationId, req.session.user);
      await promisify((cb) => req.session.save(cb));
      redirectWithin(res, destination);
      return;
    }
    await beginLogin(req, res, { returnTo: '/home/dashboard', register: true, loginHint: click.email, invitationId: click.invitationId });
  });

  router.get('/callback', async (req, res) => {
    const pending = req.session.login;
    const callbackUrl = new URL(req.originalUrl, deps.publicUrl);
    if (!pending) {
      // E.g. the back button after a finished login, or a callback from another browser.
      deps.logger.warn('login callback without a pending login');
      redirectWithin(res, loginError(callbackUrl.searchParams.get('error') === 'access_denied' ? 'cancelled' : 'failed'));
      return;
    }
    delete req.session.login;
    if (pending.action) {
      await finishPasswordAction(req, res, pending, callbackUrl);
      return;
    }
    let verified;
    try {
      verified = await deps.identityProvider.finishLogin(callbackUrl, redirectUri, pending);
    } catch (error) {
      if (!(error instanceof LoginFailed)) throw error;
      deps.logger.warn('login failed', { reason: error.reason, error });
      await promisify((cb) => req.session.save(cb));
      redirectWithin(res, loginError(error.reason));
      return;
    }
    const result = await deps.signIn(verified.claims, req.language);
    if (!result.ok) {
      deps.logger.warn('login refused', { reason: result.reason });
      redirectWithin(res, loginError(result.reason));
      return;
    }
    // A new session id at login (ASVS 7.2.4): nothing from the anonymous session carries over.
    await promisify((cb) => req.session.regenerate(cb));
    req.session.user = result.user;
    if (result.onboarding) req.session.onboarding = result.onboarding;
    await bindSession(req, result.user, verified);
    req.session.signedInAt = Date.now();
    const destination = pending.invitationId && result.user.phase !== 'LEAD' ? await acceptInvitation(req, pending.invitationId, result.user) : landingOf(routes, result.user, pending.returnTo);
    await promisify((cb) => req.session.save(cb));
    redirectWithin(res, destination, { fallback: result.user.phase === 'LEAD' ? LEAD_HOME : '/home/dashboard' });
  });

  /**
   * Sign-out is a plain HTML form POST (works without JavaScript; CSRF by the same-origin form rule, see
   * middlewares/csrf.ts) answered by a 303 to the provider's end-session URL. The ID token (id_token_hint) travels
   * only in that Location header, never in a body script can read. Clear-Site-Data empties the browser's storage
   * (the persisted API caches) and HTTP cache (photos) for the portal's origin.
   */
  router.post('/logout', express.urlencoded({ extended: false, limit: '1kb' }), async (req, res) => {
    const idToken = req.session.idToken;
    const wasSignedIn = Boolean(req.session.user);
    await promisify((cb) => req.session.destroy(cb));
    res.clearCookie(deps.sessionCookieName, { path: '/' });
    res.set('Clear-Site-Data', CLEAR_SITE_DATA);
    if (!wasSignedIn) {
      redirectWithin(res, POST_LOGOUT_PATHS.loggedOut, { status: 303 });
      return;
    }
    const endSession = await deps.identityProvider.logoutUrl(idToken, `${deps.publicUrl}${POST_LOGOUT_PATHS.loggedOut}`);
    // No body: Express's redirect body would repeat the URL, and with it the token.
    res.status(303).location(endSession.href).end();
  });

  router.get('/logout', (_req, res) => {
    res.set('Allow', 'POST').status(405).json({
      code: 'METHOD_NOT_ALLOWED',
      message: 'Abmelden geht nur über den Abmelde-Knopf im Portal.',
    });
  });

  router.get('/me', (req, res) => {
    const user = req.session.user;
    if (!user) {
      res.status(204).end();
      return;
    }
    res.json(user);
  });

  return router;
}

/**
 * OpenID Connect Back-Channel Logout 1.0 (a machine route before the CSRF check, docs/account.md "Sessions"): the
 * identity provider posts `logout_token` (form-encoded) when a provider session ends. 200 when the sessions ended,
 * 400 with the error body it defines when the token fails a check; never cached.
 */
export function backchannelLogoutRoutes({ services, logger }: RouteDeps): Router {
  const router = Router();
  router.post(AUTH_PATHS.backchannelLogout.replace(/^\/api/, ''), express.urlencoded({ extended: false, limit: '16kb' }), async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const token = (req.body as Record<string, unknown> | undefined)?.logout_token;
    try {
      if (typeof token !== 'string' || token === '') throw new InvalidLogoutToken('no logout_token');
      const { ended, by } = await services.backchannelLogout(token);
      logger.info('back-channel logout', { ended, by });
      res.status(200).end();
    } catch (error) {
      if (!(error instanceof InvalidLogoutToken)) throw error;
      logger.warn('back-channel logout refused', { reason: error.message });
      res.status(400).json({ error: 'invalid_request', error_description: 'The logout token is not valid.' });
    }
  });
  return router;
}
