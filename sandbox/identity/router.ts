import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import { errors, type Interaction } from 'oidc-provider';
import { z } from 'zod';
import type { Config } from '~/bff/config.ts';
import { AccountDirectory, DEMO_PASSWORD_HINT, NewAccountSchema } from './accounts.ts';
import { createIdentityProvider, portalLoginUrl, UPDATE_PASSWORD_PROMPT, type IdentityProviderOptions } from './provider.ts';
import { loadRealm } from './realm.ts';
import { sendPage as sendHtml } from '../shared/html.ts';
import { badRequest, controlGuard, controlJson, notFound } from '../shared/stand-in.ts';
import { registrationPage, validateRegistration, type RegistrationPageOptions } from './registration.ts';
import { errorPage, loginPage, type LoginError, type Page } from './views.ts';
import { createSignInHelp } from './sign-in-help.ts';

export interface Identity {
  /** Mount at `mountPath`; it serves the login pages first and hands everything else to oidc-provider. */
  router: express.Router;
  mountPath: string;
  issuer: string;
  close(): Promise<void>;
}

function sendPage(res: Response, page: Page, status = 200): void {
  sendHtml(res, page.html, { status, csp: page.csp });
}

function field(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

/** The interaction that the cookie points to must be the one in the URL (a stale tab, a second login). */
class InteractionMismatch extends Error {}

/**
 * The sandbox identity provider: oidc-provider mounted under the issuer's path, with the German login page as its
 * interaction UI. Consent is never asked (first-party client, see provider.ts `loadExistingGrant`).
 */
export async function createIdentity(
  config: Config,
  options: IdentityProviderOptions & { smtpPort?: () => number | undefined },
): Promise<Identity> {
  const accounts = await AccountDirectory.open(options.dataDir, options.log);
  const realm = loadRealm(config);
  const { provider, endSessions } = await createIdentityProvider(config, { ...options, accounts, realm });
  const { log } = options;
  const mountPath = new URL(options.issuer).pathname.replace(/\/$/, '');
  const portalOrigin = new URL(config.publicUrl).origin;
  const demoAccounts = accounts.demoAccounts.map((a) => ({ email: a.email, name: `${a.givenName} ${a.familyName}` }));
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '16kb' });

  async function details(req: Request, res: Response): Promise<Interaction> {
    const interaction = await provider.interactionDetails(req, res);
    if (interaction.uid !== req.params.uid) throw new InteractionMismatch();
    return interaction;
  }

  function renderLogin(res: Response, uid: string, email: string, error?: LoginError): void {
    const base = `${mountPath}/interaction/${encodeURIComponent(uid)}`;
    sendPage(
      res,
      loginPage({
        loginAction: `${base}/login`,
        abortAction: `${base}/abort`,
        email,
        error,
        portalOrigin,
        demoAccounts,
        demoPassword: DEMO_PASSWORD_HINT,
        passwordlessAction: `${base}/passwordless`,
      }),
    );
  }

  function renderRegistration(
    res: Response,
    uid: string,
    values: RegistrationPageOptions['values'],
    outcome: Pick<RegistrationPageOptions, 'errors' | 'notice'> = {},
  ): void {
    const base = `${mountPath}/interaction/${encodeURIComponent(uid)}`;
    sendPage(
      res,
      registrationPage({
        action: `${base}/register`,
        abortAction: `${base}/abort`,
        loginHref: `${base}?view=login`,
        privacyPolicyUrl: `${config.publicUrl}/privacy-policy`,
        values,
        ...outcome,
        portalOrigin,
      }),
      outcome.errors ? 422 : 200,
    );
  }
  const help = createSignInHelp({
    config,
    provider,
    realm,
    endSessions,
    accounts,
    mountPath,
    sandboxUrl: new URL(options.issuer).origin,
    portalOrigin,
    smtpPort: options.smtpPort ?? (() => config.SMTP_PORT),
    details,
    send: sendPage,
    log,
  });

  router.get('/interaction/:uid', async (req, res) => {
    const interaction = await details(req, res);
    if (interaction.prompt.name === 'consent') {
      // Only reached with prompt=consent: the first-party client gets its grant without a screen.
      await provider.interactionFinished(req, res, { consent: {} }, { mergeWithLastSubmission: true });
      return;
    }
    if (interaction.prompt.name === UPDATE_PASSWORD_PROMPT) {
      res.redirect(303, `${mountPath}/interaction/${encodeURIComponent(interaction.uid)}/password`);
      return;
    }
    const loginHint = interaction.params.login_hint;
    const hint = typeof loginHint === 'string' ? loginHint : '';
    // prompt=create shows the account creation screen; its "Anmelden" link shows the login form of the same interaction.
    if (interaction.prompt.name === 'create' && req.query.view !== 'login') {
      renderRegistration(res, interaction.uid, { email: hint });
      return;
    }
    // The e-mail code first: for the lead login (it asks for the realm's e-mail code scope, in any browser), and for
    // a hinted account without a password (a lead the portal created). Keycloak: the realm's browser flow asks for
    // the address first, then the code when the scope was asked for, else the credential the account has.
    const scopes = typeof interaction.params.scope === 'string' ? interaction.params.scope.split(' ') : [];
    const hinted = hint ? accounts.byEmail(hint) : undefined;
    if ((scopes.includes(realm.emailCodeScope) || (hinted && hinted.passwordHash === null)) && req.query.view !== 'login') {
      res.redirect(303, `${mountPath}/interaction/${encodeURIComponent(interaction.uid)}/passwordless?hint=1`);
      return;
    }
    renderLogin(res, interaction.uid, hint);
  });

  router.post('/interaction/:uid/register', form, async (req, res) => {
    const interaction = await details(req, res);
    const input = {
      givenName: field(req.body, 'givenName'),
      familyName: field(req.body, 'familyName'),
      email: field(req.body, 'email').trim(),
      password: field(req.body, 'password'),
      privacy: field(req.body, 'privacy') === 'yes',
    };
    const values = { givenName: input.givenName, familyName: input.familyName, email: input.email };
    const errors = validateRegistration(input);
    if (Object.keys(errors).length > 0) {
      renderRegistration(res, interaction.uid, values, { errors });
      return;
    }
    const account = await accounts.register({ ...input, givenName: input.givenName.trim(), familyName: input.familyName.trim() });
    if (!account) {
      renderRegistration(res, interaction.uid, values, {
        errors: { email: 'Zu dieser E-Mail-Adresse gibt es schon ein Konto.' },
        notice: 'Zu dieser E-Mail-Adresse gibt es schon ein Konto. Melde Dich mit ihr an.',
      });
      return;
    }
    log(`OIDC: Konto erstellt ${account.sub}`);
    await provider.interactionFinished(req, res, { login: { accountId: account.sub, amr: ['pwd'] }, create: {} }, { mergeWithLastSubmission: false });
  });

  router.post('/interaction/:uid/login', form, async (req, res) => {
    const interaction = await details(req, res);
    const email = field(req.body, 'email').trim();
    const password = field(req.body, 'password');
    if (email === '' || password === '') {
      renderLogin(res, interaction.uid, email, 'missingFields');
      return;
    }
    const checked = await help.checkPassword(email, password);
    if (!checked.ok) {
      log('OIDC: Anmeldung fehlgeschlagen');
      renderLogin(res, interaction.uid, email, checked.error);
      return;
    }
    const { account } = checked;
    log(`OIDC: Anmeldung ${account.sub}`);
    await provider.interactionFinished(
      req,
      res,
      // Signing in from the account creation screen answers its `create` prompt too.
      { login: { accountId: account.sub, amr: ['pwd'] }, ...(interaction.prompt.name === 'create' ? { create: {} } : {}) },
      { mergeWithLastSubmission: false },
    );
  });

  router.post('/interaction/:uid/abort', form, async (req, res) => {
    await details(req, res);
    log('OIDC: Anmeldung abgebrochen');
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'Anmeldung abgebrochen' },
      { mergeWithLastSubmission: false },
    );
  });

  router.use('/interaction/:uid/passwordless', help.passwordless);
  router.use('/interaction/:uid/password', help.updatePassword);

  const interactionErrors: ErrorRequestHandler = (err: unknown, _req, res, next) => {
    if (err instanceof errors.SessionNotFound || err instanceof InteractionMismatch) {
      sendPage(
        res,
        errorPage({
          heading: 'Anmeldung abgelaufen',
          message: 'Deine Anmeldung ist abgelaufen oder wurde schon abgeschlossen. Bitte starte sie im Kundenportal erneut.',
          link: { href: portalLoginUrl(config), label: 'Erneut anmelden' },
          portalOrigin,
        }),
        400,
      );
      return;
    }
    next(err);
  };
  router.use('/interaction', interactionErrors);

  router.use('/unblock', help.unblock);
  router.use('/admin', help.admin);
  router.use('/_control', createAccountControl(accounts));
  router.use(provider.callback());

  return {
    router,
    mountPath,
    issuer: options.issuer,
    async close() {
      await help.close();
      await accounts.flush();
    },
  };
}

/**
 * Test controls: `POST /_control/accounts` creates an account that signs in like a demo account (201 `{ sub, email }`,
 * 409 when the address is taken); `DELETE /_control/accounts/:sub` removes it. Same-origin only, like every control.
 */
function createAccountControl(accounts: AccountDirectory): express.Router {
  const control = express.Router();
  control.use(controlGuard);
  control.post('/accounts', controlJson, async (req, res) => {
    const parsed = NewAccountSchema.safeParse(req.body);
    if (!parsed.success) {
      badRequest(res, z.prettifyError(parsed.error));
      return;
    }
    const account = await accounts.create(parsed.data);
    if (!account) {
      res.status(409).json({ error: 'conflict', detail: 'an account with this e-mail address exists' });
      return;
    }
    res.status(201).json({ sub: account.sub, email: account.email });
  });
  control.delete('/accounts/:sub', (req, res) => {
    if (!accounts.remove(String(req.params.sub))) {
      notFound(res);
      return;
    }
    res.status(204).end();
  });
  control.use((_req, res) => notFound(res));
  return control;
}
