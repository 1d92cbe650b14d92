import type { Knex } from 'knex';

/**
 * What the customer tells the portal for the "Geld" page (docs/energy-value.md): per installation the electricity
 * tariffs with their validity (fixed, or dynamic from the day-ahead price), and the installation's money facts the IoT
 * cloud does not know (investment, metering fee, feed-in mode, smart meter and control box). Prices are decimal
 * strings in numeric columns (no binary floats); a customer's rows go with their account (accountData source).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('energy_value_tariff', (t) => {
    t.increments('id').primary();
    t.string('user_id', 255).notNullable();
    t.string('installation_id', 64).notNullable();
    t.string('kind', 8).notNullable();
    t.date('valid_from').notNullable();
    t.date('valid_to').nullable();
    t.decimal('gross_cents_per_kwh', 10, 4).nullable();
    t.decimal('surcharge_net_cents_per_kwh', 10, 4).nullable();
    t.decimal('vat_percent', 5, 2).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'installation_id', 'valid_from']);
  });
  await knex.raw(`ALTER TABLE energy_value_tariff ADD CONSTRAINT energy_value_tariff_kind_check CHECK (kind IN ('fixed', 'dynamic'))`);
  await knex.schema.createTable('energy_value_installation', (t) => {
    t.string('user_id', 255).notNullable();
    t.string('installation_id', 64).notNullable();
    t.decimal('investment_eur', 12, 2).nullable();
    t.decimal('metering_fee_eur_per_year', 10, 2).nullable();
    t.string('feed_in_mode', 8).notNullable().defaultTo('partial');
    t.decimal('feed_in_rate_cents', 8, 4).nullable();
    t.date('smart_meter_installed_on').nullable();
    t.date('control_box_working_on').nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'installation_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('energy_value_installation');
  await knex.schema.dropTableIfExists('energy_value_tariff');
}
