import type { Knex } from 'knex';
import { createSubLog } from '../schema.ts';

/**
 * Files (docs/files.md): ManagementApiDocument (the mirror of the management service's files: a changed
 * hash is a new row, deleted and unshared ones stay but are not shown), the four sub-logs of DOCUMENT_DOWNLOADED
 * (document: category; and one of CMS file: fileId, document service: documentUuid, management service: hash and
 * project id), the portal's record of each meter change request, and the single-use upload capabilities for the
 * meter cabinet photo (token and code kept only as HMACs).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('management_api_document', (t) => {
    t.bigIncrements('id');
    t.integer('project_id').notNullable();
    /** The management service's own id of the file (stable across versions). */
    t.string('management_id', 128).notNullable();
    t.string('filename', 255).notNullable();
    t.boolean('share').notNullable();
    t.string('path', 1024).notNullable();
    t.string('type', 40).notNullable();
    t.string('hash', 128).notNullable();
    t.boolean('deleted').notNullable().defaultTo(false);
    t.timestamps(true, true);
    t.unique(['project_id', 'management_id', 'hash']);
    t.index(['project_id', 'deleted']);
  });

  await createSubLog(knex, 'activity_log_document', (t) => t.string('category', 40).notNullable());
  await createSubLog(knex, 'activity_log_cms_file_document', (t) => t.string('file_id', 255).notNullable());
  await createSubLog(knex, 'activity_log_document_service_document', (t) => t.string('document_uuid', 128).notNullable());
  await createSubLog(knex, 'activity_log_management_document', (t) => {
    t.string('hash', 128).notNullable();
    t.integer('project_id').notNullable();
  });

  await knex.schema.createTable('meter_change_request', (t) => {
    t.bigIncrements('id');
    t.integer('project_id').notNullable().unique();
    t.string('user_id', 255).notNullable();
    t.string('management_request_id', 128).notNullable();
    t.timestamp('photo_received_at', { useTz: true });
    t.timestamps(true, true);
  });

  await knex.schema.createTable('meter_photo_capability', (t) => {
    t.bigIncrements('id');
    t.string('token_hash', 64).notNullable().unique();
    t.string('code_hash', 64).notNullable();
    t.bigInteger('meter_change_request_id').notNullable().references('id').inTable('meter_change_request').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.integer('failed_attempts').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('meter_photo_capability');
  await knex.schema.dropTableIfExists('meter_change_request');
  await knex.schema.dropTableIfExists('activity_log_management_document');
  await knex.schema.dropTableIfExists('activity_log_document_service_document');
  await knex.schema.dropTableIfExists('activity_log_cms_file_document');
  await knex.schema.dropTableIfExists('activity_log_document');
  await knex.schema.dropTableIfExists('management_api_document');
}
