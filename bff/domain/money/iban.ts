import { ValidationErrorsIBAN, friendlyFormatIBAN, getCountrySpecifications, validateIBAN } from 'ibantools';
import { BIC_PATTERN, electronicIban, type IbanCheck, type IbanProblem } from '../../contracts/money.ts';

/** What the check can say without the IBAN validator: the contract's `IbanCheck` up to the bank's name and BIC. */
export type LocalIbanCheck = Omit<IbanCheck, 'bic' | 'bankName' | 'remote'>;

const SPECS = getCountrySpecifications();

/**
 * The local IBAN check (docs/security.md "Bank data": ISO 13616 mod-97 and the country's length; spaces and lower case
 * accepted, the electronic format kept), with the reason a customer can act on: the country is unknown or outside
 * SEPA, the length is wrong for the country, or the check digits do not match (a typo).
 */
export function checkIbanLocally(input: string): LocalIbanCheck {
  const iban = electronicIban(input);
  const result = (problem: IbanProblem | null, extra: Partial<LocalIbanCheck> = {}): LocalIbanCheck => ({
    iban,
    formatted: friendlyFormatIBAN(iban) ?? iban,
    valid: problem === null,
    problem,
    expectedLength: null,
    country: /^[A-Z]{2}/.test(iban) ? iban.slice(0, 2) : null,
    ...extra,
  });
  if (iban === '') return result('REQUIRED');
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/.test(iban)) return result('FORMAT');
  const spec = SPECS[iban.slice(0, 2)];
  if (!spec?.chars || !spec.IBANRegistry) return result('COUNTRY');
  // Refunds, rewards and direct debits are SEPA payments; an IBAN of a country outside SEPA cannot take part.
  if (!spec.SEPA) return result('NOT_SEPA');
  if (iban.length !== spec.chars) return result('LENGTH', { expectedLength: spec.chars });
  const { errorCodes } = validateIBAN(iban);
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat)) return result('FORMAT');
  if (errorCodes.length > 0) return result('CHECKSUM');
  return result(null);
}

/** What may appear on pages, in mails and in documents: country, check digits and the last four characters. */
export function maskIban(iban: string): string {
  const electronic = electronicIban(iban);
  return electronic.length < 8 ? '••••' : `${electronic.slice(0, 4)} •••• ${electronic.slice(-4)}`;
}

/** A BIC as typed (spaces, lower case) in its stored form, or null when empty; undefined when it is malformed. */
export function normalizeBic(value: string | undefined | null): string | null | undefined {
  const bic = (value ?? '').replace(/\s+/g, '').toUpperCase();
  if (bic === '') return null;
  return BIC_PATTERN.test(bic) ? bic : undefined;
}
