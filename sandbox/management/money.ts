import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { JsonFile } from '../shared/json-store.ts';
import { berlinDay, resolveRelativeDates } from '../shared/relative-dates.ts';

/** Amounts are decimal strings, as accounting systems hand them out (never binary floats). */
const AmountSchema = z.string().regex(/^-?\d{1,12}(\.\d{1,4})?$/);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Account = z.strictObject({ accountHolder: z.string().min(1), iban: z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]+$/), bic: z.string().nullable(), bankName: z.string().nullable() });

export const RefundInputSchema = z.strictObject({
  amount: AmountSchema.refine((a) => Number(a) !== 0, 'amount must not be 0'),
  reason: z.string().trim().min(1).max(300),
  invoiceNumber: z.string().trim().min(1).max(40).nullable().default(null),
  dueDate: Day.nullable().default(null),
});
const RefundSchema = RefundInputSchema.extend({
  projectId: z.number().int(),
  status: z.enum(['OPEN', 'ACCOUNT_RECEIVED', 'SETTLED']),
  payoutAccount: Account.extend({ portalUserId: z.string(), receivedAt: z.string() }).nullable(),
  settledAt: z.string().nullable(),
});
export type Refund = z.infer<typeof RefundSchema>;

export const DirectDebitInputSchema = z.strictObject({
  purpose: z.string().trim().min(1).max(200),
  amount: AmountSchema.nullable().default(null),
  interval: z.enum(['MONTHLY', 'QUARTERLY', 'YEARLY', 'ONCE']),
  firstCollectionOn: Day.nullable().default(null),
});
const DirectDebitSchema = DirectDebitInputSchema.extend({
  projectId: z.number().int(),
  mandate: z
    .object({ mandateReference: z.string(), creditorId: z.string(), masterDataId: z.string(), signedAt: z.string(), documentSha256: z.string(), portalUserId: z.string(), receivedAt: z.string() })
    .nullable(),
});
export type DirectDebit = z.infer<typeof DirectDebitSchema>;

