import type { Knex } from 'knex';

/**
 * The lead phase (docs/funnel.md "The lead phase"): UserMeta.journeyLeadId names the funnel lead whose account it is,
 * so it becomes a reference to `funnel_lead` (a UUID; the account's migration made it an integer before leads
 * existed, and no row carries a value yet). A lead's account belongs to exactly one lead
 * (`funnel_lead.account_user_id`, unique), and the lead's names take the base data's length.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE user_meta ALTER COLUMN journey_lead_id TYPE uuid USING NULL');
  await knex.schema.alterTable('user_meta', (t) => {
    t.foreign('journey_lead_id').references('id').inTable('funnel_lead').onDelete('SET NULL');
  });
  await knex.raw('CREATE UNIQUE INDEX funnel_lead_account_user_id_unique ON funnel_lead (account_user_id) WHERE account_user_id IS NOT NULL');
  // The lead's contact details are the customer's base data, whose names may be 100 characters long.
  await knex.schema.alterTable('funnel_lead', (t) => {
    t.string('first_name', 100).notNullable().alter();
    t.string('last_name', 100).notNullable().alter();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('UPDATE funnel_lead SET first_name = left(first_name, 60), last_name = left(last_name, 60)');
  await knex.schema.alterTable('funnel_lead', (t) => {
    t.string('first_name', 60).notNullable().alter();
    t.string('last_name', 60).notNullable().alter();
  });
  await knex.raw('DROP INDEX IF EXISTS funnel_lead_account_user_id_unique');
  await knex.schema.alterTable('user_meta', (t) => {
    t.dropForeign(['journey_lead_id']);
  });
  await knex.raw('ALTER TABLE user_meta ALTER COLUMN journey_lead_id TYPE integer USING NULL');
}
