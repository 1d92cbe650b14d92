import type { BankCheckStatus, IbanProblem, ReferralState } from '../../contracts/money.ts';

/** Bank details as stored: the electronic IBAN and what the IBAN validator said about it (docs/money.md). */
export interface StoredBankDetails {
  iban: string;
  bic: string | null;
  bank: string | null;
  check: BankCheckStatus;
  problem: IbanProblem | null;
  checkedAt: Date | null;
}

/** Refund: the management service's refund mirrored per project, and the bank details sent for it. */
export interface StoredRefund {
  id: number;
  projectId: number;
  /** Decimal string with two places ("312.45"). */
  amount: string;
  payout: 'POSITIVE' | 'NEGATIVE';
  name: string | null;
  account: StoredBankDetails | null;
  userId: string | null;
  completedAt: Date | null;
  emailSentAt: Date | null;
  documentId: string | null;
  documentDownloadedAt: Date | null;
  createdAt: Date;
}

export interface RefundRepository {
  /** The project's refund row with the management service's current amount (kept as it was once completed). */
  mirror(projectId: number, refund: { amount: string; payout: 'POSITIVE' | 'NEGATIVE' }): Promise<StoredRefund>;
  find(projectId: number): Promise<StoredRefund | null>;
  /** Stores the bank details once: null when the refund was completed before (the caller answers 409). */
  complete(projectId: number, completion: { name: string; account: StoredBankDetails; userId: string; completedAt: Date }): Promise<StoredRefund | null>;
  setDocument(id: number, documentId: string): Promise<void>;
  markEmailSent(id: number, at: Date): Promise<void>;
  /** Sets documentDownloadedAt on the first download only; true when it was the first. */
  markDocumentDownloaded(documentId: string, at: Date): Promise<boolean>;
}

export interface StoredSepaMandate {
  id: number;
  projectId: number;
  userId: string;
  creditorId: string;
  mandateReference: string;
  status: 'PENDING_SIGNATURE' | 'ACTIVE' | 'CANCELLED';
  sequenceType: 'RCUR' | 'OOFF';
  envelopeId: string | null;
  documentId: string | null;
  mdsId: string | null;
  firstName: string;
  lastName: string;
  street: string;
  houseNumber: string;
  zip: string;
  locality: string;
  account: StoredBankDetails;
  signedPlace: string;
  signedAt: Date | null;
  createdAt: Date;
}

export type NewSepaMandate = Omit<StoredSepaMandate, 'id' | 'status' | 'envelopeId' | 'documentId' | 'mdsId' | 'signedAt' | 'createdAt'>;

export interface SepaMandateRepository {
  /** A new mandate waiting for its signature; null when the reference is taken for this creditor (draw another). */
  create(mandate: NewSepaMandate): Promise<StoredSepaMandate | null>;
  setEnvelope(id: number, envelopeId: string): Promise<void>;
  byEnvelope(envelopeId: string): Promise<StoredSepaMandate | null>;
  /** The active mandate of a project, else the newest waiting for its signature. */
  current(projectId: number): Promise<StoredSepaMandate | null>;
  active(projectId: number): Promise<StoredSepaMandate | null>;
  /** Mandates of the project still waiting for a signature. */
  pending(projectId: number): Promise<StoredSepaMandate[]>;
  /**
   * Marks the signed mandate active (idempotent). False when another mandate of the project is active already (the
   * unique index "one active per project" refused it).
   */
  activate(id: number, signed: { mdsId: string; documentId: string; signedAt: Date }): Promise<boolean>;
  cancel(id: number): Promise<void>;
}

/** CTA: an open call to action of a project (CtaType SEPA), completed once done. */
export interface CtaRepository {
  /** Opens the project's CTA of this type unless one is open. */
  open(projectId: number, type: 'SEPA'): Promise<void>;
  complete(projectId: number, type: 'SEPA', at: Date): Promise<void>;
  /** The open CTA's creation time, or null. */
  openSince(projectId: number, type: 'SEPA'): Promise<Date | null>;
}

export interface StoredReferral {
  id: number;
  projectId: number;
  userId: string;
  emailAddress: string;
  name: string;
  bankAccountOwnerName: string;
  account: StoredBankDetails;
  status: ReferralState;
  managementId: string | null;
  reward: string | null;
  confirmedAt: Date | null;
  paidOutAt: Date | null;
  completedAt: Date | null;
  createdAt: Date;
}

export interface ReferralRepository {
  /** A new referral; null when this person was referred for the project before. */
  create(referral: Omit<StoredReferral, 'id' | 'status' | 'managementId' | 'reward' | 'confirmedAt' | 'paidOutAt' | 'completedAt' | 'createdAt'>): Promise<StoredReferral | null>;
  setManagementId(id: number, managementId: string): Promise<void>;
  ofProject(projectId: number): Promise<StoredReferral[]>;
  /** Mirrors the management service's state (confirmed, paid out = completed, declined). */
  updateState(id: number, state: { status: ReferralState; reward: string | null; confirmedAt: Date | null; paidOutAt: Date | null }): Promise<void>;
}

export type BankCheckTable = 'refund' | 'sepa_mandate' | 'referral_reward';

/** Bank details whose check is pending because the IBAN validator was unavailable (retried by the bank-check job). */
export interface BankCheckRepository {
  pending(limit: number): Promise<{ table: BankCheckTable; id: number; iban: string }[]>;
  record(table: BankCheckTable, id: number, result: { status: BankCheckStatus; bic: string | null; bank: string | null; problem: IbanProblem | null; checkedAt: Date }): Promise<void>;
}

/**
 * A customer's rows of this capability for the personal-data export and the account deletion (docs/account.md
 * registry). Completed refunds, paid-out rewards and signed mandates are payment records the law makes the installer
 * keep (HGB § 257, AO § 147; the EPC rulebook for mandates): they stay; everything else goes.
 */
export interface MoneyPersonalDataRepository {
  rowsOfUser(userId: string): Promise<{ refunds: Record<string, unknown>[]; sepaMandates: Record<string, unknown>[]; referralRewards: Record<string, unknown>[] }>;
  eraseUser(userId: string): Promise<{ deleted: number; anonymised: number; retained: number }>;
}