export const PayoutAccountSchema = Account.extend({ portalUserId: z.string().min(1).max(255) });
export const MandateSchema = z.strictObject({
  mandateReference: z.string().regex(/^[A-Za-z0-9/\-?:().,'+ ]{1,35}$/),
  creditorId: z.string().regex(/^DE\d{2}[A-Z0-9]{3}0\d{10}$/),
  masterDataId: z.string().min(1).max(100),
  signedAt: z.string(),
  documentSha256: z.string().regex(/^[0-9a-f]{64}$/),
  portalUserId: z.string().min(1).max(255),
});
export const ReferralInputSchema = z.strictObject({
  externalId: z.string().min(1).max(100),
  name: z.string().trim().min(1).max(120),
  email: z.email(),
  portalUserId: z.string().min(1).max(255),
});
const ReferralSchema = z.object({
  id: z.string(),
  projectId: z.number().int(),
  externalId: z.string(),
  name: z.string(),
  email: z.string(),
  portalUserId: z.string(),
  status: z.enum(['SUBMITTED', 'CONFIRMED', 'PAID_OUT', 'DECLINED']),
  reward: AmountSchema,
  referredProjectId: z.number().int().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  paidOutAt: z.string().nullable(),
});
export type Referral = z.infer<typeof ReferralSchema>;

const DemoSchema = z.strictObject({
  rewardPerReferral: AmountSchema,
  installerAccount: z.strictObject({ accountHolder: z.string(), iban: z.string(), bic: z.string(), bankName: z.string() }),
  refunds: z.array(RefundInputSchema.extend({ projectId: z.number().int() })),
  directDebits: z.array(DirectDebitInputSchema.extend({ projectId: z.number().int() })),
});
type Demo = z.infer<typeof DemoSchema>;
const StateSchema = z.object({ version: z.literal(1), refunds: z.array(RefundSchema), directDebits: z.array(DirectDebitSchema), referrals: z.array(ReferralSchema) });
type State = z.infer<typeof StateSchema>;

const DEMO_MONEY_FILE = new URL('./demo-money.json', import.meta.url);

/** Why the installer's rules refuse a change (409). */
export class MoneyConflict extends Error {}

/**
 * The management service's money part (docs/money.md): refunds per project (positive: the installer pays out, negative: the
 * customer owes), the direct debits a project needs and the mandates received for them, and the referrals customers
 * sent with their state (submitted → confirmed → paid out, or declined). State in `management-money.json`.
 */
export class ManagementMoneyStore {
  readonly #file: JsonFile<State>;
  readonly #demo: Demo;
  #state: State;
  #refundListeners: ((projectId: number) => void)[] = [];

  private constructor(file: JsonFile<State>, demo: Demo, state: State) {
    this.#file = file;
    this.#demo = demo;
    this.#state = state;
  }

  static async open(dataDir: string, log: (line: string) => void, now = new Date()): Promise<ManagementMoneyStore> {
    const parsed = DemoSchema.safeParse(resolveRelativeDates(JSON.parse(await readFile(DEMO_MONEY_FILE, 'utf8')), berlinDay(now)));
    if (!parsed.success) throw new Error(`Management: demo-money.json ungültig: ${z.prettifyError(parsed.error)}`);
    const { store: file, saved } = await JsonFile.open(path.join(dataDir, 'management-money.json'), 'Management-Geld', log, (json) => StateSchema.safeParse(json).data);
    return new ManagementMoneyStore(file, parsed.data, saved ?? ManagementMoneyStore.#demoState(parsed.data));
  }

  static #demoState(demo: Demo): State {
    return {
      version: 1,
      refunds: demo.refunds.map((r) => ({ ...r, status: 'OPEN', payoutAccount: null, settledAt: null })),
      directDebits: demo.directDebits.map((d) => ({ ...d, mandate: null })),
      referrals: [],
    };
  }

  /** Called when the back office enters a refund (the portal's event webhook listens here: the refund mail). */
  onRefundChange(listener: (projectId: number) => void): void {
    this.#refundListeners.push(listener);
  }

  get installerAccount() {
    return this.#demo.installerAccount;
  }

  get rewardPerReferral() {
    return this.#demo.rewardPerReferral;
  }

  #save() {
    return this.#file.save(this.#state);
  }

  refund(projectId: number): Refund | undefined {
    const found = this.#state.refunds.find((r) => r.projectId === projectId);
    return found && structuredClone(found);
  }

  async setRefund(projectId: number, input: z.infer<typeof RefundInputSchema>): Promise<Refund> {
    this.#state.refunds = this.#state.refunds.filter((r) => r.projectId !== projectId);
    const refund: Refund = { ...input, projectId, status: 'OPEN', payoutAccount: null, settledAt: null };
    this.#state.refunds.push(refund);
    await this.#save();
    for (const listener of this.#refundListeners) listener(projectId);
    return structuredClone(refund);
  }

  async removeRefund(projectId: number): Promise<boolean> {
    const before = this.#state.refunds.length;
    this.#state.refunds = this.#state.refunds.filter((r) => r.projectId !== projectId);
    await this.#save();
    return this.#state.refunds.length < before;
  }

  /** The customer's account for a positive refund; once (a second one is a conflict: a change goes through support). */
  async receivePayoutAccount(projectId: number, account: z.infer<typeof PayoutAccountSchema>): Promise<Refund | undefined> {
    const refund = this.#state.refunds.find((r) => r.projectId === projectId);
    if (!refund) return undefined;
    if (Number(refund.amount) < 0) throw new MoneyConflict('Bei einer Nachzahlung gibt es keine Auszahlung.');
    if (refund.status !== 'OPEN') throw new MoneyConflict('Für diese Erstattung liegt schon eine Bankverbindung vor.');
    refund.payoutAccount = { ...account, receivedAt: new Date().toISOString() };
    refund.status = 'ACCOUNT_RECEIVED';
    await this.#save();
    return structuredClone(refund);
  }

  /** The back office: paid out, or the customer's payment arrived. */
  async settleRefund(projectId: number): Promise<Refund | undefined> {
    const refund = this.#state.refunds.find((r) => r.projectId === projectId);
    if (!refund) return undefined;
    if (refund.status === 'SETTLED') throw new MoneyConflict('Schon erledigt.');
    if (Number(refund.amount) > 0 && refund.status !== 'ACCOUNT_RECEIVED') throw new MoneyConflict('Für eine Auszahlung fehlt noch die Bankverbindung.');
    refund.status = 'SETTLED';
    refund.settledAt = new Date().toISOString();
    await this.#save();
    return structuredClone(refund);
  }

  directDebit(projectId: number): DirectDebit | undefined {
    const found = this.#state.directDebits.find((d) => d.projectId === projectId);
    return found && structuredClone(found);
  }

  async setDirectDebit(projectId: number, input: z.infer<typeof DirectDebitInputSchema>): Promise<DirectDebit> {
    this.#state.directDebits = this.#state.directDebits.filter((d) => d.projectId !== projectId);
    const debit: DirectDebit = { ...input, projectId, mandate: null };
    this.#state.directDebits.push(debit);
    await this.#save();
    return structuredClone(debit);
  }

  async removeDirectDebit(projectId: number): Promise<boolean> {
    const before = this.#state.directDebits.length;
    this.#state.directDebits = this.#state.directDebits.filter((d) => d.projectId !== projectId);
    await this.#save();
    return this.#state.directDebits.length < before;
  }

  /** A signed mandate for the project's direct debit: the same reference again is harmless; another one replaces it. */
  async receiveMandate(projectId: number, mandate: z.infer<typeof MandateSchema>): Promise<DirectDebit | undefined> {
    const debit = this.#state.directDebits.find((d) => d.projectId === projectId);
    if (!debit) return undefined;
    if (debit.mandate?.mandateReference !== mandate.mandateReference) {
      debit.mandate = { ...mandate, receivedAt: new Date().toISOString() };
      await this.#save();
    }
    return structuredClone(debit);
  }

  referrals(projectId: number): Referral[] {
    return structuredClone(this.#state.referrals.filter((r) => r.projectId === projectId));
  }

  allReferrals(): Referral[] {
    return structuredClone(this.#state.referrals);
  }

  /** One referral per project and portal id (a retry answers the first); the same person twice for a project is a conflict. */
  async createReferral(projectId: number, input: z.infer<typeof ReferralInputSchema>): Promise<Referral> {
    const known = this.#state.referrals.find((r) => r.projectId === projectId && r.externalId === input.externalId);
    if (known) return structuredClone(known);
    if (this.#state.referrals.some((r) => r.projectId === projectId && r.email.toLowerCase() === input.email.toLowerCase())) {
      throw new MoneyConflict('Diese Person wurde für dieses Projekt schon empfohlen.');
    }
    const referral: Referral = {
      id: `EMP-${randomUUID().slice(0, 8).toUpperCase()}`,
      projectId,
      ...input,
      status: 'SUBMITTED',
      reward: this.#demo.rewardPerReferral,
      referredProjectId: null,
      createdAt: new Date().toISOString(),
      confirmedAt: null,
      paidOutAt: null,
    };
    this.#state.referrals.push(referral);
    await this.#save();
    return structuredClone(referral);
  }

  /** The back office: the referred person became a customer (confirm), the reward was paid out, or the referral declined. */
  async changeReferral(id: string, action: 'confirm' | 'payout' | 'decline', referredProjectId?: number): Promise<Referral | undefined> {
    const referral = this.#state.referrals.find((r) => r.id === id);
    if (!referral) return undefined;
    const now = new Date().toISOString();
    if (action === 'confirm') {
      if (referral.status !== 'SUBMITTED') throw new MoneyConflict('Nur eingereichte Empfehlungen lassen sich bestätigen.');
      Object.assign(referral, { status: 'CONFIRMED', confirmedAt: now, referredProjectId: referredProjectId ?? null });
    } else if (action === 'payout') {
      if (referral.status !== 'CONFIRMED') throw new MoneyConflict('Nur bestätigte Empfehlungen lassen sich auszahlen.');
      Object.assign(referral, { status: 'PAID_OUT', paidOutAt: now });
    } else {
      if (referral.status === 'PAID_OUT') throw new MoneyConflict('Eine ausgezahlte Empfehlung lässt sich nicht mehr ablehnen.');
      referral.status = 'DECLINED';
    }
    await this.#save();
    return structuredClone(referral);
  }

  async reset(): Promise<void> {
    this.#state = ManagementMoneyStore.#demoState(this.#demo);
    await this.#save();
  }

  flush(): Promise<void> {
    return this.#file.flush();
  }
}
