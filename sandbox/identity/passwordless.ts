import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import type { Interaction } from 'oidc-provider';
import type Provider from 'oidc-provider';
import type { AccountDirectory, DemoAccount } from './accounts.ts';
import { Lockout } from './lockout.ts';
import { passwordlessCodePage, passwordlessEmailPage, type PasswordlessError } from './sign-in-help-views.ts';
import type { Page } from './views.ts';

const CODE_TTL_MS = 10 * 60 * 1000;
const CODE_MAX_ATTEMPTS = 5;
/** A new code for the same address no sooner than this. */
const RESEND_COOLDOWN_MS = 30 * 1000;

interface PendingCode {
  hash: Buffer;
  sub: string | null;
  expiresAt: number;
  failures: number;
  sentAt: number;
}

const normalise = (email: string) => email.trim().toLowerCase();

/**
 * Sign-in with a code by e-mail instead of the password (Keycloak: an authentication flow with an e-mail OTP step;
 * Auth0: passwordless e-mail connection). Codes: six digits from the CSPRNG, kept only as an HMAC, single use, ten
 * minutes, five attempts, one code per address at a time (a new one replaces it). An address without an account gets
 * the same pages and answers, but no mail.
 */
export class PasswordlessCodes {
  readonly #key = randomBytes(32);
  readonly #pending = new Map<string, PendingCode>();

  #hash(email: string, code: string): Buffer {
    return createHmac('sha256', this.#key).update(`${email}\u0000${code}`).digest();
  }

  /** A fresh code for the address, or the seconds to wait when the last one went out moments ago. */
  issue(email: string, account: DemoAccount | undefined, now = Date.now()): { code: string } | { retryAfterSeconds: number } {
    const address = normalise(email);
    const last = this.#pending.get(address);
    if (last && now - last.sentAt < RESEND_COOLDOWN_MS) return { retryAfterSeconds: Math.ceil((last.sentAt + RESEND_COOLDOWN_MS - now) / 1000) };
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    this.#pending.set(address, { hash: this.#hash(address, code), sub: account?.sub ?? null, expiresAt: now + CODE_TTL_MS, failures: 0, sentAt: now });
    return { code };
  }

  /** The account the code signs in, or why not. */
  verify(email: string, code: string, now = Date.now()): { sub: string } | { error: PasswordlessError; attemptsLeft?: number } {
    const address = normalise(email);
    const pending = this.#pending.get(address);
    if (!pending || pending.failures >= CODE_MAX_ATTEMPTS) return { error: 'noCode' };
    if (pending.expiresAt <= now) {
      this.#pending.delete(address);
      return { error: 'expired' };
    }
    const given = this.#hash(address, code.replace(/\s+/g, ''));
    if (!timingSafeEqual(given, pending.hash) || pending.sub === null) {
      pending.failures += 1;
      if (pending.failures >= CODE_MAX_ATTEMPTS) return { error: 'tooManyAttempts' };
      return { error: 'wrongCode', attemptsLeft: CODE_MAX_ATTEMPTS - pending.failures };
    }
    this.#pending.delete(address);
    return { sub: pending.sub };
  }

  reset(): void {
    this.#pending.clear();
  }
}

export interface PasswordlessDeps {
  provider: Provider;
  accounts: AccountDirectory;
  codes: PasswordlessCodes;
  lockout: Lockout;
  /** The interaction of the URL (throws when the cookie belongs to another one). */
  details(req: Request, res: Response): Promise<Interaction>;
  send(res: Response, page: Page, status?: number): void;
  mailCode(account: DemoAccount, code: string): Promise<void>;
  mountPath: string;
  portalOrigin: string;
  log: (line: string) => void;
}

const field = (body: unknown, name: string) => {
  const value = (body as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : '';
};

/** The login page's "Code per E-Mail" path: `/interaction/:uid/passwordless` (address) and `.../code` (the code). */
export function passwordlessRoutes(deps: PasswordlessDeps): express.Router {
  const router = express.Router({ mergeParams: true });
  const form = express.urlencoded({ extended: false, limit: '4kb' });
  const base = (uid: string) => `${deps.mountPath}/interaction/${encodeURIComponent(uid)}`;
  const emailPage = (res: Response, uid: string, email: string, error?: PasswordlessError, status = 200) =>
    deps.send(res, passwordlessEmailPage({ action: `${base(uid)}/passwordless`, passwordLogin: `${base(uid)}?view=login`, email, error, portalOrigin: deps.portalOrigin }), status);
  const codePage = (res: Response, uid: string, email: string, error?: PasswordlessError, attemptsLeft?: number) =>
    deps.send(
      res,
      passwordlessCodePage({
        action: `${base(uid)}/passwordless/code`,
        resendAction: `${base(uid)}/passwordless`,
        passwordLogin: `${base(uid)}?view=login`,
        email,
        error,
        attemptsLeft,
        portalOrigin: deps.portalOrigin,
      }),
      error ? 422 : 200,
    );

  router.get('/', async (req, res) => {
    const interaction = await deps.details(req, res);
    // Identity-first (router.ts): the address the sign-in was started with, for an account without a password.
    const hint = interaction.params.login_hint;
    emailPage(res, interaction.uid, req.query.hint === '1' && typeof hint === 'string' ? hint : '');
  });

  router.post('/', form, async (req, res) => {
    const interaction = await deps.details(req, res);
    const email = field(req.body, 'email').trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
      emailPage(res, interaction.uid, email, 'invalidEmail', 422);
      return;
    }
    const account = deps.accounts.byEmail(email);
    if (deps.lockout.isBlocked(Lockout.keyOf(email, account))) {
      emailPage(res, interaction.uid, email, 'blocked', 403);
      return;
    }
    const issued = deps.codes.issue(email, account?.enabled === false ? undefined : account);
    if ('retryAfterSeconds' in issued) {
      res.set('Retry-After', String(issued.retryAfterSeconds));
      codePage(res, interaction.uid, email, 'cooldown');
      return;
    }
    if (account && account.enabled !== false) {
      await deps.mailCode(account, issued.code).catch((error: unknown) => deps.log(`OIDC: Code-Mail fehlgeschlagen: ${String(error)}`));
    }
    codePage(res, interaction.uid, email);
  });

  router.post('/code', form, async (req, res) => {
    const interaction = await deps.details(req, res);
    const email = field(req.body, 'email').trim();
    const code = field(req.body, 'code');
    if (!/^\s*\d{6}\s*$/.test(code)) {
      codePage(res, interaction.uid, email, 'codeFormat');
      return;
    }
    const result = deps.codes.verify(email, code);
    if ('error' in result) {
      codePage(res, interaction.uid, email, result.error, result.attemptsLeft);
      return;
    }
    const account = deps.accounts.bySub(result.sub);
    if (!account || account.enabled === false || deps.lockout.isBlocked(Lockout.keyOf(email, account))) {
      emailPage(res, interaction.uid, email, 'blocked', 403);
      return;
    }
    deps.log(`OIDC: Anmeldung mit Code ${account.sub}`);
    // The code reached the address: it is verified now (a lead's account starts unverified).
    if (account.emailVerified === false) deps.accounts.update(account.sub, { emailVerified: true });
    await deps.provider.interactionFinished(req, res, { login: { accountId: account.sub, amr: ['otp'] } }, { mergeWithLastSubmission: false });
  });

  return router;
}
