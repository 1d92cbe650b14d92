import type { Knex } from 'knex';
import { JOURNEY_STATUSES, journeyRank, type BaseData, type JourneyStatus } from '../../contracts/onboarding.ts';
import type {
  AccountExportRepository,
  EmailChangeRepository,
  OnboardingRepository,
  ProfileRepository,
} from '../../domain/repositories/account.ts';

const date = (value: unknown) => (value ? new Date(value as string) : null);

export function createOnboardingRepository(knex: Knex): OnboardingRepository {
  return {
    async state(userId) {
      // One statement for both rows (every signed-in page asks): either may be missing.
      const answer = await knex.raw<{ rows: { user: Record<string, unknown> | null; meta: Record<string, unknown> | null }[] }>(
        `SELECT (SELECT json_build_object('twoFaCode', two_fa_code, 'twoFaCodeCreatedAt', two_fa_code_created_at, 'twoFaConfirmedAt', two_fa_confirmed_at,
                                          'twoFaFailedAttempts', two_fa_failed_attempts, 'twoFaSends', two_fa_sends) FROM users WHERE user_id = ?) AS "user",
                (SELECT json_build_object('journeyStatus', journey_status, 'dashboardTourSeenAt', dashboard_tour_seen_at,
                                          'newsletterBannerSeenAt', newsletter_banner_seen_at) FROM user_meta WHERE user_id = ?) AS "meta"`,
        [userId, userId],
      );
      const user = answer.rows[0]?.user ?? undefined;
      const row = answer.rows[0]?.meta ?? undefined;
      return {
        twoFactor: {
          codeHash: (user?.twoFaCode as string | null) ?? null,
          codeCreatedAt: date(user?.twoFaCodeCreatedAt),
          confirmedAt: date(user?.twoFaConfirmedAt),
          failedAttempts: Number(user?.twoFaFailedAttempts ?? 0),
          sends: Number(user?.twoFaSends ?? 0),
        },
        journeyStatus: (row?.journeyStatus as JourneyStatus | null) ?? null,
        tourSeenAt: date(row?.dashboardTourSeenAt),
        bannerSeenAt: date(row?.newsletterBannerSeenAt),
      };
    },
    async storeCode(userId, codeHash, at, sends) {
      await knex('users').where({ userId }).update({ twoFaCode: codeHash, twoFaCodeCreatedAt: at, twoFaFailedAttempts: 0, twoFaSends: sends, updatedAt: knex.fn.now() });
    },
    async recordFailure(userId) {
      const [row] = await knex('users').where({ userId }).increment('twoFaFailedAttempts', 1).returning('twoFaFailedAttempts');
      return Number(row?.twoFaFailedAttempts ?? 0);
    },
    async confirm(userId, at) {
      await knex('users').where({ userId }).update({ twoFaCode: null, twoFaConfirmedAt: at, twoFaFailedAttempts: 0, twoFaSends: 0, updatedAt: knex.fn.now() });
    },
    async markOnboarded(userId, at) {
      await knex('users').where({ userId }).whereNull('twoFaConfirmedAt').update({ twoFaConfirmedAt: at });
      await knex('userMeta').insert({ userId, dashboardTourSeenAt: at }).onConflict('userId').ignore();
      await knex('userMeta').where({ userId }).whereNull('dashboardTourSeenAt').update({ dashboardTourSeenAt: at });
      await this.advanceJourney(userId, 'CONTACT_DETAILS_COMPLETED');
    },
    async registerLead(userId, leadId) {
      await knex('userMeta')
        .insert({ userId, journeyLeadId: leadId, journeyStatus: 'REGISTERED' })
        .onConflict('userId')
        .merge({ journeyLeadId: leadId, journeyStatus: knex.raw("coalesce(user_meta.journey_status, 'REGISTERED')"), updatedAt: knex.fn.now() });
    },
    async advanceJourney(userId, status) {
      const lower = JOURNEY_STATUSES.slice(0, journeyRank(status));
      await knex.raw(
        `INSERT INTO user_meta (user_id, journey_status) VALUES (?, ?)
         ON CONFLICT (user_id) DO UPDATE SET journey_status = EXCLUDED.journey_status, updated_at = now()
         WHERE user_meta.journey_status IS NULL${lower.length > 0 ? ` OR user_meta.journey_status IN (${lower.map(() => '?').join(', ')})` : ''}`,
        [userId, status, ...lower],
      );
      const row = await knex('userMeta').where({ userId }).first();
      return row.journeyStatus as JourneyStatus;
    },
    async markTourSeen(userId, at) {
      await knex('userMeta').insert({ userId }).onConflict('userId').ignore();
      const changed = await knex('userMeta').where({ userId }).whereNull('dashboardTourSeenAt').update({ dashboardTourSeenAt: at, updatedAt: knex.fn.now() });
      return changed > 0;
    },
    async markBannerSeen(userId, at) {
      await knex('userMeta').insert({ userId }).onConflict('userId').ignore();
      const changed = await knex('userMeta').where({ userId }).whereNull('newsletterBannerSeenAt').update({ newsletterBannerSeenAt: at, updatedAt: knex.fn.now() });
      return changed > 0;
    },
  };
}

