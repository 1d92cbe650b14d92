import { scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Phase } from '../../bff/contracts/enums.ts';

/** A demo identity of the sandbox identity provider. Every demo account has the password `Sonne2026!`. */
export interface DemoAccount {
  /** Stable subject identifier, the same on every start. */
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  /** The installer's customer number; null for a newly registered customer (spec section 6, app-metadata claim). */
  customerNumber: string | null;
  phone: string;
  phase: Phase;
  /** `scrypt$N$r$p$salt$hash` (base64url); the clear-text password is not kept anywhere in the code. */
  passwordHash: string;
}

export const DEMO_PASSWORD_HINT = 'Sonne2026!';

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    sub: 'kp|anna-schmidt',
    email: 'anna.schmidt@example.de',
    givenName: 'Anna',
    familyName: 'Schmidt',
    customerNumber: '700100',
    phone: '+49 30 1234567',
    phase: 'PROJECT',
    passwordHash: 'scrypt$16384$8$1$teVvc-awtqvvXjhNkRy-EA$A-xrwdCEmdhvt2d-e8StPyHynVeGDsdGzOaltivFpMQ',
  },
  {
    sub: 'kp|jonas-weber',
    email: 'jonas.weber@example.de',
    givenName: 'Jonas',
    familyName: 'Weber',
    customerNumber: '700400',
    phone: '+49 89 7654321',
    phase: 'PROJECT',
    passwordHash: 'scrypt$16384$8$1$XZ0Cl2H3aGyWJSyhKweWAg$lO63M3jotpDnMVyILLrGSOd1Hvipaf-co267kw20b9o',
  },
  {
    sub: 'kp|mehmet-yilmaz',
    email: 'mehmet.yilmaz@example.de',
    givenName: 'Mehmet',
    familyName: 'Yılmaz',
    customerNumber: null,
    phone: '+49 221 555123',
    phase: 'PROJECT',
    passwordHash: 'scrypt$16384$8$1$2gcZq4nYcgUWLPENI_boOg$KfeBPbHHCFqrxHwhebA34SqlE6yli7vCJ2xih9iEv6Q',
  },
];

// Compared against when the e-mail is unknown, so that an unknown address costs as much time as a wrong password.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findAccountByEmail(email: string): DemoAccount | undefined {
  const wanted = normaliseEmail(email);
  return DEMO_ACCOUNTS.find((account) => account.email === wanted);
}

export function findAccountBySub(sub: string): DemoAccount | undefined {
  return DEMO_ACCOUNTS.find((account) => account.sub === sub);
}

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The account for these credentials, or undefined; unknown e-mail and wrong password take the same time. */
export async function authenticate(email: string, password: string): Promise<DemoAccount | undefined> {
  const account = findAccountByEmail(email);
  const ok = await verifyPassword(password, account?.passwordHash ?? DUMMY_HASH);
  return ok && account ? account : undefined;
}
