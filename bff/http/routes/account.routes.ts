import { Router, type Request, type Response } from 'express';
import * as z from 'zod/mini';
import { ACCOUNT_API, AccountErrors, DELETE_ACCOUNT_PATH, EMAIL_CHANGE_PARAM, DeleteAccountSchema, EmailChangeSchema, EmailConfirmSchema, SETTINGS_PATH } from '../../contracts/account.ts';
import { POST_LOGOUT_PATHS, UPDATE_PASSWORD_ACTION } from '../../contracts/auth.ts';
import { CLEAR_SITE_DATA } from '../../contracts/http.ts';
import { LEAD_HOME } from '../../contracts/lead.ts';
import { AppError } from '../../domain/errors.ts';
import { formActions, saveSession, textField, withParams } from '../form-action.ts';
import type { RouteDeps } from '../route-deps.ts';
import { sessionCookieName } from '../session.ts';
import { signedIn } from '../signed-in.ts';
import { isValidEventSignature, rawBodyOf } from '../webhook-signature.ts';
import { startAtProvider } from './auth.routes.ts';

const route = (path: string) => `/${path}`;
const exportFilename = (now: Date) => `kundenportal-meine-daten-${now.toISOString().slice(0, 10)}.json`;

/**
 * The account on the internal base (docs/account.md; `POST /user/email`, `POST /user/password`): e-mail change
 * and its confirmation, the start of the password change at the identity provider; data export and account deletion
 * in `accountDataRoutes` below. Each takes JSON or the settings pages' plain forms (303 back to the page with `done`
 * or `error`).
 */
export function accountRoutes(deps: RouteDeps): Router {
  const { services: { account, identityProvider }, config } = deps;
  const action = formActions(deps);
  const router = Router();

  router.post(
    route(ACCOUNT_API.email),
    action({
      form: 'email',
      page: SETTINGS_PATH,
      // The address typed comes back through the form flash (the session), not in the redirect's address.
      keep: ['email'],
      fieldOf: Object.fromEntries([AccountErrors.EMAIL_INVALID, AccountErrors.EMAIL_SAME, AccountErrors.EMAIL_TAKEN].map((entry) => [entry.code, 'email'])),
      input: (req, { plain }) => {
        if (!plain) return z.parse(EmailChangeSchema, req.body ?? {}).email;
        const parsed = z.safeParse(EmailChangeSchema, { email: textField(req, 'email') });
        if (!parsed.success) throw new AppError(AccountErrors.EMAIL_INVALID);
        return parsed.data.email;
      },
      run: (email, { req }) => account.requestEmailChange(signedIn(req), email),
      json: (res, result) => res.status(202).json(result),
      done: () => withParams(SETTINGS_PATH, { done: 'EMAIL_LINK_SENT' }) + '#email',
    }),
  );

  router.post(
    route(ACCOUNT_API.emailConfirm),
    action({
      form: 'email-confirm',
      // Back to the link's own view of the settings, which says what became of the link.
      page: (req) => withParams(SETTINGS_PATH, { [EMAIL_CHANGE_PARAM]: /^[\w-]{1,64}$/.test(textField(req, 'uuid')) ? textField(req, 'uuid') : undefined }),
      // An invalid or used link is worded on the page like every other refusal of the form.
      passThrough: () => false,
      input: (req, { plain }) => {
        if (!plain) return z.parse(EmailConfirmSchema, req.body ?? {}).uuid;
        const parsed = z.safeParse(EmailConfirmSchema, { uuid: textField(req, 'uuid') });
        if (!parsed.success) throw new AppError(AccountErrors.EMAIL_LINK_INVALID);
        return parsed.data.uuid;
      },
      run: async (uuid, { req }) => {
        const user = signedIn(req);
        const { email, generation } = await account.confirmEmailChange(user, uuid, req.sessionID);
        req.session.user = { ...user, email, emailVerified: true };
        // This session continues; the customer's other ones ended (bff/http/session.ts).
        req.session.generation = generation;
        await saveSession(req);
        return email;
      },
      json: (res, email) => res.json({ email }),
      done: () => withParams(SETTINGS_PATH, { done: 'EMAIL_CHANGED' }) + '#email',
    }),
  );

  /**
   * The password is changed (or, for an account without one, set) at the identity provider: its update-password
   * screen (Keycloak's application-initiated action) asks for re-authentication and the new password, and the way
   * back through `/api/auth/callback` ends the other sessions (auth.routes.ts). The plain form is sent there at once
   * (303); a script gets the address to send the browser to.
   */
  router.post(
    route(ACCOUNT_API.password),
    action({
      form: 'password',
      page: SETTINGS_PATH,
      input: () => undefined,
      run: (_input, { req }) =>
        startAtProvider(req, identityProvider, config.publicUrl, { returnTo: `${SETTINGS_PATH}#password`, loginHint: signedIn(req).email, action: UPDATE_PASSWORD_ACTION }),
      json: (res, location) => res.json({ location: location.href }),
      done: (location) => location,
    }),
  );

  return router;
}

