import { randomBytes, randomUUID, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import type { Phase } from '~/bff/contracts/auth.ts';
import { JsonFile } from '../shared/json-store.ts';

/** A demo identity of the sandbox identity provider. Every demo account has the password `Sonne2026!`. */
export interface DemoAccount {
  /** Stable subject identifier, the same on every start. */
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  /** The installer's customer number; null for a newly registered customer (app-metadata claim, docs/account.md). */
  customerNumber: string | null;
  phone: string;
  phase: Phase;
  /** `email_verified`; absent = verified. */
  emailVerified?: boolean;
  /** Roles in the app-metadata claim; absent = the customer role (CUSTOMER_ROLE_ID). */
  roles?: string[];
  /**
   * `onboarded` in the app-metadata claim: the account was onboarded before the portal's onboarding existed (a migrated
   * customer), so the portal skips two-factor, base data and tour. Absent = true; false for newly registered ones.
   */
  onboarded?: boolean;
  /** False while an administrator has disabled the account (admin API); absent = enabled. */
  enabled?: boolean;
  /** Keycloak's user attribute `locale`: the language of the provider's mails to the account; absent = German. */
  locale?: 'de' | 'en';
  /**
   * `scrypt$N$r$p$salt$hash` (base64url); the clear-text password is not kept anywhere in the code. Null for an
   * account without a password (a lead the portal created: it signs in with the e-mail code).
   */
  passwordHash: string | null;
}

export const DEMO_PASSWORD_HINT = 'Sonne2026!';

const DEMO_ACCOUNTS: readonly DemoAccount[] = [
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
    onboarded: false,
    passwordHash: 'scrypt$16384$8$1$2gcZq4nYcgUWLPENI_boOg$KfeBPbHHCFqrxHwhebA34SqlE6yli7vCJ2xih9iEv6Q',
  },
];

// Compared against when the e-mail is unknown, so that an unknown address costs as much time as a wrong password.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
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

const SCRYPT = { N: 16_384, r: 8, p: 1 };

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** What a test sends to `POST /oidc/_control/accounts`. */
export const NewAccountSchema = z.strictObject({
  email: z.email().max(254),
  /** Null: an account without a password (it signs in with the e-mail code until it sets one). */
  password: z.string().min(8).max(200).nullable(),
  givenName: z.string().min(1).max(100),
  familyName: z.string().min(1).max(100),
  customerNumber: z.string().regex(/^\d{1,20}$/).nullable(),
  phase: z.enum(['LEAD', 'PROJECT']).default('PROJECT'),
  phone: z.string().max(40).default('+49 30 0000000'),
  /** False: the provider says the address is not verified yet (the portal shows MAIL_NOT_VERIFIED). */
  emailVerified: z.boolean().default(true),
  roles: z.array(z.string().min(1).max(100)).max(10).optional(),
  /** False: the portal sends the account through onboarding on its first sign-in (see DemoAccount.onboarded). */
  onboarded: z.boolean().default(true),
});
export type NewAccount = z.input<typeof NewAccountSchema>;

/** What the admin API may change on an account (sandbox/identity/admin-api.ts): profile, attributes, role mappings. */
export type AccountChange = Partial<Pick<DemoAccount, 'email' | 'emailVerified' | 'givenName' | 'familyName' | 'enabled' | 'customerNumber' | 'phase' | 'phone' | 'roles' | 'onboarded' | 'locale'>>;

const StoredAccountSchema = z.object({
  sub: z.string().min(1),
  email: z.string().min(3),
  givenName: z.string(),
  familyName: z.string(),
  customerNumber: z.string().nullable(),
  phone: z.string(),
  phase: z.enum(['LEAD', 'PROJECT']),
  emailVerified: z.boolean().optional(),
  roles: z.array(z.string()).optional(),
  onboarded: z.boolean().optional(),
  enabled: z.boolean().optional(),
  locale: z.enum(['de', 'en']).optional(),
  passwordHash: z.string().min(1).nullable(),
});
/** What survives a restart: accounts made since (registered, created by tests), and demo accounts changed or deleted. */
const StoredStateSchema = z.object({
  version: z.literal(1),
  created: z.array(StoredAccountSchema),
  changedDemo: z.array(StoredAccountSchema),
  deletedDemo: z.array(z.string()),
});
type StoredState = z.infer<typeof StoredStateSchema>;

/**
 * The identity provider's accounts: the demo accounts plus those registered or created through the control API. One
 * directory per sandbox, so parallel test sandboxes do not share accounts. The admin API may change or delete any
 * account, demo ones included; `reset()` brings the demo accounts back as shipped. Opened with `open()`, the directory
 * keeps its accounts in `<dataDir>/identity-accounts.json` like a real provider keeps its users across restarts (a
 * demo account as shipped is not stored, so a changed demo list in the code still arrives).
 */
export class AccountDirectory {
  #created = new Map<string, DemoAccount>();
  #demo = new Map(DEMO_ACCOUNTS.map((account) => [account.sub, { ...account }]));
  readonly #store: JsonFile<StoredState> | undefined;

  constructor(store?: JsonFile<StoredState>) {
    this.#store = store;
  }

