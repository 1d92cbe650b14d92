import type { Knex } from 'knex';

/**
 * Lead funnel (docs/funnel.md): FunnelStore (lead sources by URL parameter), the funnel requests of visitors
 * (what they typed, so a plain form loses nothing, bound to the browser by a nonce), FunnelSmsCode (codes only as
 * HMACs, bound to the request's nonce) and the leads the funnel produced (one per verified mobile number). Seeds the
 * German lead sources the installer's marketing starts with; the lead funnel maintains them through
 * `PUT /api/funnel/sources/{urlParam}` afterwards (docs/funnel.md).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('funnel_store', (t) => {
    t.bigIncrements('id');
    /** The lead source's id at the sales service (CRM). */
    t.string('leadsource_id', 64).notNullable();
    /** The campaign's id at the advertising network or partner (reported with conversions). */
    t.string('external_id', 128);
    /** The value of the `quelle` URL parameter that selects this source. */
    t.string('url_param', 64).notNullable().unique();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamps(true, true);
  });

  await knex.schema.createTable('funnel_lead', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    /** E.164; one lead per verified mobile number. */
    t.string('phone_number', 16).notNullable().unique();
    t.string('first_name', 60).notNullable();
    t.string('last_name', 60).notNullable();
    t.string('email', 254).notNullable();
    t.specificType('topics', 'text[]').notNullable();
    t.string('leadsource_id', 64).notNullable();
    /** When the lead agreed to be contacted, and which wording they saw. */
    t.timestamp('contact_consent_at', { useTz: true }).notNullable();
    t.string('contact_consent_version', 16).notNullable();
    /** The sales service's lead id once it took the lead (null: a job forwards it again). */
    t.string('sales_lead_id', 64);
    t.timestamp('sales_forwarded_at', { useTz: true });
    /** Conversion tracking fires once per lead (only with the marketing consent). */
    t.timestamp('conversion_reported_at', { useTz: true });
    /** The sale closed (event from the sales service); the lead becomes a customer at the next sign-in (phase B). */
    t.string('status', 16).notNullable().defaultTo('OPEN');
    t.string('customer_number', 32);
    t.timestamp('won_at', { useTz: true });
    /** The identity provider's subject of the lead's account (phase B creates it). */
    t.string('account_user_id', 255);
    t.timestamps(true, true);
    t.index(['sales_forwarded_at']);
  });

  await knex.schema.createTable('funnel_request', (t) => {
    t.bigIncrements('id');
    /** SHA-256 of the browser's funnel cookie: what the request (and its codes) are bound to. */
    t.string('nonce', 64).notNullable().unique();
    t.string('leadsource_id', 64).notNullable();
    /** The lead source's campaign id (conversion tracking). */
    t.string('external_id', 128);
    /** The ad click's id (gclid, msclkid, fbclid), kept only with the marketing consent. */
    t.string('click_id', 200);
    t.string('click_id_type', 16);
    /** What the visitor typed (also when it was wrong: a plain form loses nothing). */
    t.jsonb('draft').notNullable().defaultTo('{}');
    /** Field errors of the last submit. */
    t.jsonb('errors').notNullable().defaultTo('{}');
    t.string('phone_number', 16);
    t.string('status', 16).notNullable().defaultTo('DRAFT');
    t.integer('sends').notNullable().defaultTo(0);
    t.timestamp('last_sent_at', { useTz: true });
    t.timestamp('validated_at', { useTz: true });
    t.uuid('lead_id').references('id').inTable('funnel_lead').onDelete('SET NULL');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamps(true, true);
    t.index(['expires_at']);
  });

  await knex.schema.createTable('funnel_sms_code', (t) => {
    t.bigIncrements('id');
    t.string('phone_number', 16).notNullable();
    /** HMAC-SHA256 of nonce, number and code (key derived from SESSION_SECRET); never the code itself. */
    t.string('code', 64).notNullable();
    t.string('nonce', 64).notNullable().references('nonce').inTable('funnel_request').onDelete('CASCADE');
    t.integer('failed_attempts').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    /** A resend replaces the code: the old one stops working. */
    t.timestamp('replaced_at', { useTz: true });
    t.timestamp('validated_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['nonce', 'created_at']);
  });

  await knex('funnel_store').insert([
    { leadsourceId: 'LS-1000', externalId: null, urlParam: 'website', isActive: true },
    { leadsourceId: 'LS-2101', externalId: 'gads-cmp-18533-pv-fruehjahr', urlParam: 'google-pv-fruehjahr', isActive: true },
    { leadsourceId: 'LS-2102', externalId: 'gads-cmp-18540-speicher', urlParam: 'google-speicher', isActive: true },
    { leadsourceId: 'LS-3001', externalId: 'partner-energieberatung-mueller', urlParam: 'partner-mueller', isActive: true },
    { leadsourceId: 'LS-4001', externalId: 'newsletter-2026-11', urlParam: 'newsletter-november', isActive: true },
    { leadsourceId: 'LS-2050', externalId: 'gads-cmp-17002-messe', urlParam: 'messe-intersolar-2025', isActive: false },
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('funnel_sms_code');
  await knex.schema.dropTableIfExists('funnel_request');
  await knex.schema.dropTableIfExists('funnel_lead');
  await knex.schema.dropTableIfExists('funnel_store');
}