export function createProfileRepository(knex: Knex): ProfileRepository {
  return {
    async get(userId) {
      const row = await knex('userProfile').where({ userId }).first();
      if (!row) return null;
      return {
        salutation: row.salutation ?? null,
        firstName: row.firstName,
        lastName: row.lastName,
        phone: row.phone,
        street: row.street,
        houseNumber: row.houseNumber,
        zip: row.zip,
        city: row.city,
        preferredContact: row.preferredContact,
      } as BaseData;
    },
    async save(userId, data) {
      await knex('userProfile').insert({ userId, ...data }).onConflict('userId').merge({ ...data, updatedAt: knex.fn.now() });
    },
  };
}

export function createEmailChangeRepository(knex: Knex): EmailChangeRepository {
  const of = (row: Record<string, unknown>) => ({
    uuid: String(row.uuid),
    userId: String(row.userId),
    email: String(row.email),
    createdAt: new Date(row.uuidCreatedAt as string),
    confirmedAt: date(row.uuidConfirmedAt),
  });
  return {
    async create(change) {
      await knex('updateEmail').insert({ uuid: change.uuid, userId: change.userId, email: change.email, uuidCreatedAt: change.createdAt });
    },
    async find(uuid) {
      if (!/^[0-9a-f-]{36}$/i.test(uuid)) return null;
      const row = await knex('updateEmail').where({ uuid }).first();
      return row ? of(row) : null;
    },
    async pending(userId, since) {
      const row = await knex('updateEmail').where({ userId }).whereNull('uuidConfirmedAt').where('uuidCreatedAt', '>', since).orderBy('uuidCreatedAt', 'desc').first();
      return row ? of(row) : null;
    },
    async confirm(uuid, at) {
      return knex.transaction(async (trx) => {
        const row = await trx('updateEmail').where({ uuid }).whereNull('uuidConfirmedAt').forUpdate().first();
        if (!row) return false;
        await trx('updateEmail').where({ uuid }).update({ uuidConfirmedAt: at });
        // Other pending changes of the user end with this one.
        await trx('updateEmail').where({ userId: row.userId }).whereNull('uuidConfirmedAt').delete();
        await trx('users').where({ userId: row.userId }).update({ email: row.email, updatedAt: knex.fn.now() });
        return true;
      });
    },
  };
}

export function createAccountExportRepository(knex: Knex): AccountExportRepository {
  return {
    async create(entry) {
      const [row] = await knex('accountExport')
        .insert({ userId: entry.userId, status: entry.status, expiresAt: entry.expiresAt, content: entry.content ?? null, sizeBytes: entry.content ? Buffer.byteLength(entry.content) : null })
        .returning('id');
      return String(row.id);
    },
    async complete(id, content) {
      await knex('accountExport').where({ id }).update({ status: 'READY', content, sizeBytes: Buffer.byteLength(content) });
    },
    async fail(id) {
      await knex('accountExport').where({ id, status: 'PENDING' }).update({ status: 'FAILED' });
    },
    async find(id) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const row = await knex('accountExport').where({ id }).first();
      return row ? { userId: String(row.userId), status: row.status, content: row.status === 'READY' ? String(row.content) : null, expiresAt: new Date(row.expiresAt) } : null;
    },
    async latest(userId, now) {
      const row = await knex('accountExport').where({ userId }).where('expiresAt', '>', now).orderBy('createdAt', 'desc').first();
      return row ? { id: String(row.id), status: row.status, createdAt: new Date(row.createdAt).toISOString(), expiresAt: new Date(row.expiresAt).toISOString() } : null;
    },
    async deleteExpired(now) {
      return knex('accountExport').where('expiresAt', '<=', now).delete();
    },
  };
}
