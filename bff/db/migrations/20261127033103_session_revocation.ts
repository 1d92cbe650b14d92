import type { Knex } from 'knex';

/**
 * Sessions that end for good (docs/account.md "Sessions", bff/http/session.ts): the customer's session generation
 * (raised when every other session ends; keyed by a SHA-256 of the subject, so nothing here names a deleted customer),
 * the provider sessions a back-channel logout ended, and the logout tokens already used (each `jti` once). Rows live
 * no longer than a session can (the absolute timeout), then the store's pruning sweeps them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('session_generation', (t) => {
    t.string('user_key', 64).primary();
    t.integer('generation').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().index();
  });
  await knex.schema.createTable('session_revoked_sid', (t) => {
    t.string('provider_sid', 255).primary();
    t.timestamp('expires_at', { useTz: true }).notNullable().index();
  });
  await knex.schema.createTable('logout_token_jti', (t) => {
    t.string('jti', 255).primary();
    t.timestamp('expires_at', { useTz: true }).notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('logout_token_jti');
  await knex.schema.dropTableIfExists('session_revoked_sid');
  await knex.schema.dropTableIfExists('session_generation');
}
