import { readFile } from 'node:fs/promises';
import type { StandIn } from '../stand-in-types.ts';
import { BankDirectorySchema, createIbanValidatorRouter } from './router.ts';

/** The IBAN validator (bank name and BIC of German IBANs, unknown banks, closed accounts) under `/iban-validator`. */
export const ibanValidatorStandIn: StandIn = {
  name: 'iban-validator',
  async start({ config }) {
    const parsed = BankDirectorySchema.safeParse(JSON.parse(await readFile(new URL('./banks.json', import.meta.url), 'utf8')));
    if (!parsed.success) throw new Error(`IBAN-Prüfung: banks.json ungültig: ${parsed.error.message}`);
    return {
      mountPath: '/iban-validator',
      router: createIbanValidatorRouter(parsed.data, { apiKey: config.IBAN_VALIDATOR_API_KEY }),
    };
  },
};
