/** What the IBAN validator says about an IBAN (vendor verdicts, mapped by the adapter). */
export type IbanVerdict = 'VALID' | 'INVALID_FORMAT' | 'INVALID_COUNTRY' | 'INVALID_LENGTH' | 'INVALID_CHECKSUM' | 'UNKNOWN_BANK' | 'ACCOUNT_CLOSED';

/**
 * The IBAN validator: whether an IBAN exists and which bank holds it (name, BIC). Adapter: adapters/iban-validator.http.ts.
 * Rejects with UPSTREAM.UNAVAILABLE when the service fails or does not answer in time; the IBAN goes in the body only.
 */
export interface IbanValidator {
  validate(iban: string): Promise<{ verdict: IbanVerdict; bank: { name: string; bic: string } | null }>;
}
