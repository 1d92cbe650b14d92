import express, { type Request, type Response } from 'express';
import type { Interaction } from 'oidc-provider';
import type Provider from 'oidc-provider';
import type { Config } from '~/bff/config.ts';
import { createMailSender } from '../shared/mail-sender.ts';
import { backgroundSender, createEventSender } from '../shared/signed-events.ts';
import type { AccountDirectory, DemoAccount } from './accounts.ts';
import { createAdminApi } from './admin-api.ts';
import { createPasswordCheck, Lockout } from './lockout.ts';
import { PasswordlessCodes, passwordlessRoutes } from './passwordless.ts';
import { portalLoginUrl } from './provider.ts';
import type { Realm } from './realm.ts';
import type { EndSessions } from './sessions.ts';
import { unblockedPage, unblockPage } from './sign-in-help-views.ts';
import { updatePasswordRoutes } from './update-password.ts';
import type { Page } from './views.ts';

/** Where the portal takes the identity provider's events (bff/http/routes/identity-events.routes.ts). */
const PORTAL_IDENTITY_EVENTS_PATH = '/api/identity/events';

export interface SignInHelpDeps {
  config: Config;
  provider: Provider;
  realm: Realm;
  /** Ends an account's provider sessions with a back-channel logout to the portal (./sessions.ts). */
  endSessions: EndSessions;
  accounts: AccountDirectory;
  mountPath: string;
  /** The sandbox's own URL (links in mails). */
  sandboxUrl: string;
  portalOrigin: string;
  /** The SMTP port of the sandbox's mail stand-in. */
  smtpPort: () => number | undefined;
  details(req: Request, res: Response): Promise<Interaction>;
  send(res: Response, page: Page, status?: number): void;
  log: (line: string) => void;
}

/**
 * The identity provider's sign-in help and administration: blocking after wrong passwords with a notice mail and an
 * unblock link (the block also ends the account's sessions), sign-in with an e-mail code, the update-password action
 * and the admin API. The provider sends its mails itself (as Keycloak does over its realm's SMTP settings) and reports
 * them to the portal as signed events, which the portal keeps in its activity log with origin IDENTITY_PROVIDER
 * (Auth0: log streams; Keycloak: an event listener).
 */
