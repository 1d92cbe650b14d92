import type { Knex } from 'knex';

/**
 * Foundation tables: users, the ActivityLog with its sub-logs (spec section 3) and the session store.
 * Sub-logs are 1:1 tables keyed by activity_log_id so each keeps its own typed columns.
 */
const SUB_LOGS: Record<string, (t: Knex.CreateTableBuilder) => void> = {
  activity_log_survey: (t) => t.string('survey_name', 64).notNullable(),
  activity_log_page_visit: (t) => t.string('path', 512).notNullable(),
  activity_log_login: (t) => t.string('phase', 16).notNullable(),
  activity_log_document: (t) => t.string('category', 64).notNullable(),
  activity_log_cms_file: (t) => t.string('file_id', 128).notNullable(),
  activity_log_document_service: (t) => t.uuid('document_uuid').notNullable(),
  activity_log_management_document: (t) => {
    t.string('hash', 128).notNullable();
    t.integer('project_id').notNullable();
  },
  activity_log_contact: (t) => t.string('method', 16).notNullable(),
  activity_log_lead_content: (t) => t.string('topic', 16).notNullable(),
  activity_log_faq: (t) => t.string('question', 512).notNullable(),
  activity_log_message: (t) => {
    t.string('task_path', 512).notNullable();
    t.integer('attachment_count').notNullable().defaultTo(0);
  },
};

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.string('user_id', 255).notNullable().unique();
    t.integer('project_id').nullable();
    t.string('two_fa_code', 255).nullable();
    t.timestamp('two_fa_code_created_at', { useTz: true }).nullable();
    t.timestamp('two_fa_confirmed_at', { useTz: true }).nullable();
    t.timestamps(true, true);
  });

  await knex.schema.createTable('activity_log', (t) => {
    t.bigIncrements('id');
    t.uuid('log_id').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    t.integer('project_id').nullable();
    t.string('user_id', 255).nullable();
    t.string('username', 320).nullable();
    t.string('type', 64).notNullable();
    t.string('origin', 32).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at']);
    t.index(['type', 'created_at']);
    t.index(['project_id']);
  });

  for (const [table, columns] of Object.entries(SUB_LOGS)) {
    await knex.schema.createTable(table, (t) => {
      t.bigIncrements('id');
      t.bigInteger('activity_log_id')
        .notNullable()
        .unique()
        .references('id')
        .inTable('activity_log')
        .onDelete('CASCADE');
      columns(t);
    });
  }

  // Shape required by connect-pg-simple (its table.sql), created here so start-up needs no DDL rights.
  await knex.schema.createTable('session', (t) => {
    t.string('sid').primary();
    t.json('sess').notNullable();
    t.timestamp('expire', { precision: 6 }).notNullable().index('IDX_session_expire');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('session');
  for (const table of Object.keys(SUB_LOGS).reverse()) await knex.schema.dropTableIfExists(table);
  await knex.schema.dropTableIfExists('activity_log');
  await knex.schema.dropTableIfExists('users');
}
