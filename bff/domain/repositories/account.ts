import type { DataExportStatus } from '../../contracts/account.ts';
import type { BaseData, JourneyStatus } from '../../contracts/onboarding.ts';

/** Persistence of the customer's account; implemented in bff/db/repositories/account.repository.ts. */

export interface TwoFactorState {
  /** HMAC of the pending code (User.twoFaCode), null when none is pending. */
  codeHash: string | null;
  codeCreatedAt: Date | null;
  confirmedAt: Date | null;
  failedAttempts: number;
  /** Codes sent in the current series. */
  sends: number;
}

export interface OnboardingState {
  twoFactor: TwoFactorState;
  journeyStatus: JourneyStatus | null;
  tourSeenAt: Date | null;
  bannerSeenAt: Date | null;
}

export interface OnboardingRepository {
  /** The state of a known user (defaults for a user without any row yet). */
  state(userId: string): Promise<OnboardingState>;
  /** A new pending code replaces the previous one; attempts start over. */
  storeCode(userId: string, codeHash: string, at: Date, sends: number): Promise<void>;
  /** Counts a wrong code; answers the failures so far. */
  recordFailure(userId: string): Promise<number>;
  /** The code is used up and the address confirmed. */
  confirm(userId: string, at: Date): Promise<void>;
  /** A customer the identity provider marks as onboarded (migrated): every step counts as done, once. */
  markOnboarded(userId: string, at: Date): Promise<void>;
  /**
   * A lead's account: UserMeta names its funnel lead (journeyLeadId) and starts at REGISTERED (a status
   * further on stays). Idempotent.
   */
  registerLead(userId: string, leadId: string): Promise<void>;
  /** Moves the journey status forward (never back); answers the status afterwards. */
  advanceJourney(userId: string, status: JourneyStatus): Promise<JourneyStatus>;
  /** True the first time. */
  markTourSeen(userId: string, at: Date): Promise<boolean>;
  /** True the first time. */
  markBannerSeen(userId: string, at: Date): Promise<boolean>;
}

export interface ProfileRepository {
  get(userId: string): Promise<BaseData | null>;
  save(userId: string, data: BaseData): Promise<void>;
}

export interface EmailChange {
  uuid: string;
  userId: string;
  email: string;
  createdAt: Date;
  confirmedAt: Date | null;
}

export interface EmailChangeRepository {
  create(change: { uuid: string; userId: string; email: string; createdAt: Date }): Promise<void>;
  find(uuid: string): Promise<EmailChange | null>;
  /** The newest unconfirmed change of the user created after `since`. */
  pending(userId: string, since: Date): Promise<EmailChange | null>;
  /** Marks the change confirmed and the user's portal address changed; false when it was confirmed already. */
  confirm(uuid: string, at: Date): Promise<boolean>;
}

export interface AccountExportRepository {
  create(entry: { userId: string; status: 'PENDING' | 'READY'; expiresAt: Date; content?: string }): Promise<string>;
  complete(id: string, content: string): Promise<void>;
  fail(id: string): Promise<void>;
  /** The export with its owner (content only when READY). */
  find(id: string): Promise<{ userId: string; status: DataExportStatus['status']; content: string | null; expiresAt: Date } | null>;
  latest(userId: string, now: Date): Promise<Omit<DataExportStatus, 'href'> | null>;
  deleteExpired(now: Date): Promise<number>;
}
