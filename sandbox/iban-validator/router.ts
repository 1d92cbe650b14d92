import express from 'express';
import { friendlyFormatIBAN, getCountrySpecifications, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import { z } from 'zod';
import { badRequest, controlJson, createStandIn } from '../shared/stand-in.ts';

export const BankDirectorySchema = z.strictObject({
  banks: z.array(z.strictObject({ code: z.string().regex(/^\d{8}$/), name: z.string().min(1), bic: z.string().regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/), city: z.string().min(1) })),
  closedAccounts: z.array(z.string().regex(/^DE\d{20}$/)),
});
export type BankDirectory = z.infer<typeof BankDirectorySchema>;

/** The vendor's verdicts: format errors, an unknown bank, a closed account, or valid. */
export type ValidationResult = 'VALID' | 'INVALID_FORMAT' | 'INVALID_COUNTRY' | 'INVALID_LENGTH' | 'INVALID_CHECKSUM' | 'UNKNOWN_BANK' | 'ACCOUNT_CLOSED';

const SPECS = getCountrySpecifications();
const IbanBodySchema = z.strictObject({ iban: z.string().max(64) });

/** The validator's own check, as vendors do it: format, country, length, mod 97, then the German bank directory. */
export function validate(directory: { banks: BankDirectory['banks']; closed: ReadonlySet<string> }, raw: string) {
  const iban = raw.replace(/\s+/g, '').toUpperCase();
  const answer = (result: ValidationResult, bank: BankDirectory['banks'][number] | null = null) => ({
    iban: friendlyFormatIBAN(iban) ?? iban,
    valid: result === 'VALID',
    result,
    bank: bank && { code: bank.code, name: bank.name, bic: bank.bic, city: bank.city },
  });
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return answer('INVALID_FORMAT');
  const spec = SPECS[iban.slice(0, 2)];
  if (!spec?.chars) return answer('INVALID_COUNTRY');
  if (iban.length !== spec.chars) return answer('INVALID_LENGTH');
  const errors = validateIBAN(iban).errorCodes;
  if (errors.includes(ValidationErrorsIBAN.WrongBBANFormat)) return answer('INVALID_FORMAT');
  if (errors.length > 0) return answer('INVALID_CHECKSUM');
  // This stand-in knows German banks only (the Bundesbank's directory of bank codes); other countries pass the format check.
  if (!iban.startsWith('DE')) return answer('VALID');
  const bank = directory.banks.find((b) => b.code === iban.slice(4, 12));
  if (!bank) return answer('UNKNOWN_BANK');
  if (directory.closed.has(iban)) return answer('ACCOUNT_CLOSED', bank);
  return answer('VALID', bank);
}

/**
 * The IBAN validator as a vendor REST API under `/iban-validator/api/v1` (header `X-Api-Key`): `POST /validate` with
 * `{ iban }` in the body (never in the URL, where access logs would keep it). Test controls: reset, faults, closing an
 * account, and the number of checks answered (no IBANs are kept).
 */
export function createIbanValidatorRouter(demo: BankDirectory, options: { apiKey: string }): express.Router {
  let closed = new Set(demo.closedAccounts);
  let checks = 0;
  return createStandIn({
    apiPath: '/api/v1',
    auth: { apiKeyHeader: 'x-api-key', apiKey: options.apiKey },
    onReset: () => {
      closed = new Set(demo.closedAccounts);
      checks = 0;
    },
    api(api) {
      api.post('/validate', express.json({ limit: '1kb' }), (req, res) => {
        const body = IbanBodySchema.safeParse(req.body);
        if (!body.success) return badRequest(res, 'iban is required');
        checks += 1;
        res.json(validate({ banks: demo.banks, closed }, body.data.iban));
      });
    },
    control(control) {
      /** A test closes an account (its IBAN answers ACCOUNT_CLOSED until the reset). */
      control.post('/closed-accounts', controlJson, (req, res) => {
        const body = IbanBodySchema.safeParse(req.body);
        if (!body.success) return badRequest(res);
        closed.add(body.data.iban.replace(/\s+/g, '').toUpperCase());
        res.status(204).end();
      });
      control.get('/stats', (_req, res) => {
        res.json({ checks });
      });
    },
  });
}
