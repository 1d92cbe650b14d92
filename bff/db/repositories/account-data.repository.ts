import type { Knex } from 'knex';
import type { AccountDataSource, AccountSubject } from '../../domain/account/account-data.ts';
import { activityName } from '../../domain/account/activity-names.ts';

/**
 * The portal's own tables as account-data sources (bff/domain/account/account-data.ts): per capability how its rows of
 * a customer are exported and erased. Declared by each capability module (bff/composition/capabilities/, `accountData`);
 * a capability with new tables adds its source here (or beside its repository) and one line there.
 */

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
const lower = (emails: readonly string[]) => [...new Set(emails.map((e) => e.toLowerCase()))];

/** What the portal knows to find a customer's data: every address it has seen for them. */
export function createAccountSubjectRepository(knex: Knex) {
  return {
    async knownEmails(userId: string): Promise<string[]> {
      const [user, changes] = await Promise.all([
        knex('users').where({ userId }).first('email'),
        knex('updateEmail').where({ userId }).select('email'),
      ]);
      return lower([...(user?.email ? [String(user.email)] : []), ...changes.map((row: { email: string }) => row.email)]);
    },
    async exists(userId: string): Promise<boolean> {
      return Boolean(await knex('users').where({ userId }).first('id'));
    },
  };
}

/** The account's own tables: users, user_meta, user_profile, update_email, account_export. */
export function accountTablesData(knex: Knex): AccountDataSource {
  return {
    name: 'account',
    async export(subject) {
      const [user, meta, profile, changes, exports] = await Promise.all([
        knex('users').where({ userId: subject.userId }).first(),
        knex('userMeta').where({ userId: subject.userId }).first(),
        knex('userProfile').where({ userId: subject.userId }).first(),
        knex('updateEmail').where({ userId: subject.userId }).orderBy('uuidCreatedAt'),
        knex('accountExport').where({ userId: subject.userId }).orderBy('createdAt').select('id', 'status', 'createdAt', 'expiresAt'),
      ]);
      return {
        user: user ? { userId: user.userId, email: user.email, registeredAt: iso(user.createdAt), twoFaConfirmedAt: iso(user.twoFaConfirmedAt) } : null,
        meta: meta
          ? { journeyStatus: meta.journeyStatus, dashboardTourSeenAt: iso(meta.dashboardTourSeenAt), newsletterBannerSeenAt: iso(meta.newsletterBannerSeenAt) }
          : null,
        baseData: profile
          ? {
              salutation: profile.salutation,
              firstName: profile.firstName,
              lastName: profile.lastName,
              phone: profile.phone,
              street: profile.street,
              houseNumber: profile.houseNumber,
              zip: profile.zip,
              city: profile.city,
              preferredContact: profile.preferredContact,
              updatedAt: iso(profile.updatedAt),
            }
          : null,
        emailChanges: changes.map((row: Record<string, unknown>) => ({ email: row.email, requestedAt: iso(row.uuidCreatedAt), confirmedAt: iso(row.uuidConfirmedAt) })),
        dataExports: exports.map((row: Record<string, unknown>) => ({ id: row.id, status: row.status, createdAt: iso(row.createdAt), expiresAt: iso(row.expiresAt) })),
      };
    },
    async erase(subject) {
      const where = { userId: subject.userId };
      return {
        userMeta: await knex('userMeta').where(where).delete(),
        userProfile: await knex('userProfile').where(where).delete(),
        updateEmail: await knex('updateEmail').where(where).delete(),
        accountExport: await knex('accountExport').where(where).delete(),
        users: await knex('users').where(where).delete(),
      };
    },
  };
}

/** ActivityLog with its sub-logs; rows of the customer, by id or by the address they signed in with. */
export function activityData(knex: Knex, subLogTables: readonly string[]): AccountDataSource {
  const mine = (subject: AccountSubject) => (q: Knex.QueryBuilder) => q.where('userId', subject.userId).orWhereRaw('lower(username) = any(?)', [lower(subject.emails)]);
  return {
    name: 'activity',
    async count(subject) {
      const row = await knex('activityLog').where(mine(subject)).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },
    async export(subject) {
      const rows = await knex('activityLog').where(mine(subject)).orderBy('id');
      const details = new Map<string, Record<string, unknown>>();
      // The sub-logs by the same condition, not by a list of ids (a long history would send tens of thousands of
      // parameters per table), and as `= any(array(…))` so each sub-log is read by its index, not hashed against a
      // scan of the whole table (docs/scale.md).
      const ids = knex('activityLog').select('id').where(mine(subject));
      for (const table of subLogTables) {
        const subRows = rows.length > 0 ? await knex(table).whereRaw('activity_log_id = any(array(?))', [ids]) : [];
        for (const { id: _id, activityLogId, ...fields } of subRows as Record<string, unknown>[]) {
          details.set(String(activityLogId), { ...details.get(String(activityLogId)), ...fields });
        }
      }
      return rows.map((row: Record<string, unknown>) => ({
        type: row.type,
        // The type in words, German and English (docs/account.md "The customer's own data").
        name: activityName(String(row.type)),
        origin: row.origin,
        projectId: row.projectId,
        createdAt: iso(row.createdAt),
        ...(details.has(String(row.id)) ? { detail: details.get(String(row.id)) } : {}),
      }));
    },
    async erase(subject) {
      // Sub-logs go with their row (ON DELETE CASCADE); the mail source ran before and erased the mails of these rows.
      return { activityLog: await knex('activityLog').where(mine(subject)).delete() };
    },
  };
}

