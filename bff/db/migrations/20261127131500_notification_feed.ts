import type { Knex } from 'knex';

/**
 * The bell's kept feed (docs/messages.md "Notifications"): per customer, what the notification sources answered last,
 * the projects it covers and the session data version it was gathered for. A page reads it with one statement; it is
 * gathered afresh when an installer's event of one of its projects marks it stale, when the customer changed something
 * (another data version), or when it is older than the feed's age (then after the page).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notification_feed', (t) => {
    t.string('user_id', 255).primary();
    t.jsonb('entries').notNullable();
    t.specificType('project_ids', 'integer[]').notNullable().defaultTo('{}');
    t.bigInteger('data_version').notNullable();
    t.timestamp('refreshed_at', { useTz: true }).notNullable();
    // When an installer's event of one of its projects arrived; a gathering begun before it does not overwrite it.
    t.timestamp('stale_since', { useTz: true }).nullable();
  });
  // An event names one project: the feeds covering it are found through the array's index.
  await knex.raw('CREATE INDEX notification_feed_project_ids ON notification_feed USING gin (project_ids)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('notification_feed');
}
