import { createHash, randomBytes } from 'node:crypto';
import type { AccountDirectory, DemoAccount } from './accounts.ts';
import type { LoginError } from './views.ts';

/** How long the unblock link in the notice mail works. */
const UNBLOCK_TTL_MS = 24 * 60 * 60 * 1000;

interface Failures {
  count: number;
  last: Date;
  blocked: boolean;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const normalise = (email: string) => email.trim().toLowerCase();

/**
 * Blocking after repeated wrong passwords (docs/account.md "Sign-in help"). Failures are counted per account, and per
 * address for addresses without an account, so an unknown address gets blocked exactly like a real one and the login
 * page tells nobody which addresses have accounts; only a real account gets the notice mail with the unblock link.
 * Kept in memory like the rest of the sandbox provider's state.
 */
export class Lockout {
  readonly #failures = new Map<string, Failures>();
  /** sha256(token) -> sub and expiry; single use. */
  readonly #unblockTokens = new Map<string, { sub: string; expiresAt: number }>();

  /** @param maxFailures wrong passwords in a row that block (the realm's brute-force `failureFactor`, permanent lockout). */
  constructor(readonly maxFailures: number) {}

  static keyOf(email: string, account: DemoAccount | undefined): string {
    return account ? `sub:${account.sub}` : `email:${normalise(email)}`;
  }

  isBlocked(key: string): boolean {
    return this.#failures.get(key)?.blocked === true;
  }

  /** Counts a wrong password; `blockedNow` on the failure that blocks. */
  recordFailure(key: string, now = new Date()): { blockedNow: boolean } {
    const current = this.#failures.get(key) ?? { count: 0, last: now, blocked: false };
    const count = current.count + 1;
    const blockedNow = !current.blocked && count >= this.maxFailures;
    this.#failures.set(key, { count, last: now, blocked: current.blocked || blockedNow });
    return { blockedNow };
  }

  recordSuccess(key: string): void {
    this.#failures.delete(key);
  }

  /** Keycloak's brute-force status of a user (`GET attack-detection/brute-force/users/{id}`). */
  status(sub: string): { disabled: boolean; numFailures: number; lastFailure: number } {
    const failures = this.#failures.get(`sub:${sub}`);
    return { disabled: failures?.blocked ?? false, numFailures: failures?.count ?? 0, lastFailure: failures?.last.getTime() ?? 0 };
  }

  unblock(sub: string): void {
    this.#failures.delete(`sub:${sub}`);
    for (const [hash, entry] of this.#unblockTokens) if (entry.sub === sub) this.#unblockTokens.delete(hash);
  }

  issueUnblockToken(sub: string, now = Date.now()): string {
    const token = randomBytes(24).toString('base64url');
    this.#unblockTokens.set(sha256(token), { sub, expiresAt: now + UNBLOCK_TTL_MS });
    return token;
  }

  /** Whether the token is one that works (for the confirmation page before the button is pressed). */
  peek(token: string, now = Date.now()): boolean {
    const entry = this.#unblockTokens.get(sha256(token));
    return entry !== undefined && entry.expiresAt > now;
  }

  /** Unblocks the token's account; the sub, or undefined for an unknown, used or expired token. */
  redeem(token: string, now = Date.now()): string | undefined {
    const hash = sha256(token);
    const entry = this.#unblockTokens.get(hash);
    this.#unblockTokens.delete(hash);
    if (!entry || entry.expiresAt <= now) return undefined;
    this.unblock(entry.sub);
    return entry.sub;
  }

  reset(): void {
    this.#failures.clear();
    this.#unblockTokens.clear();
  }
}

export interface PasswordCheckDeps {
  accounts: AccountDirectory;
  lockout: Lockout;
  /**
   * Sends the "account blocked" notice with the unblock link and ends the account's sessions; failures are logged,
   * never shown.
   */
  notifyBlocked(account: DemoAccount, unblockToken: string): Promise<void>;
  log: (line: string) => void;
}

/**
 * The password step of the login page: unknown address and wrong password answer alike, five failures in a row block
 * (for any address), a blocked or disabled account is refused even with the right password.
 */
export function createPasswordCheck(deps: PasswordCheckDeps) {
  return async function checkPassword(email: string, password: string): Promise<{ ok: true; account: DemoAccount } | { ok: false; error: LoginError }> {
    const known = deps.accounts.byEmail(email);
    const key = Lockout.keyOf(email, known);
    if (deps.lockout.isBlocked(key)) return { ok: false, error: 'blocked' };
    const account = await deps.accounts.authenticate(email, password);
    if (!account) {
      const { blockedNow } = deps.lockout.recordFailure(key);
      if (!blockedNow) return { ok: false, error: 'invalidCredentials' };
      deps.log(`OIDC: Konto nach ${deps.lockout.maxFailures} Fehlversuchen gesperrt`);
      if (known) await deps.notifyBlocked(known, deps.lockout.issueUnblockToken(known.sub)).catch((error: unknown) => deps.log(`OIDC: Sperr-Mail fehlgeschlagen: ${String(error)}`));
      return { ok: false, error: 'nowBlocked' };
    }
    if (account.enabled === false) return { ok: false, error: 'disabled' };
    deps.lockout.recordSuccess(key);
    return { ok: true, account };
  };
}