/**
 * MailLog: every mail the portal sent to one of the customer's addresses, and every mail it sent on
 * the customer's behalf to someone else (a referral's invitation names the customer), found by the customer's
 * activity it belongs to. Runs before the activity source, which takes that link away.
 */
export function mailLogData(knex: Knex): AccountDataSource {
  const toCustomer = (subject: AccountSubject) => (q: Knex.QueryBuilder) => {
    for (const email of lower(subject.emails)) q.orWhereRaw('lower(receiver) like ?', [`%${email.replace(/[\\%_]/g, '\\$&')}%`]);
    // `= any(array(…))` keeps both conditions on their indexes (a bitmap OR); `in (…)` would filter a whole-table scan.
    q.orWhereRaw('activity_log_id = any(array(?))', [knex('activityLog').select('id').where('userId', subject.userId)]);
  };
  return {
    name: 'mails',
    async count(subject) {
      const row = await knex('mailLog').where(toCustomer(subject)).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },
    async export(subject) {
      const rows = await knex('mailLog').where(toCustomer(subject)).orderBy('id');
      return rows.map((row: Record<string, unknown>) => ({ sentAt: iso(row.createdAt), from: row.sender, to: row.receiver, subject: row.subject, text: row.text }));
    },
    async erase(subject) {
      return { mailLog: await knex('mailLog').where(toCustomer(subject)).delete() };
    },
  };
}

/**
 * The mails the identity provider sent the customer on the installer's behalf (its sign-in codes and block notices):
 * the portal knows them from the provider's signed events (activity origin IDENTITY_PROVIDER), not their content.
 */
export function identityProviderMails(knex: Knex) {
  return async (subject: AccountSubject) => {
    const rows = await knex('activityLog')
      .where('origin', 'IDENTITY_PROVIDER')
      .whereIn('type', ['PASSWORDLESS_LOGIN_CODE', 'ACCOUNT_BLOCKED_NOTICE'])
      .where((q) => q.where('userId', subject.userId).orWhereRaw('lower(username) = any(?)', [lower(subject.emails)]))
      .orderBy('id');
    return rows.map((row: Record<string, unknown>) => ({ sentAt: iso(row.createdAt) ?? '', to: String(row.username ?? ''), type: String(row.type) }));
  };
}

/** Project linking: pending codes and the rate-limit counters keyed by the customer. */
export function linkingData(knex: Knex): AccountDataSource {
  return {
    name: 'linking',
    async export(subject) {
      const codes = await knex('projectLinkCode').where({ userId: subject.userId }).orderBy('id');
      return { codesRequested: codes.map((row: Record<string, unknown>) => ({ projectId: row.projectId, requestedAt: iso(row.createdAt), usedAt: iso(row.consumedAt) })) };
    },
    async erase(subject) {
      const keys = [subject.userId, ...lower(subject.emails)];
      return {
        projectLinkCode: await knex('projectLinkCode').where({ userId: subject.userId }).delete(),
        rateLimit: await knex('rateLimit')
          .where((q) => {
            for (const key of keys) q.orWhere('key', 'like', `%:${key.replace(/[\\%_]/g, '\\$&')}`);
          })
          .delete(),
      };
    },
  };
}

