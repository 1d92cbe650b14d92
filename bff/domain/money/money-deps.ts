import type { SessionUser } from '../../contracts/auth.ts';
import type { BankAccountView } from '../../contracts/money.ts';
import type { Mailer } from '../../ports/mailer.ts';
import type { ManagedProject, ManagementMoney, ManagementService } from '../../ports/management-service.ts';
import type { MasterData } from '../../ports/master-data.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { RecordedType } from '../activity/activity-kinds.ts';
import type { Idempotent } from '../idempotency/idempotency.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { RequestContext } from '../request-context.ts';
import type { MailLogRepository } from '../repositories/mail-log.ts';
import type { CtaRepository, ReferralRepository, RefundRepository, SepaMandateRepository, StoredBankDetails } from '../repositories/money.ts';
import type { RateLimiter } from '../repositories/rate-limits.ts';
import type { MilestoneMailRepository } from '../repositories/signing-envelopes.ts';
import type { UserAccounts } from '../repositories/users.ts';
import type { SigningService } from '../signing/signing.service.ts';
import type { BankCheck } from './bank-check.ts';
import { maskIban } from './iban.ts';

/** Everything the money capability works with (built in bff/composition/capabilities/money.ts). */
export interface MoneyDeps {
  projects: ProjectAccess;
  management: ManagementMoney;
  /** The projects themselves (who is connected to a project, for the refund mail on the installer's event). */
  managementProjects: ManagementService;
  users: UserAccounts;
  /** One refund mail per project and amount, also when the event comes twice. */
  notices: MilestoneMailRepository;
  masterData: MasterData;
  refunds: RefundRepository;
  mandates: SepaMandateRepository;
  ctas: CtaRepository;
  referrals: ReferralRepository;
  bankCheck: BankCheck;
  signing: SigningService;
  idempotent: Idempotent;
  rateLimiter: RateLimiter;
  /** Files a document the portal made in the installer's document service (idempotent per `externalId`). */
  archive: (document: { projectId: number; type: string; title: string; externalId: string; filename: string; pdf: Uint8Array }) => Promise<{ documentId: string }>;
  activity: ActivityService;
  mailer: Mailer;
  mailLog: MailLogRepository;
  /** The installer as the SEPA creditor (INSTALLER_NAME, INSTALLER_ADDRESS, SEPA_CREDITOR_ID). */
  creditor: { name: string; address: string; creditorId: string };
  publicUrl: string;
  installerName: string;
  warn: (message: string, fields?: Record<string, unknown>) => void;
  now?: () => Date;
}

export const displayName = (user: SessionUser) => user.firstName.trim() || `${user.firstName} ${user.lastName}`.trim() || user.email;

/** Bank details as a page shows them: the IBAN masked, never whole. */
export function accountView(holder: string, account: StoredBankDetails): BankAccountView {
  return { holder, ibanMasked: maskIban(account.iban), bic: account.bic, bankName: account.bank, check: account.check, problem: account.problem };
}

/** The session's project: the chosen one, else the customer's first; null without any. */
export async function currentProject(deps: Pick<MoneyDeps, 'projects'>, ctx: RequestContext): Promise<ManagedProject | null> {
  return deps.projects.current(ctx);
}

/** The capability's mails (ActivityType: each with a SUCCESS_ and a FAILED_ variant). */
type MailActivity = 'REFUND' | 'REFUND_SUBMIT' | 'REFERRAL_REWARD' | 'FUNNEL_REFERRAL';

/**
 * Sends one mail with its ActivityType (SUCCESS_/FAILED_<kind>_EMAIL) and, when sent, its MailLog row. A failed mail
 * never fails the customer's action: it is recorded as FAILED_ and logged (without the address).
 */
export async function sendRecorded(
  deps: Pick<MoneyDeps, 'mailer' | 'mailLog' | 'activity' | 'warn'>,
  user: SessionUser,
  kind: MailActivity,
  to: string,
  mail: { subject: string; html: string; text: string },
  projectId: number,
): Promise<boolean> {
  try {
    await deps.mailer.send({ to: [to], ...mail });
  } catch (error) {
    deps.warn('mail failed', { kind, projectId, error });
    await deps.activity.record(user, `FAILED_${kind}_EMAIL` satisfies RecordedType, { projectId });
    return false;
  }
  const activity = await deps.activity.record(user, `SUCCESS_${kind}_EMAIL` satisfies RecordedType, { projectId });
  await deps.mailLog.record({ activityLogId: activity.id, sender: deps.mailer.from, receiver: to, subject: mail.subject, html: mail.html, text: mail.text });
  return true;
}

/**
 * The management service's money answers for the bell, kept 60 seconds per project and instance (docs/money.md
 * "Notifications and the bell"): the bell is on every page, and the portal's own state (a submitted refund, a signed
 * mandate) is read fresh, so a notification still disappears at once after the customer acted.
 */
export function createTtlMemo(ttlMs = 60_000, now: () => number = Date.now) {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  return function memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = entries.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.value as Promise<T>;
    const value = load();
    entries.set(key, { at: now(), value });
    value.catch(() => entries.delete(key));
    if (entries.size > 5000) entries.delete(entries.keys().next().value as string);
    return value;
  };
}
