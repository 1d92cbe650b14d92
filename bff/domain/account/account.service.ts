import { randomUUID } from 'node:crypto';
import {
  AccountErrors,
  EMAIL_CHANGE_PARAM,
  EMAIL_CHANGE_TTL_HOURS,
  isDeleteConfirmation,
  SETTINGS_PATH,
  ACCOUNT_API,
  type AccountServices,
  type DataExportStatus,
  type EmailChangeLinkView,
  type SettingsView,
} from '../../contracts/account.ts';
import type { Language, SessionUser } from '../../contracts/auth.ts';
import { INTERNAL_API_BASE } from '../../contracts/http.ts';
import type { NewsletterState } from '../../contracts/newsletter.ts';
import type { IdentityAdmin } from '../../ports/identity-admin.ts';
import type { Mailer, OutgoingMail } from '../../ports/mailer.ts';
import type { MarketingService } from '../../ports/marketing-service.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { SessionRevocation } from '../auth/sessions.ts';
import { AppError, upstreamUnavailable } from '../errors.ts';
import { maskEmail } from '../linking/link-code.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { AccountExportRepository, EmailChangeRepository, ProfileRepository } from '../repositories/account.ts';
import type { MailLogRepository } from '../repositories/mail-log.ts';
import type { RateLimiter } from '../repositories/rate-limits.ts';
import type { RequestContext } from '../request-context.ts';
import type { AccountData, AccountSubject } from './account-data.ts';
import { accountDeletedMail, dataExportReadyMail, emailChangedNoticeMail, emailChangeLinkMail, passwordChangedMail } from './account-mails.ts';

/** E-mail change requests per customer and hour. */
export const EMAIL_CHANGES_PER_HOUR = 5;

export interface AccountDeps {
  /** The customer's language: mails to them are written in it. */
  languageOf(userId: string): Promise<Language>;
  identityAdmin: IdentityAdmin;
  marketing: MarketingService;
  projects: ProjectAccess;
  profiles: ProfileRepository;
  emailChanges: EmailChangeRepository;
  exports: AccountExportRepository;
  subjects: { knownEmails(userId: string): Promise<string[]>; exists(userId: string): Promise<boolean> };
  accountData: AccountData;
  /** Ends the customer's other sessions for good (./../auth/sessions.ts). */
  sessions: Pick<SessionRevocation, 'endOthers'>;
  /** Queues the job that builds a large export. */
  startExportJob(exportId: string): Promise<void>;
  newsletterState(user: SessionUser): Promise<NewsletterState | null>;
  mailer: Mailer;
  mailLog: MailLogRepository;
  activity: ActivityService;
  rateLimiter: RateLimiter;
  publicUrl: string;
  /** How long an export can be fetched. */
  exportKeepDays: number;
  /** Exports with at most this many records are built at once (DATA_EXPORT_INLINE_LIMIT). */
  exportInlineLimit: number;
  now?: () => Date;
  warn: (message: string, fields?: Record<string, unknown>) => void;
}

const exportHref = (id: string) => `${INTERNAL_API_BASE}/${ACCOUNT_API.dataExportDownload.replace(':id', id)}`;

/**
 * The customer's account (docs/account.md): the e-mail change (a link to the new address, valid 24 hours; the
 * identity provider changes only on confirmation; the old address is told; the other sessions end), what follows a
 * password change at the identity provider (the other sessions end, a notice mail), the data export and the account
 * deletion over the account-data registry.
 */
