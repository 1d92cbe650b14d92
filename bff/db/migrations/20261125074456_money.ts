import type { Knex } from 'knex';

/**
 * Money (docs/money.md; Refund, SepaMandate, ReferralReward, CTA). Amounts are `numeric` (exact decimals,
 * read back as strings). Each record with bank details keeps whether the IBAN validator confirmed them
 * (`bank_check_status`: VERIFIED, PENDING while it was unavailable, REJECTED, OFF when switched off), so a pending check
 * is retried later (docs/money.md).
 */
export async function up(knex: Knex): Promise<void> {
  const bankCheck = (t: Knex.CreateTableBuilder) => {
    t.string('bank_check_status', 16);
    t.string('bank_check_problem', 32);
    t.timestamp('bank_checked_at', { useTz: true });
  };

  await knex.schema.createTable('refund', (t) => {
    t.bigIncrements('id');
    t.integer('project_id').notNullable().unique();
    t.decimal('amount', 14, 2).notNullable();
    // POSITIVE: the installer pays the customer; NEGATIVE: the customer owes the amount.
    t.string('payout', 8).notNullable();
    t.string('name', 70);
    t.string('iban', 34);
    t.string('bic', 11);
    t.string('bank', 120);
    t.string('user_id', 255);
    bankCheck(t);
    t.timestamp('completed_at', { useTz: true });
    t.timestamp('email_sent_at', { useTz: true });
    // The refund document in the installer's document service, and when the customer first downloaded it.
    t.string('document_id', 128);
    t.timestamp('document_downloaded_at', { useTz: true });
    t.timestamps(true, true);
  });

  await knex.schema.createTable('sepa_mandate', (t) => {
    t.bigIncrements('id');
    t.integer('project_id').notNullable();
    t.string('user_id', 255).notNullable();
    t.string('creditor_id', 18).notNullable();
    t.string('mandate_reference_id', 35).notNullable();
    // PENDING_SIGNATURE, ACTIVE, CANCELLED
    t.string('status', 24).notNullable();
    t.string('sequence_type', 4).notNullable();
    t.string('envelope_id', 100);
    t.string('document_id', 128);
    // The mandate's id in the master-data service.
    t.string('mds_id', 100);
    t.string('first_name', 70).notNullable();
    t.string('last_name', 70).notNullable();
    t.string('street', 120).notNullable();
    t.string('house_number', 20).notNullable();
    t.string('zip', 5).notNullable();
    t.string('locality', 80).notNullable();
    t.string('iban', 34).notNullable();
    t.string('bic', 11);
    t.string('bank', 120);
    bankCheck(t);
    t.string('signed_place', 80).notNullable();
    t.timestamp('signed_at', { useTz: true });
    t.timestamps(true, true);
    // EPC: the mandate reference is unique per creditor identifier.
    t.unique(['creditor_id', 'mandate_reference_id']);
    t.index(['project_id', 'status']);
    t.index(['envelope_id']);
  });
  // At most one active mandate per project, also against two envelopes completing at once.
  await knex.raw("CREATE UNIQUE INDEX sepa_mandate_one_active ON sepa_mandate (project_id) WHERE status = 'ACTIVE'");

  await knex.schema.createTable('referral_reward', (t) => {
    t.bigIncrements('id');
    t.integer('project_id').notNullable();
    t.string('user_id', 255).notNullable();
    // The referred person.
    t.string('email_address', 254).notNullable();
    t.string('name', 120).notNullable();
    // Where the reward goes.
    t.string('bank_account_owner_name', 70).notNullable();
    t.string('iban', 34).notNullable();
    t.string('bic', 11);
    t.string('bank_name', 120);
    bankCheck(t);
    // SUBMITTED, CONFIRMED, PAID_OUT, DECLINED (the management service decides; the portal mirrors).
    t.string('status', 16).notNullable();
    t.string('management_id', 100);
    t.decimal('reward', 14, 2);
    t.timestamp('confirmed_at', { useTz: true });
    t.timestamp('paid_out_at', { useTz: true });
    // When the reward was paid out (the referral is complete).
    t.timestamp('completed_at', { useTz: true });
    t.timestamps(true, true);
    t.unique(['project_id', 'email_address']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('cta', (t) => {
    t.bigIncrements('id');
    t.integer('project_id').notNullable();
    // CtaType: SEPA.
    t.string('type', 16).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true });
  });
  await knex.raw('CREATE UNIQUE INDEX cta_one_open ON cta (project_id, type) WHERE completed_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('cta');
  await knex.schema.dropTableIfExists('referral_reward');
  await knex.schema.dropTableIfExists('sepa_mandate');
  await knex.schema.dropTableIfExists('refund');
}
