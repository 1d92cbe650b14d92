import type { Knex } from 'knex';

/**
 * Personal read-only API tokens of customers (docs/exports.md "API tokens"): only the SHA-256 of the secret is kept,
 * so the table cannot hand out a working token. Revoking deletes the row; so does the account's deletion.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('export_api_token', (t) => {
    t.uuid('id').primary();
    t.string('user_id', 255).notNullable().index();
    t.string('name', 60).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('export_api_token');
}