  static async open(dataDir: string, log: (line: string) => void): Promise<AccountDirectory> {
    const { store, saved } = await JsonFile.open(path.join(dataDir, 'identity-accounts.json'), 'Anmeldedienst', log, (json) => StoredStateSchema.safeParse(json).data);
    const directory = new AccountDirectory(store);
    if (saved) {
      directory.#created = new Map(saved.created.map((account) => [account.sub, account]));
      for (const account of saved.changedDemo) if (directory.#demo.has(account.sub)) directory.#demo.set(account.sub, account);
      for (const sub of saved.deletedDemo) directory.#demo.delete(sub);
    }
    return directory;
  }

  #persist(): void {
    if (!this.#store) return;
    const shipped = new Map(DEMO_ACCOUNTS.map((account) => [account.sub, account]));
    void this.#store.save({
      version: 1,
      created: [...this.#created.values()],
      changedDemo: [...this.#demo.values()].filter((account) => JSON.stringify(account) !== JSON.stringify(shipped.get(account.sub))),
      deletedDemo: DEMO_ACCOUNTS.filter((account) => !this.#demo.has(account.sub)).map((account) => account.sub),
    });
  }

  /** Resolves when every change so far is on disk (the stand-in's close). */
  flush(): Promise<void> {
    return this.#store?.flush() ?? Promise.resolve();
  }

  get demoAccounts(): readonly DemoAccount[] {
    return DEMO_ACCOUNTS;
  }

  #all(): DemoAccount[] {
    return [...this.#demo.values(), ...this.#created.values()];
  }

  #byMap(sub: string): Map<string, DemoAccount> | undefined {
    return this.#demo.has(sub) ? this.#demo : this.#created.has(sub) ? this.#created : undefined;
  }

  /** Changes an account; 'conflict' when the new e-mail belongs to another account, undefined when unknown. */
  update(sub: string, change: AccountChange): DemoAccount | 'conflict' | undefined {
    const map = this.#byMap(sub);
    const account = map?.get(sub);
    if (!map || !account) return undefined;
    const email = change.email === undefined ? account.email : normaliseEmail(change.email);
    const owner = this.byEmail(email);
    if (owner && owner.sub !== sub) return 'conflict';
    const updated = { ...account, ...change, email };
    map.set(sub, updated);
    this.#persist();
    return updated;
  }

  async setPassword(sub: string, password: string): Promise<boolean> {
    const map = this.#byMap(sub);
    const account = map?.get(sub);
    if (!map || !account) return false;
    map.set(sub, { ...account, passwordHash: await hashPassword(password) });
    this.#persist();
    return true;
  }

  /** Deletes any account, demo accounts included (admin API); false when unknown. */
  delete(sub: string): boolean {
    const deleted = this.#demo.delete(sub) || this.#created.delete(sub);
    if (deleted) this.#persist();
    return deleted;
  }

  /** The demo accounts as shipped; created accounts stay. */
  reset(): void {
    this.#demo = new Map(DEMO_ACCOUNTS.map((account) => [account.sub, { ...account }]));
    this.#persist();
  }

  byEmail(email: string): DemoAccount | undefined {
    const wanted = normaliseEmail(email);
    return this.#all().find((account) => account.email === wanted);
  }

  bySub(sub: string): DemoAccount | undefined {
    return this.#all().find((account) => account.sub === sub);
  }

  /** The account for these credentials, or undefined; unknown e-mail and wrong password take the same time. */
  async authenticate(email: string, password: string): Promise<DemoAccount | undefined> {
    const account = this.byEmail(email);
    const ok = await verifyPassword(password, account?.passwordHash ?? DUMMY_HASH);
    // An account without a password never signs in with one (the dummy comparison keeps the timing alike).
    return ok && account ? account : undefined;
  }

  /** A new account; undefined when the e-mail address is taken. */
  async create(input: z.output<typeof NewAccountSchema>, origin: 'test' | 'registered' = 'test'): Promise<DemoAccount | undefined> {
    const email = normaliseEmail(input.email);
    if (this.byEmail(email)) return undefined;
    const account: DemoAccount = {
      sub: `kp|${origin === 'test' ? 'test-' : ''}${randomUUID()}`,
      email,
      givenName: input.givenName,
      familyName: input.familyName,
      customerNumber: input.customerNumber,
      phone: input.phone,
      phase: input.phase,
      emailVerified: input.emailVerified,
      onboarded: input.onboarded,
      ...(input.roles ? { roles: input.roles } : {}),
      passwordHash: input.password === null ? null : await hashPassword(input.password),
    };
    this.#created.set(account.sub, account);
    this.#persist();
    return account;
  }

  /**
   * An account the portal creates through the admin API (`POST users`, Keycloak's shape): no password (it signs in
   * with the e-mail code), address not verified, no roles until role mappings add them; undefined when the address is
   * taken.
   */
  async provision(input: { email: string; givenName: string; familyName: string; phone: string; phase: Phase }): Promise<DemoAccount | undefined> {
    const email = normaliseEmail(input.email);
    if (this.byEmail(email)) return undefined;
    const account: DemoAccount = {
      sub: `kp|${randomUUID()}`,
      email,
      givenName: input.givenName,
      familyName: input.familyName,
      customerNumber: null,
      phone: input.phone,
      phase: input.phase,
      emailVerified: false,
      onboarded: false,
      roles: [],
      passwordHash: null,
    };
    this.#created.set(account.sub, account);
    return account;
  }

  /**
   * Self-registration (the `create` prompt): a customer without a customer number yet, address not verified, not
   * onboarded (the portal's first sign-in confirms the address with a code); undefined when the e-mail address is taken.
   */
  register(input: { email: string; password: string; givenName: string; familyName: string }): Promise<DemoAccount | undefined> {
    return this.create({ ...input, customerNumber: null, phase: 'PROJECT', phone: '', emailVerified: false, onboarded: false }, 'registered');
  }

  /** Removes a created account; demo accounts stay. */
  remove(sub: string): boolean {
    const removed = this.#created.delete(sub);
    if (removed) this.#persist();
    return removed;
  }
}
