import type { Knex } from 'knex';

/**
 * Machine tokens (docs/machine-api.md "Tokens"): the `jti` of every token used on a state-changing machine route, per
 * caller, until the token expires, so a captured token cannot be replayed. No customer data.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('machine_token_use', (t) => {
    t.string('caller', 20).notNullable();
    t.string('jti', 128).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['caller', 'jti']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('machine_token_use');
}
