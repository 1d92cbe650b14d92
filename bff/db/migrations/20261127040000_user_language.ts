import type { Knex } from 'knex';

/**
 * The customer's language (de, en): the portal writes every mail to a customer in it (docs/architecture.md "Mails").
 * Set at sign-in from the language the customer uses and whenever they switch it while signed in; unset is German.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('language', 2).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('language');
  });
}
