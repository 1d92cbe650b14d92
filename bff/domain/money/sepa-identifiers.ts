import { randomInt } from 'node:crypto';

/**
 * SEPA identifiers of the EPC SDD Core rulebook (docs/security.md "Bank data"): the creditor identifier and the
 * mandate reference.
 */

/** Letters count as numbers for mod-97 (A = 10 … Z = 35), as in an IBAN. */
const numeric = (value: string) => value.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));

function mod97(digits: string): number {
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder;
}

/** German creditor identifier: `DE`, two check digits, business code (`ZZZ` unless the creditor chose one), `0`, ten digits. */
export const GERMAN_CREDITOR_ID_PATTERN = /^DE(\d{2})([A-Z0-9]{3})(0\d{10})$/;

/**
 * The check digits of a creditor identifier: computed like an IBAN's (ISO 7064 mod 97-10) over the national
 * identifier followed by the country code and "00"; the business code is left out.
 */
export function creditorIdCheckDigits(country: string, nationalId: string): string {
  return String(98 - mod97(numeric(`${nationalId}${country}00`))).padStart(2, '0');
}

/** Whether a German creditor identifier (Gläubiger-Identifikationsnummer) is well-formed and its check digits match. */
export function isValidCreditorId(value: string): boolean {
  const match = GERMAN_CREDITOR_ID_PATTERN.exec(value);
  if (!match) return false;
  const [, check, , nationalId] = match as unknown as [string, string, string, string];
  return creditorIdCheckDigits('DE', nationalId) === check;
}

/** EPC: at most 35 characters of the SEPA set `A-Z a-z 0-9 / - ? : ( ) . , ' +` and space. */
export const MANDATE_REFERENCE_PATTERN = /^[A-Za-z0-9/\-?:().,'+ ]{1,35}$/;

/**
 * A valid mandate reference: the SEPA character set, 1 to 35 characters, not blank, and (as banks' XML schemas
 * demand for references) neither starting nor ending with "/" nor containing "//".
 */
export function isValidMandateReference(value: string): boolean {
  return MANDATE_REFERENCE_PATTERN.test(value) && value.trim() === value && value !== '' && !value.startsWith('/') && !value.endsWith('/') && !value.includes('//');
}

/** Crockford-like letters and digits without the easily confused I, L, O, U. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new mandate reference, e.g. `KP-100234-20261125-7QX3KD` (25 characters): the portal's prefix, the project, the day
 * and six random characters. Uniqueness per creditor identifier is guaranteed by the database (a clash draws again).
 */
export function newMandateReference(projectId: number, day: Date, random: (max: number) => number = randomInt): string {
  const date = day.toISOString().slice(0, 10).replace(/-/g, '');
  const suffix = Array.from({ length: 6 }, () => ALPHABET[random(ALPHABET.length)]).join('');
  return `KP-${projectId}-${date}-${suffix}`;
}
