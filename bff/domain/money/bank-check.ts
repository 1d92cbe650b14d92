import { CommonErrors, hasErrorCode } from '../../contracts/errors.ts';
import { MoneyErrors, type BankCheckStatus, type IbanCheck, type IbanProblem } from '../../contracts/money.ts';
import type { IbanValidator, IbanVerdict } from '../../ports/iban-validator.ts';
import { AppError } from '../errors.ts';
import type { StoredBankDetails } from '../repositories/money.ts';
import { checkIbanLocally, normalizeBic } from './iban.ts';

export interface BankCheckDeps {
  validator: IbanValidator;
  /** IBAN_VALIDATION: off, only the local check runs. */
  enabled: boolean;
  warn: (message: string, fields?: Record<string, unknown>) => void;
  now?: () => Date;
}

/** The validator's verdict as the portal's problem; format verdicts only come when it disagrees with the local check. */
const PROBLEM_OF: Record<Exclude<IbanVerdict, 'VALID'>, IbanProblem> = {
  INVALID_FORMAT: 'FORMAT',
  INVALID_COUNTRY: 'COUNTRY',
  INVALID_LENGTH: 'LENGTH',
  INVALID_CHECKSUM: 'CHECKSUM',
  UNKNOWN_BANK: 'UNKNOWN_BANK',
  ACCOUNT_CLOSED: 'ACCOUNT_CLOSED',
};

/** The answer to a refused IBAN: 422 with the reason, so the form names it at the field. */
export function ibanRefused(problem: IbanProblem, expectedLength: number | null = null): AppError {
  return new AppError(MoneyErrors.IBAN_INVALID, { params: { field: 'iban', problem, ...(expectedLength ? { expectedLength } : {}) } });
}

/**
 * The IBAN check (docs/money.md "IBAN"): first the local check (ibantools: country, length, mod 97), then,
 * unless switched off, the IBAN validator (bank name and BIC; unknown bank, closed account). When the validator does
 * not answer, the local check stands: a submission is taken with its check PENDING and the bank-check job asks the
 * validator again later, so nothing the customer typed is lost.
 */
export function createBankCheck(deps: BankCheckDeps) {
  const now = deps.now ?? (() => new Date());

  async function remote(iban: string): Promise<{ verdict: IbanVerdict; bank: { name: string; bic: string } | null } | 'OFF' | 'UNAVAILABLE'> {
    if (!deps.enabled) return 'OFF';
    try {
      return await deps.validator.validate(iban);
    } catch (error) {
      if (!hasErrorCode(error, CommonErrors.UPSTREAM_UNAVAILABLE)) throw error;
      // The IBAN itself never goes to a log line; the logger also redacts fields named like it.
      deps.warn('iban validator unavailable; the local check stands', { error });
      return 'UNAVAILABLE';
    }
  }

  return {
    /** `POST /util/ibanvalidation`: the verdict with its reason, and bank name and BIC where the validator knows them. */
    async check(input: string): Promise<IbanCheck> {
      const local = checkIbanLocally(input);
      const base: IbanCheck = { ...local, bic: null, bankName: null, remote: 'SKIPPED' };
      if (!local.valid) return base;
      const answer = await remote(local.iban);
      if (answer === 'OFF' || answer === 'UNAVAILABLE') return { ...base, remote: answer };
      const problem = answer.verdict === 'VALID' ? null : PROBLEM_OF[answer.verdict];
      return { ...base, valid: problem === null, problem, remote: 'CHECKED', bic: answer.bank?.bic ?? null, bankName: answer.bank?.name ?? null };
    },

    /**
     * The bank details of a submission: refused (422 with the reason) when the local check or the validator says no;
     * taken with the validator's BIC and bank name when it knows them, else with what the customer typed.
     */
    async forSubmission(input: string, typed: { bic?: string | undefined; bankName?: string | undefined }): Promise<StoredBankDetails> {
      const local = checkIbanLocally(input);
      if (!local.valid) throw ibanRefused(local.problem ?? 'FORMAT', local.expectedLength);
      const typedBic = normalizeBic(typed.bic);
      if (typedBic === undefined) throw new AppError(MoneyErrors.BIC_INVALID, { params: { field: 'bic' } });
      const typedBank = typed.bankName?.trim() || null;
      const answer = await remote(local.iban);
      if (answer === 'OFF' || answer === 'UNAVAILABLE') {
        const check: BankCheckStatus = answer === 'OFF' ? 'OFF' : 'PENDING';
        return { iban: local.iban, bic: typedBic, bank: typedBank, check, problem: null, checkedAt: null };
      }
      if (answer.verdict !== 'VALID') throw ibanRefused(PROBLEM_OF[answer.verdict]);
      return { iban: local.iban, bic: answer.bank?.bic ?? typedBic, bank: answer.bank?.name ?? typedBank, check: 'VERIFIED', problem: null, checkedAt: now() };
    },

    /** The bank-check job: asks the validator again about a pending IBAN; still PENDING while it does not answer. */
    async recheck(iban: string): Promise<{ status: BankCheckStatus; bic: string | null; bank: string | null; problem: IbanProblem | null }> {
      const answer = await remote(iban);
      if (answer === 'OFF') return { status: 'OFF', bic: null, bank: null, problem: null };
      if (answer === 'UNAVAILABLE') return { status: 'PENDING', bic: null, bank: null, problem: null };
      if (answer.verdict !== 'VALID') return { status: 'REJECTED', bic: null, bank: null, problem: PROBLEM_OF[answer.verdict] };
      return { status: 'VERIFIED', bic: answer.bank?.bic ?? null, bank: answer.bank?.name ?? null, problem: null };
    },
  };
}

export type BankCheck = ReturnType<typeof createBankCheck>;
