import express, { type Request, type Response } from 'express';
import type { Interaction } from 'oidc-provider';
import type Provider from 'oidc-provider';
import type { ActionStatus } from '~/bff/contracts/auth.ts';
import { verifyPassword, type AccountDirectory, type DemoAccount } from './accounts.ts';
import type { createPasswordCheck, PasswordCheckDeps } from './lockout.ts';
import type { PasswordlessCodes } from './passwordless.ts';
import { KC_ACTION_RESULT, UPDATE_PASSWORD_PROMPT } from './provider.ts';
import { passwordPolicyProblem, type Realm } from './realm.ts';
import type { EndSessions } from './sessions.ts';
import { blockedDuringChangePage, passwordFormPage, reauthCodePage, reauthCodeRequestPage, type UpdatePasswordError } from './update-password-views.ts';
import type { Page } from './views.ts';

export interface UpdatePasswordDeps {
  provider: Provider;
  accounts: AccountDirectory;
  realm: Realm;
  /** The login page's password check: counts wrong passwords toward the block (Keycloak counts re-authentication too). */
  checkPassword: ReturnType<typeof createPasswordCheck>;
  codes: PasswordlessCodes;
  mailCode: (account: DemoAccount, code: string) => Promise<void>;
  endSessions: EndSessions;
  details(req: Request, res: Response): Promise<Interaction>;
  send(res: Response, page: Page, status?: number): void;
  mountPath: string;
  portalOrigin: string;
  loginUrl: string;
  log: PasswordCheckDeps['log'];
}

