import type { Knex } from 'knex';

/**
 * The customer's account (docs/account.md): the two-factor code of the onboarding on User (twoFaCode as an
 * HMAC, twoFaCodeCreatedAt, twoFaConfirmedAt, plus attempts and resends for the limits), UserMeta (dashboardTourSeenAt,
 * journeyStatus, journeyLeadId, newsletterBannerSeenAt), the base data (user_profile), UpdateEmail (uuid, userId,
 * email, uuidCreatedAt, uuidConfirmedAt) and the customer's data exports (GDPR Art. 15/20; large ones built by a job).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    // HMAC-SHA256 of the code; the code itself is never stored (docs/security.md, one-time codes).
    t.string('two_fa_code', 64).nullable();
    t.timestamp('two_fa_code_created_at', { useTz: true }).nullable();
    t.timestamp('two_fa_confirmed_at', { useTz: true }).nullable();
    t.integer('two_fa_failed_attempts').notNullable().defaultTo(0);
    /** Codes sent in the current series (the resend cooldown grows with it). */
    t.integer('two_fa_sends').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('user_meta', (t) => {
    t.string('user_id', 255).primary();
    t.timestamp('dashboard_tour_seen_at', { useTz: true }).nullable();
    t.string('journey_status', 40).nullable();
    t.integer('journey_lead_id').nullable();
    t.timestamp('newsletter_banner_seen_at', { useTz: true }).nullable();
    t.timestamps(true, true);
  });

  await knex.schema.createTable('user_profile', (t) => {
    t.string('user_id', 255).primary();
    t.string('salutation', 8).nullable();
    t.string('first_name', 100).notNullable();
    t.string('last_name', 100).notNullable();
    t.string('phone', 30).notNullable();
    t.string('street', 100).notNullable();
    t.string('house_number', 12).notNullable();
    t.string('zip', 5).notNullable();
    t.string('city', 100).notNullable();
    t.string('preferred_contact', 16).notNullable();
    t.timestamps(true, true);
  });

  await knex.schema.createTable('update_email', (t) => {
    t.uuid('uuid').primary();
    t.string('user_id', 255).notNullable().index();
    t.string('email', 320).notNullable();
    t.timestamp('uuid_created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('uuid_confirmed_at', { useTz: true }).nullable();
  });

  await knex.schema.createTable('account_export', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('user_id', 255).notNullable().index();
    // PENDING while the job builds it, READY with the content, FAILED after the job's retries.
    t.string('status', 16).notNullable();
    t.text('content').nullable();
    t.integer('size_bytes').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('account_export');
  await knex.schema.dropTableIfExists('update_email');
  await knex.schema.dropTableIfExists('user_profile');
  await knex.schema.dropTableIfExists('user_meta');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('two_fa_sends');
    t.dropColumn('two_fa_failed_attempts');
    t.dropColumn('two_fa_confirmed_at');
    t.dropColumn('two_fa_code_created_at');
    t.dropColumn('two_fa_code');
  });
}
