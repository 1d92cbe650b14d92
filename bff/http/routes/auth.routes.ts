import { Router } from 'express';
import { safeReturnTo } from '../../domain/auth/return-to.ts';
import { LoginFailed } from '../../ports/identity-provider.ts';
import type { RouteDeps } from '../route-deps.ts';
import { sessionCookieName } from '../session.ts';

const promisify = (fn: (cb: (err?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));

/**
 * /api/auth: the BFF is the confidential OIDC client (spec sections 2, 6, 7; docs/security.md "Session and login").
 * The lead login (`/login-lead`, SMS funnel) joins this router with the lead-funnel issue.
 */
export function authRoutes({ services, config, logger }: RouteDeps): Router {
  const router = Router();
  const deps = {
    identityProvider: services.identityProvider,
    signIn: services.signIn,
    publicUrl: config.publicUrl,
    sessionCookieName: sessionCookieName(config.publicUrl.startsWith('https://')),
    logger,
  };
  const redirectUri = `${deps.publicUrl}/api/auth/callback`;
  const loginError = (reason: 'cancelled' | 'failed' | 'forbidden') => `/?loginError=${reason}`;

  router.get('/login', async (req, res) => {
    const returnTo = safeReturnTo(req.query.returnTo);
    if (req.session.user) {
      res.redirect(302, returnTo);
      return;
    }
    const { authorizationUrl, pending } = await deps.identityProvider.startLogin(redirectUri);
    req.session.login = { ...pending, returnTo };
    await promisify((cb) => req.session.save(cb));
    res.redirect(302, authorizationUrl.href);
  });

  router.get('/callback', async (req, res) => {
    const pending = req.session.login;
    const callbackUrl = new URL(req.originalUrl, deps.publicUrl);
    if (!pending) {
      // E.g. the back button after a finished login, or a callback from another browser.
      deps.logger.warn('login callback without a pending login');
      res.redirect(302, loginError(callbackUrl.searchParams.get('error') === 'access_denied' ? 'cancelled' : 'failed'));
      return;
    }
    delete req.session.login;
    let verified;
    try {
      verified = await deps.identityProvider.finishLogin(callbackUrl, redirectUri, pending);
    } catch (error) {
      if (!(error instanceof LoginFailed)) throw error;
      deps.logger.warn('login failed', { reason: error.reason, error });
      await promisify((cb) => req.session.save(cb));
      res.redirect(302, loginError(error.reason));
      return;
    }
    const result = await deps.signIn(verified.claims);
    if (!result.ok) {
      deps.logger.warn('login refused', { reason: result.reason });
      res.redirect(302, loginError(result.reason));
      return;
    }
    // A new session id at login (ASVS 7.2.4): nothing from the anonymous session carries over.
    await promisify((cb) => req.session.regenerate(cb));
    req.session.user = result.user;
    req.session.idToken = verified.idToken;
    req.session.signedInAt = Date.now();
    await promisify((cb) => req.session.save(cb));
    res.redirect(302, pending.returnTo);
  });

  router.post('/logout', async (req, res) => {
    const idToken = req.session.idToken;
    const wasSignedIn = Boolean(req.session.user);
    await promisify((cb) => req.session.destroy(cb));
    res.clearCookie(deps.sessionCookieName, { path: '/' });
    const afterLogout = `${deps.publicUrl}/?loggedOut=1`;
    const redirectTo = wasSignedIn
      ? (await deps.identityProvider.logoutUrl(idToken, afterLogout)).href
      : '/?loggedOut=1';
    res.json({ redirectTo });
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