const field = (body: unknown, name: string) => {
  const value = (body as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : '';
};

/** `a***@example.de`: whom the code goes to, without spelling out the address. */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

/**
 * The update-password screen of Keycloak's application-initiated action (`kc_action=UPDATE_PASSWORD`), under
 * `/interaction/:uid/password`: when the last sign-in is older than the realm's `max_auth_age` the customer first proves
 * it is them (the current password; for an account without one, a code to its address), then sets the new password
 * by the realm's password policy. The other provider sessions of the account end (Keycloak's default "sign out other
 * devices"), and the interaction finishes with `kc_action_status` success or cancelled, which the portal reads.
 */
export function updatePasswordRoutes(deps: UpdatePasswordDeps): express.Router {
  const router = express.Router({ mergeParams: true });
  const form = express.urlencoded({ extended: false, limit: '4kb' });
  const base = (uid: string) => `${deps.mountPath}/interaction/${encodeURIComponent(uid)}/password`;
  /** Interactions whose customer proved it with an e-mail code (uid -> until, ms). */
  const reauthenticated = new Map<string, number>();
  const { minLength, maxLength } = deps.realm.passwordPolicy;

  async function actionOf(req: Request, res: Response) {
    const interaction = await deps.details(req, res);
    if (interaction.prompt.name !== UPDATE_PASSWORD_PROMPT) return { interaction, account: undefined };
    const accountId = interaction.session?.accountId;
    const account = accountId ? deps.accounts.bySub(accountId) : undefined;
    const reauthenticate = interaction.prompt.details.reauthenticate === true && !((reauthenticated.get(interaction.uid) ?? 0) > Date.now());
    return { interaction, account, reauthenticate };
  }

  const finish = (req: Request, res: Response, status: ActionStatus) =>
    deps.provider.interactionFinished(req, res, { [KC_ACTION_RESULT]: { status } }, { mergeWithLastSubmission: true });

  const passwordForm = (res: Response, uid: string, account: DemoAccount, askCurrent: boolean, error?: UpdatePasswordError) =>
    deps.send(
      res,
      passwordFormPage({ action: base(uid), cancelAction: `${base(uid)}/cancel`, hasPassword: account.passwordHash !== null, askCurrent, minLength, maxLength, error, portalOrigin: deps.portalOrigin }),
      error ? 422 : 200,
    );

  const codePage = (res: Response, uid: string, account: DemoAccount, error?: Parameters<typeof reauthCodePage>[0]['error'], attemptsLeft?: number) =>
    deps.send(
      res,
      reauthCodePage({
        action: `${base(uid)}/code/verify`,
        resendAction: `${base(uid)}/code`,
        cancelAction: `${base(uid)}/cancel`,
        maskedEmail: maskEmail(account.email),
        error,
        attemptsLeft,
        portalOrigin: deps.portalOrigin,
      }),
      error && error !== 'cooldown' ? 422 : 200,
    );

  router.get('/', async (req, res) => {
    const { interaction, account, reauthenticate } = await actionOf(req, res);
    if (!account) {
      res.redirect(303, `${deps.mountPath}/interaction/${encodeURIComponent(interaction.uid)}`);
      return;
    }
    if (reauthenticate && account.passwordHash === null) {
      deps.send(res, reauthCodeRequestPage({ action: `${base(interaction.uid)}/code`, cancelAction: `${base(interaction.uid)}/cancel`, maskedEmail: maskEmail(account.email), portalOrigin: deps.portalOrigin }));
      return;
    }
    passwordForm(res, interaction.uid, account, reauthenticate === true);
  });

  router.post('/code', form, async (req, res) => {
    const { interaction, account } = await actionOf(req, res);
    if (!account) return void res.redirect(303, base(interaction.uid));
    const issued = deps.codes.issue(account.email, account);
    if ('retryAfterSeconds' in issued) {
      res.set('Retry-After', String(issued.retryAfterSeconds));
      codePage(res, interaction.uid, account, 'cooldown');
      return;
    }
    await deps.mailCode(account, issued.code).catch((error: unknown) => deps.log(`OIDC: Code-Mail fehlgeschlagen: ${String(error)}`));
    codePage(res, interaction.uid, account);
  });

  router.post('/code/verify', form, async (req, res) => {
    const { interaction, account } = await actionOf(req, res);
    if (!account) return void res.redirect(303, base(interaction.uid));
    const code = field(req.body, 'code');
    if (!/^\s*\d{6}\s*$/.test(code)) return codePage(res, interaction.uid, account, 'codeFormat');
    const result = deps.codes.verify(account.email, code);
    if ('error' in result) return codePage(res, interaction.uid, account, result.error, result.attemptsLeft);
    reauthenticated.set(interaction.uid, interaction.exp * 1000);
    for (const [uid, until] of reauthenticated) if (until <= Date.now()) reauthenticated.delete(uid);
    res.redirect(303, base(interaction.uid));
  });

  router.post('/', form, async (req, res) => {
    const { interaction, account, reauthenticate } = await actionOf(req, res);
    if (!account) return void res.redirect(303, base(interaction.uid));
    const askCurrent = reauthenticate === true && account.passwordHash !== null;
    if (reauthenticate === true && account.passwordHash === null) return void res.redirect(303, base(interaction.uid));
    const current = field(req.body, 'current');
    const next = field(req.body, 'new');
    if (askCurrent) {
      if (current === '') return passwordForm(res, interaction.uid, account, askCurrent, 'currentMissing');
      const checked = await deps.checkPassword(account.email, current);
      if (!checked.ok) {
        if (checked.error === 'invalidCredentials') return passwordForm(res, interaction.uid, account, askCurrent, 'currentWrong');
        deps.send(res, blockedDuringChangePage({ portalOrigin: deps.portalOrigin, loginUrl: deps.loginUrl, nowBlocked: checked.error === 'nowBlocked' }), 403);
        return;
      }
    }
    const problem = passwordPolicyProblem(deps.realm.passwordPolicy, next, account.email);
    if (problem) return passwordForm(res, interaction.uid, account, askCurrent, problem);
    if (deps.realm.passwordPolicy.history > 0 && account.passwordHash !== null && (await verifyPassword(next, account.passwordHash))) {
      return passwordForm(res, interaction.uid, account, askCurrent, 'same');
    }
    if (next !== field(req.body, 'repeat')) return passwordForm(res, interaction.uid, account, askCurrent, 'mismatch');

    await deps.accounts.setPassword(account.sub, next);
    reauthenticated.delete(interaction.uid);
    deps.log(`OIDC: Passwort von ${account.sub} ${account.passwordHash === null ? 'festgelegt' : 'geändert'}`);
    await deps.endSessions(account.sub, 'password-changed', { except: interaction.session?.cookie });
    await finish(req, res, 'success');
  });

  router.post('/cancel', form, async (req, res) => {
    const { interaction } = await actionOf(req, res);
    reauthenticated.delete(interaction.uid);
    deps.log('OIDC: Passwortänderung abgebrochen');
    await finish(req, res, 'cancelled');
  });

  return router;
}