/** Messages metadata: read state, seen notifications, idempotency keys, and the topic path of own requests. */
export function messagesData(knex: Knex): { rows(userId: string): Promise<Record<string, unknown>>; erase(userId: string, ownTaskIds: readonly string[]): Promise<Record<string, number>> } {
  return {
    async rows(userId) {
      const [read, seen] = await Promise.all([
        knex('taskReadState').where({ userId }).orderBy('taskId'),
        knex('notificationSeen').where({ userId }).orderBy('notificationId'),
      ]);
      return {
        threadsRead: read.map((row: Record<string, unknown>) => ({ taskId: row.taskId, readAt: iso(row.readAt) })),
        notificationsSeen: seen.map((row: Record<string, unknown>) => ({ notificationId: row.notificationId, seenAt: iso(row.seenAt) })),
      };
    },
    async erase(userId, ownTaskIds) {
      return {
        taskPath: ownTaskIds.length > 0 ? await knex('taskPath').whereIn('taskId', [...ownTaskIds]).delete() : 0,
        taskReadState: await knex('taskReadState').where({ userId }).delete(),
        notificationSeen: await knex('notificationSeen').where({ userId }).delete(),
        idempotencyKeys: await knex('idempotencyKeys').where({ userId }).delete(),
      };
    },
  };
}

/**
 * Signing envelopes: powers of attorney the customer signed are the installer's business records (HGB
 * section 257, AO section 147: six and ten years); the envelope with its signed PDF stays, pointing to the customer
 * only by the identity provider's subject, which no account carries any more after the deletion.
 */
export function signingData(knex: Knex): AccountDataSource {
  return {
    name: 'signing',
    async export(subject) {
      const rows = await knex('signingEnvelopes').where({ userId: subject.userId }).orderBy('createdAt');
      return rows.map((row: Record<string, unknown>) => ({ envelopeId: row.envelopeId, projectId: row.projectId, type: row.type, status: row.status, completedAt: iso(row.completedAt), createdAt: iso(row.createdAt) }));
    },
    retained: [
      {
        table: 'signing_envelopes',
        columns: ['user_id'],
        reason: {
          de: 'Unterschriebene Vollmachten sind Geschäftsunterlagen des Installateurs: Er muss sie sechs bzw. zehn Jahre aufbewahren (§ 257 HGB, § 147 AO).',
          en: 'Signed powers of attorney are the installer’s business records, which the law requires to keep for six or ten years (German HGB section 257, AO section 147).',
        },
      },
    ],
  };
}

/** Meter change requests: the request belongs to the project and stays with the installer, anonymised. */
export function meterChangeData(knex: Knex): AccountDataSource {
  return {
    name: 'meterChange',
    async export(subject) {
      const rows = await knex('meterChangeRequest').where({ userId: subject.userId }).orderBy('id');
      return rows.map((row: Record<string, unknown>) => ({ projectId: row.projectId, requestedAt: iso(row.createdAt), photoReceivedAt: iso(row.photoReceivedAt) }));
    },
    async erase(subject) {
      return { meterChangeRequest: await knex('meterChangeRequest').where({ userId: subject.userId }).update({ userId: 'anonymisiert' }) };
    },
  };
}

/** Scheduled jobs: reminder rows, invitations to the customer's address, and the customer's line in users exports. */
export function jobsData(knex: Knex): AccountDataSource {
  const invitations = (subject: AccountSubject) => (q: Knex.QueryBuilder) => q.where('acceptedBy', subject.userId).orWhereRaw('lower(email) = any(?)', [lower(subject.emails)]);
  return {
    name: 'reminders',
    async export(subject) {
      const [reminders, invited] = await Promise.all([
        knex('reminderMail').where({ userId: subject.userId }).orderBy('id'),
        knex('projectInvitation').where(invitations(subject)).orderBy('id'),
      ]);
      return {
        reminderMails: reminders.map((row: Record<string, unknown>) => ({ projectId: row.projectId, action: row.actionKey, number: row.sequence, sentAt: iso(row.sentAt) })),
        invitations: invited.map((row: Record<string, unknown>) => ({ projectId: row.projectId, email: row.email, sentAt: iso(row.sentAt), clickedAt: iso(row.clickedAt) })),
      };
    },
    async erase(subject) {
      const reminderMail = await knex('reminderMail').where({ userId: subject.userId }).delete();
      const projectInvitation = await knex('projectInvitation').where(invitations(subject)).delete();
      // The weekly users export for the marketing service (CSV in the table) loses the customer's line.
      const needles = [subject.userId, ...lower(subject.emails)];
      let exportLines = 0;
      const exports = await knex('exportUsersJob').select('id', 'content', 'rowCount');
      for (const row of exports as { id: string; content: string; rowCount: number }[]) {
        const lines = row.content.split('\r\n');
        const kept = lines.filter((line) => !needles.some((needle) => line.toLowerCase().includes(needle.toLowerCase())));
        if (kept.length === lines.length) continue;
        exportLines += lines.length - kept.length;
        await knex('exportUsersJob').where({ id: row.id }).update({ content: kept.join('\r\n'), rowCount: Math.max(0, row.rowCount - (lines.length - kept.length)) });
      }
      return { reminderMail, projectInvitation, exportLines };
    },
  };
}