/**
 * The customer's own data on the `account` mount (GDPR Art. 15, 17, 20): data export and account deletion are open to
 * every signed-in account, a lead of the funnel included (its lead data is in the account-data registry).
 */
export function accountDataRoutes(deps: RouteDeps): Router {
  const { services: { account, identityProvider }, config } = deps;
  const action = formActions(deps);
  const router = Router();
  const sendExport = (res: Response, content: string) => {
    res.set({ 'Content-Type': 'application/json; charset=utf-8', 'Content-Disposition': `attachment; filename="${exportFilename(new Date())}"`, 'X-Content-Type-Options': 'nosniff' });
    res.send(content);
  };
  // A lead has no settings page; its (small) export comes at once anyway.
  const exportPage = (req: Request) => (req.session?.user?.phase === 'LEAD' ? LEAD_HOME : SETTINGS_PATH);

  /** One click: a small export downloads at once (JSON attachment), a large one is built by a job (202 / 303). */
  router.post(
    route(ACCOUNT_API.dataExport),
    action({
      form: 'export',
      page: exportPage,
      input: () => undefined,
      run: (_input, { req }) => account.requestExport(signedIn(req)),
      json: (res, result) => ('inline' in result ? sendExport(res, result.inline) : res.status(202).json(result.pending)),
      done: (result, { req, res }) => {
        if ('inline' in result) {
          sendExport(res, result.inline);
          return null;
        }
        return exportPage(req) === LEAD_HOME ? LEAD_HOME : withParams(SETTINGS_PATH, { done: 'EXPORT_PENDING' }) + '#export';
      },
    }),
  );

  router.get(route(ACCOUNT_API.dataExportDownload), async (req, res) => {
    const content = await account.download(signedIn(req), String(req.params.id));
    sendExport(res, content);
  });

  /**
   * The deletion (a plain form on its page, or JSON): afterwards the session is gone and the browser goes through the
   * identity provider's end-session (its session ends too) to the start page, which says the account is deleted.
   */
  router.post(
    route(ACCOUNT_API.deletion),
    action({
      form: 'delete',
      page: DELETE_ACCOUNT_PATH,
      keep: ['confirmation'],
      fieldOf: { [AccountErrors.DELETE_CONFIRMATION.code]: 'confirmation' },
      input: (req, { plain }) => z.parse(DeleteAccountSchema, plain ? { confirmation: textField(req, 'confirmation') } : (req.body ?? {})).confirmation,
      run: async (confirmation, { req, res }) => {
        const user = signedIn(req);
        await account.deleteAccount(user, confirmation);
        const idToken = req.session.idToken;
        await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
        res.clearCookie(sessionCookieName(config.publicUrl.startsWith('https://')), { path: '/' });
        res.set('Clear-Site-Data', CLEAR_SITE_DATA);
        return identityProvider.logoutUrl(idToken, `${config.publicUrl}${POST_LOGOUT_PATHS.accountDeleted}`);
      },
      // The end-session URL carries the ID token: a script gets none (tokens never reach the browser); it signs out
      // through the layout's form or lands on the start page.
      json: (res) => res.status(204).end(),
      done: (endSession) => endSession,
    }),
  );

  return router;
}

/** Where the identity provider posts its events (sandbox/identity/sign-in-help.ts sends them). */
export const IDENTITY_EVENTS_PATH = '/api/identity/events';

const IdentityEventSchema = z.looseObject({
  event: z.string().check(z.maxLength(64)),
  data: z.looseObject({ userId: z.string().check(z.minLength(1), z.maxLength(255)), email: z.string().check(z.maxLength(320)) }),
});

/**
 * The identity provider's events (a machine caller before the CSRF check): signed like the other vendors' webhooks
 * (`X-Identity-Signature: t=…,v1=…` with IDENTITY_WEBHOOK_SECRET); sign-in codes and block notices it mailed.
 */
export function identityEventsRoutes({ services: { account }, config, logger }: RouteDeps): Router {
  const router = Router();
  router.post(IDENTITY_EVENTS_PATH.replace(/^\/api/, ''), async (req, res) => {
    if (!isValidEventSignature(config.IDENTITY_WEBHOOK_SECRET, rawBodyOf(req), req.get('x-identity-signature'))) {
      logger.warn('identity provider event with a wrong signature refused');
      res.status(401).json({ code: 'IDENTITY.WEBHOOK_UNAUTHORIZED', message: 'Signatur ungültig.' });
      return;
    }
    const payload = z.parse(IdentityEventSchema, req.body);
    const outcome = await account.identityEvent(payload.event, payload.data);
    logger.info('identity provider event', { event: payload.event, outcome });
    res.status(204).end();
  });
  return router;
}
