import { z } from 'zod';
import type { ServiceEndpoint } from '../config.ts';
import type { IbanValidator } from '../ports/iban-validator.ts';
import { createJsonClient } from './json-client.ts';

const AnswerSchema = z.object({
  result: z.enum(['VALID', 'INVALID_FORMAT', 'INVALID_COUNTRY', 'INVALID_LENGTH', 'INVALID_CHECKSUM', 'UNKNOWN_BANK', 'ACCOUNT_CLOSED']),
  bank: z.object({ name: z.string().min(1), bic: z.string().min(8).max(11) }).nullable(),
});

/** The IBAN validator's REST API (`X-Api-Key`); the IBAN is posted, so no URL (and no access log) ever holds it. */
export function createHttpIbanValidator(endpoint: ServiceEndpoint): IbanValidator {
  const client = createJsonClient(endpoint);
  return {
    async validate(iban) {
      const answer = await client.request('/validate', { method: 'POST', json: { iban }, schema: AnswerSchema });
      return { verdict: answer.result, bank: answer.bank };
    },
  };
}