export function createAccountService(deps: AccountDeps) {
  const now = deps.now ?? (() => new Date());

  async function limit(key: string, max: number, seconds: number) {
    const hit = await deps.rateLimiter.hit(key, max, seconds);
    if (!hit.allowed) throw new AppError(AccountErrors.RATE_LIMITED, { retryAfterSeconds: hit.retryAfterSeconds });
  }

  /** Sends a mail and writes its MailLog row (and activity, if given); a failed send writes the FAILED activity. */
  async function mail(user: SessionUser, to: string, message: Omit<OutgoingMail, 'to'>, activity?: { success: 'SUCCESS_UPDATE_EMAIL_EMAIL' | 'PASSWORD_CHANGE'; failed?: 'FAILED_UPDATE_EMAIL_EMAIL' }) {
    try {
      await deps.mailer.send({ to: [to], ...message });
    } catch (cause) {
      if (activity?.failed) await deps.activity.record(user, activity.failed, {});
      throw upstreamUnavailable({ name: 'mail', label: 'Der E-Mail-Versand' }, cause);
    }
    const logged = activity ? await deps.activity.record(user, activity.success, {}) : null;
    await deps.mailLog.record({ activityLogId: logged?.id ?? null, sender: deps.mailer.from, receiver: to, subject: message.subject, html: message.html, text: message.text });
  }

  async function subjectOf(userId: string, user?: SessionUser): Promise<AccountSubject> {
    const [emails, profile, projects] = await Promise.all([deps.subjects.knownEmails(userId), deps.profiles.get(userId), deps.projects.projectsOf(userId)]);
    const email = user?.email ?? emails[0] ?? '';
    return {
      userId,
      email,
      emails: [...new Set([email, ...emails].filter(Boolean).map((e) => e.toLowerCase()))],
      firstName: profile?.firstName ?? user?.firstName ?? '',
      lastName: profile?.lastName ?? user?.lastName ?? '',
      projectIds: projects.map((p) => p.id),
    };
  }

  async function latestExport(userId: string): Promise<DataExportStatus | null> {
    const latest = await deps.exports.latest(userId, now());
    if (!latest) return null;
    // A job that gave up after its retries leaves the export pending; after half an hour it counts as failed.
    const stuck = latest.status === 'PENDING' && now().getTime() - new Date(latest.createdAt).getTime() > 30 * 60_000;
    return { ...latest, status: stuck ? 'FAILED' : latest.status, href: latest.status === 'READY' ? exportHref(latest.id) : null };
  }

  async function settings(user: SessionUser): Promise<SettingsView> {
    const since = new Date(now().getTime() - EMAIL_CHANGE_TTL_HOURS * 3_600_000);
    // Whether to offer "change" or "set" a password; the page words both when the provider does not answer.
    const password = deps.identityAdmin.hasPassword(user.id).then(
      (has): SettingsView['password'] => (has ? 'SET' : 'NONE'),
      (error: unknown) => {
        deps.warn('password state unknown', { error });
        return null;
      },
    );
    const [pending, newsletter, dataExport, passwordState] = await Promise.all([deps.emailChanges.pending(user.id, since), deps.newsletterState(user), latestExport(user.id), password]);
    return {
      email: user.email,
      password: passwordState,
      pendingEmail: pending ? { email: pending.email, expiresAt: new Date(pending.createdAt.getTime() + EMAIL_CHANGE_TTL_HOURS * 3_600_000).toISOString() } : null,
      newsletter,
      dataExport,
    };
  }

  async function emailChangeLink(user: SessionUser, uuid: string): Promise<EmailChangeLinkView> {
    const change = await deps.emailChanges.find(uuid);
    // Another customer's link answers like an unknown one.
    if (!change || change.userId !== user.id) return { state: 'INVALID' };
    if (change.confirmedAt) return { state: 'CONFIRMED' };
    if (now().getTime() - change.createdAt.getTime() > EMAIL_CHANGE_TTL_HOURS * 3_600_000) return { state: 'EXPIRED' };
    return { state: 'VALID', email: change.email };
  }

  return {
    subjectOf,

    async requestEmailChange(user: SessionUser, email: string): Promise<{ email: string; expiresAt: string }> {
      if (email === user.email.toLowerCase()) throw new AppError(AccountErrors.EMAIL_SAME);
      await limit(`account:email:${user.id}`, EMAIL_CHANGES_PER_HOUR, 3600);
      const uuid = randomUUID();
      const createdAt = now();
      await deps.emailChanges.create({ uuid, userId: user.id, email, createdAt });
      const link = new URL(SETTINGS_PATH, deps.publicUrl);
      link.searchParams.set(EMAIL_CHANGE_PARAM, uuid);
      await mail(user, email, emailChangeLinkMail({ newEmail: email, link: link.href, hours: EMAIL_CHANGE_TTL_HOURS, lang: await deps.languageOf(user.id) }), {
        success: 'SUCCESS_UPDATE_EMAIL_EMAIL',
        failed: 'FAILED_UPDATE_EMAIL_EMAIL',
      });
      return { email, expiresAt: new Date(createdAt.getTime() + EMAIL_CHANGE_TTL_HOURS * 3_600_000).toISOString() };
    },

    /**
     * The confirmation (signed in, so only the account that asked can confirm): answers the new address and the
     * generation the confirming session continues with; every other session of the customer ends.
     */
    async confirmEmailChange(user: SessionUser, uuid: string, keepSid: string): Promise<{ email: string; generation: number }> {
      const view = await emailChangeLink(user, uuid);
      if (view.state === 'EXPIRED') throw new AppError(AccountErrors.EMAIL_LINK_EXPIRED);
      if (view.state !== 'VALID') throw new AppError(AccountErrors.EMAIL_LINK_INVALID);
      const oldEmail = user.email;
      if ((await deps.identityAdmin.changeEmail(user.id, view.email)) === 'taken') throw new AppError(AccountErrors.EMAIL_TAKEN);
      if (!(await deps.emailChanges.confirm(uuid, now()))) throw new AppError(AccountErrors.EMAIL_LINK_INVALID);
      const changed: SessionUser = { ...user, email: view.email, emailVerified: true };
      // Whoever is signed in elsewhere signed in with the old address: those sessions end (docs/account.md).
      const { generation } = await deps.sessions.endOthers(user.id, keepSid);
      await deps.activity.record(changed, 'EMAIL_VERIFICATION', {});
      // The newsletter follows the address; a failure here must not undo the change.
      await deps.marketing.changeEmail(oldEmail, view.email).catch((error: unknown) => deps.warn('newsletter contact kept its old address', { error }));
      await mail(changed, oldEmail, emailChangedNoticeMail({ firstName: user.firstName, newEmailMasked: maskEmail(view.email), lang: await deps.languageOf(user.id) }), { success: 'SUCCESS_UPDATE_EMAIL_EMAIL' }).catch((error: unknown) =>
        deps.warn('notice to the old address not sent', { error }),
      );
      return { email: view.email, generation };
    },

    /**
     * The identity provider changed (or set) the customer's password (its update-password action, started from the
     * settings): every other session ends (ASVS 7.4.3), the current one continues with the answered generation, and a
     * notice goes to the address.
     */
    async passwordChanged(user: SessionUser, keepSid: string): Promise<{ generation: number }> {
      const { generation } = await deps.sessions.endOthers(user.id, keepSid);
      await mail(user, user.email, passwordChangedMail({ firstName: user.firstName, lang: await deps.languageOf(user.id) }), { success: 'PASSWORD_CHANGE' }).catch(async (error: unknown) => {
        await deps.activity.record(user, 'PASSWORD_CHANGE', {});
        deps.warn('password change notice not sent', { error });
      });
      return { generation };
    },

    /**
     * The data export (GDPR Art. 15, 20): small ones at once as JSON; a large one is built by the `account-export` job
     * and fetched from the settings (and announced by mail) when ready.
     */
    async requestExport(user: SessionUser): Promise<{ inline: string } | { pending: DataExportStatus }> {
      const subject = await subjectOf(user.id, user);
      if ((await deps.accountData.count(subject)) <= deps.exportInlineLimit) {
        return { inline: JSON.stringify(await deps.accountData.export(subject, now()), null, 2) };
      }
      const expiresAt = new Date(now().getTime() + deps.exportKeepDays * 86_400_000);
      const id = await deps.exports.create({ userId: user.id, status: 'PENDING', expiresAt });
      await deps.startExportJob(id);
      return { pending: { id, status: 'PENDING', createdAt: now().toISOString(), expiresAt: expiresAt.toISOString(), href: null } };
    },

    /** The job's work: builds the export and mails the customer. Idempotent: a ready export is left alone. */
    async buildExport(exportId: string): Promise<{ bytes: number } | { skipped: string }> {
      const entry = await deps.exports.find(exportId);
      if (!entry) return { skipped: 'unknown export (deleted with the account?)' };
      if (entry.status !== 'PENDING') return { skipped: `export is ${entry.status}` };
      const subject = await subjectOf(entry.userId);
      const content = JSON.stringify(await deps.accountData.export(subject, now()), null, 2);
      await deps.exports.complete(exportId, content);
      const message = dataExportReadyMail({ firstName: subject.firstName, link: new URL(SETTINGS_PATH, deps.publicUrl).href, days: deps.exportKeepDays, lang: await deps.languageOf(entry.userId) });
      if (subject.email) {
        await deps.mailer.send({ to: [subject.email], ...message }).then(
          () => deps.mailLog.record({ activityLogId: null, sender: deps.mailer.from, receiver: subject.email, subject: message.subject, html: message.html, text: message.text }),
          (error: unknown) => deps.warn('export-ready mail not sent', { error }),
        );
      }
      return { bytes: Buffer.byteLength(content) };
    },

    /** A ready export of the customer's own; another customer's id answers like an unknown one. */
    async download(user: SessionUser, id: string): Promise<string> {
      const entry = await deps.exports.find(id);
      if (!entry || entry.userId !== user.id || entry.status !== 'READY' || entry.content === null || entry.expiresAt <= now()) throw new AppError(AccountErrors.EXPORT_NOT_FOUND);
      return entry.content;
    },

    deleteExpiredExports: () => deps.exports.deleteExpired(now()),

    /**
     * Erases an account without a customer asking (no confirmation, no mail): a lead the sales service lost, once the
     * privacy policy's period is over (the funnel job). The same registry as the customer's own deletion.
     */
    async eraseAccount(userId: string): Promise<void> {
      await deps.accountData.erase(await subjectOf(userId));
    },

    /**
     * Account deletion (GDPR Art. 17, 19): every registered source erases or anonymises its data (projects unlinked,
     * newsletter contact, portal tables, the sign-in account, every session), then a confirmation goes to the address.
     */
    async deleteAccount(user: SessionUser, confirmation: string): Promise<void> {
      if (!isDeleteConfirmation(confirmation)) throw new AppError(AccountErrors.DELETE_CONFIRMATION);
      const subject = await subjectOf(user.id, user);
      // Read before the erasure takes the user row with it.
      const lang = await deps.languageOf(user.id);
      await deps.accountData.erase(subject);
      const retained = deps.accountData.retainedReasons().map((r) => r.reason[lang]);
      const message = accountDeletedMail({ firstName: user.firstName, retained, lang });
      try {
        await deps.mailer.send({ to: [subject.email], ...message });
        // The log keeps that the mail went out, not to whom: no address, no name.
        const logged = accountDeletedMail({ retained, lang });
        await deps.mailLog.record({ activityLogId: null, sender: deps.mailer.from, receiver: maskEmail(subject.email), subject: logged.subject, html: logged.html, text: logged.text });
      } catch (error) {
        deps.warn('deletion confirmation not sent', { error });
      }
    },

    /**
     * An event of the identity provider (its signed webhook): the sign-in code and the block notice it mailed go into
     * the activity log with origin IDENTITY_PROVIDER. Only for customers the portal knows: whoever never used the
     * portal (or deleted their account) leaves no trace here.
     */
    async identityEvent(event: string, data: { userId: string; email: string }): Promise<'recorded' | 'ignored'> {
      const type = event === 'passwordless.code_sent' ? 'PASSWORDLESS_LOGIN_CODE' : event === 'account.blocked' ? 'ACCOUNT_BLOCKED_NOTICE' : null;
      if (!type || !(await deps.subjects.exists(data.userId))) return 'ignored';
      await deps.activity.recordFromIdentityProvider({ id: data.userId, email: data.email.toLowerCase() }, type, {});
      return 'recorded';
    },

    forRequest(ctx: RequestContext): AccountServices {
      const user = () => {
        if (!ctx.user) throw new Error('account pages need a signed-in customer');
        return ctx.user;
      };
      return {
        settings: () => settings(user()),
        emailChangeLink: (uuid) => emailChangeLink(user(), uuid),
        retained: () => deps.accountData.retainedReasons().map((r) => ({ name: r.tables.join(', '), reason: r.reason })),
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
