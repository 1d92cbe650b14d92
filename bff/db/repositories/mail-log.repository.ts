import type { Knex } from 'knex';
import type { MailLogRepository } from '../../domain/repositories/mail-log.ts';

export function createMailLogRepository(knex: Knex): MailLogRepository {
  return {
    async record(entry) {
      await knex('mail_log').insert(entry);
    },
  };
}