export function createSignInHelp(deps: SignInHelpDeps) {
  const { config, accounts, realm, log } = deps;
  const lockout = new Lockout(realm.lockoutAfter);
  const codes = new PasswordlessCodes();
  const mail = createMailSender({ from: `${realm.mail.displayName} <${realm.mail.from}>`, port: deps.smtpPort });
  const events = backgroundSender(
    createEventSender({ url: `${config.publicUrl}${PORTAL_IDENTITY_EVENTS_PATH}`, secret: config.IDENTITY_WEBHOOK_SECRET, header: 'x-identity-signature', label: 'Anmeldedienst', log }),
  );
  const loginUrl = portalLoginUrl(config);
  const unblockUrl = `${deps.sandboxUrl}${deps.mountPath}/unblock`;

  const checkPassword = createPasswordCheck({
    accounts,
    lockout,
    log,
    async notifyBlocked(account, token) {
      const href = `${unblockUrl}?${new URLSearchParams({ token })}`;
      // In the account's language (Keycloak: its `locale` attribute, which the portal keeps in step with its own).
      await mail.send(
        account.locale === 'en'
          ? {
              to: account.email,
              lang: 'en',
              subject: 'Your customer portal account is locked',
              paragraphs: [
                `Hello ${account.givenName},`,
                'A wrong password was entered five times in a row when signing in to your customer portal. To protect you, we have locked your account.',
                'The link below unlocks it again (it is valid for 24 hours). If that was not you, please change your password afterwards.',
                'Kind regards, your customer portal team',
              ],
              link: { label: 'Unlock account', href },
            }
          : {
              to: account.email,
              subject: 'Dein Konto im Kundenportal ist gesperrt',
              paragraphs: [
                `Hallo ${account.givenName},`,
                'bei der Anmeldung in Deinem Kundenportal wurde fünfmal hintereinander ein falsches Passwort eingegeben. Zu Deinem Schutz haben wir Dein Konto gesperrt.',
                'Mit dem Link unten entsperrst Du es wieder (er gilt 24 Stunden). Warst Du das nicht, ändere danach bitte Dein Passwort.',
                'Viele Grüße, Dein Team vom Kundenportal',
              ],
              link: { label: 'Konto entsperren', href },
            },
      );
      events.send('account.blocked', { userId: account.sub, email: account.email });
      // A blocked account is signed out everywhere, in the portal too (back-channel logout).
      await deps.endSessions(account.sub, 'blocked');
    },
  });

  // In the account's language (Keycloak: its `locale` attribute, which the portal keeps in step with its own).
  async function mailCode(account: DemoAccount, code: string) {
    await mail.send(
      account.locale === 'en'
        ? {
            to: account.email,
            lang: 'en',
            subject: `${code} is your sign-in code for the customer portal`,
            paragraphs: [
              `Hello ${account.givenName},`,
              'With this code you sign in to the customer portal without a password. It is valid for ten minutes and once only.',
              'Did not ask for a code? Then simply ignore this e-mail; nothing happens without the code.',
              'Kind regards, your customer portal team',
            ],
            code,
          }
        : {
            to: account.email,
            subject: `${code} ist Dein Anmeldecode für das Kundenportal`,
            paragraphs: [
              `Hallo ${account.givenName},`,
              'mit diesem Code meldest Du Dich ohne Passwort im Kundenportal an. Er gilt zehn Minuten und nur einmal.',
              'Hast Du keinen Code angefordert? Dann ignoriere diese E-Mail einfach; ohne den Code passiert nichts.',
              'Viele Grüße, Dein Team vom Kundenportal',
            ],
            code,
          },
    );
    events.send('passwordless.code_sent', { userId: account.sub, email: account.email });
  }

  const passwordless = passwordlessRoutes({
    provider: deps.provider,
    accounts,
    codes,
    lockout,
    details: deps.details,
    send: deps.send,
    mountPath: deps.mountPath,
    portalOrigin: deps.portalOrigin,
    log,
    mailCode,
  });

  const updatePassword = updatePasswordRoutes({
    provider: deps.provider,
    accounts,
    realm,
    checkPassword,
    codes,
    mailCode,
    endSessions: deps.endSessions,
    details: deps.details,
    send: deps.send,
    mountPath: deps.mountPath,
    portalOrigin: deps.portalOrigin,
    loginUrl,
    log,
  });

  const unblock = express.Router();
  const form = express.urlencoded({ extended: false, limit: '2kb' });
  unblock.get('/', (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    deps.send(res, unblockPage({ action: `${deps.mountPath}/unblock`, token, valid: lockout.peek(token), portalOrigin: deps.portalOrigin, loginUrl }), lockout.peek(token) ? 200 : 410);
  });
  unblock.post('/', form, (req, res) => {
    const token = typeof (req.body as Record<string, unknown>)?.token === 'string' ? String((req.body as Record<string, unknown>).token) : '';
    const sub = lockout.redeem(token);
    if (!sub) {
      deps.send(res, unblockPage({ action: `${deps.mountPath}/unblock`, token: '', valid: false, portalOrigin: deps.portalOrigin, loginUrl }), 410);
      return;
    }
    log(`OIDC: Konto ${sub} entsperrt`);
    deps.send(res, unblockedPage({ portalOrigin: deps.portalOrigin, loginUrl }));
  });

  // Realm roles: the realm file's (the customer role first: what demo accounts without explicit roles have, and the lead
  // role), plus a staff role that tests use for an account the portal must refuse.
  const realmRoles = [...realm.realmRoles, 'rol_mitarbeiter'];
  const admin = createAdminApi({
    accounts,
    lockout,
    provider: deps.provider,
    serviceAccount: realm.adminClient,
    realmRoles,
    passwordPolicy: realm.passwordPolicy,
    endSessions: deps.endSessions,
    log,
    onReset: () => codes.reset(),
  });

  return {
    checkPassword,
    passwordless,
    updatePassword,
    unblock,
    admin,
    async close() {
      await events.drain();
      mail.close();
    },
  };
}
