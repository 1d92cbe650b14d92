import { CommonErrors, type CodeOf, type ErrorCode } from '~/bff/contracts/errors.ts';
import { MoneyErrors, type IbanProblem, type MoneyField, type ReferralState, type SepaRequirement } from '~/bff/contracts/money.ts';
import type { FormRefusal } from '~/bff/contracts/form-flash.ts';
import { toSepaText } from '~/bff/contracts/sepa-text.ts';
import { codePointName } from '~/bff/contracts/text.ts';
import type { Translate } from '~/site/i18n/index.ts';
import { entryOf } from '~/site/lib/codes.ts';
import { commonRefusalText } from '~/site/lib/form-flash.ts';

/** Why an IBAN is refused, in words a customer can act on (shown at the field). */
export function ibanProblemText(t: Translate, problem: IbanProblem | string | null, expectedLength?: number | string | null): string {
  const texts = {
    REQUIRED: () => t('money.errorIbanRequired'),
    FORMAT: () => t('money.errorIbanFormat'),
    COUNTRY: () => t('money.errorIbanCountry'),
    NOT_SEPA: () => t('money.errorIbanNotSepa'),
    LENGTH: () => (expectedLength ? t('money.errorIbanLength', { length: Number(expectedLength) }) : t('money.errorIbanLengthPlain')),
    CHECKSUM: () => t('money.errorIbanChecksum'),
    UNKNOWN_BANK: () => t('money.errorIbanUnknownBank'),
    ACCOUNT_CLOSED: () => t('money.errorIbanClosed'),
  } satisfies Record<IbanProblem, () => string>;
  return (entryOf(texts, problem) ?? texts.FORMAT)();
}

/** What to write at a field the BFF refused (`?fields=` of a plain form's round trip). */
export function fieldErrorText(t: Translate, field: MoneyField | string, form: 'refund' | 'sepa' | 'referral'): string {
  const texts = {
    iban: () => t('money.errorIbanFormat'),
    bic: () => t('money.errorBic'),
    name: () => (form === 'referral' ? t('money.errorReferredName') : t('money.errorName')),
    bankAccountOwnerName: () => t('money.errorName'),
    firstName: () => t('money.errorName'),
    lastName: () => t('money.errorName'),
    emailAddress: () => t('money.errorEmail'),
    street: () => t('money.errorStreet'),
    houseNumber: () => t('money.errorHouseNumber'),
    zip: () => t('money.errorZip'),
    locality: () => t('money.errorLocality'),
    place: () => t('money.errorPlace'),
    consent: () => (form === 'referral' ? t('money.errorConsentReferral') : t('money.errorConsentSepa')),
  } satisfies Record<MoneyField, () => string>;
  return entryOf(texts, field)?.() ?? t('money.errorGeneric');
}

/** A refusal that belongs to the whole form (not one field). */
export function errorText(t: Translate, code: string): string {
  const texts = {
    [MoneyErrors.REFUND_ALREADY_COMPLETED.code]: t('money.errorAlreadyCompleted'),
    [MoneyErrors.REFUND_NOT_PAYOUT.code]: t('money.errorNotPayout'),
    [MoneyErrors.NO_REFUND.code]: t('money.errorGeneric'),
    [MoneyErrors.SEPA_ALREADY_ACTIVE.code]: t('money.errorSepaActive'),
    [MoneyErrors.SEPA_NOT_NEEDED.code]: t('money.errorSepaNotNeeded'),
    [MoneyErrors.SEPA_SIGNING_ENDED.code]: t('money.errorSepaSigningEnded'),
    [MoneyErrors.REFERRAL_DUPLICATE.code]: t('money.errorReferralDuplicate'),
    [MoneyErrors.REFERRAL_SELF.code]: t('money.errorReferralSelf'),
    [MoneyErrors.RATE_LIMITED.code]: t('money.errorRateLimited'),
    [CommonErrors.IDEMPOTENCY_IN_PROGRESS.code]: t('money.errorInProgress'),
    [CommonErrors.IDEMPOTENCY_MISMATCH.code]: t('money.errorMismatch'),
    [MoneyErrors.NAME_REVIEW.code]: t('money.nameReviewSummary'),
    [CommonErrors.VALIDATION.code]: t('money.errorSummary'),
    [MoneyErrors.NAME_CHARACTER.code]: t('money.errorSummary'),
    [MoneyErrors.IBAN_INVALID.code]: t('money.errorSummary'),
    [MoneyErrors.BIC_INVALID.code]: t('money.errorSummary'),
  } satisfies Record<CodeOf<typeof MoneyErrors>, string> & Partial<Record<ErrorCode, string>>;
  return entryOf(texts, code) ?? t('money.errorGeneric');
}

export function intervalText(t: Translate, interval: SepaRequirement['interval']): string {
  const texts = {
    MONTHLY: t('money.sepaIntervalMonthly'),
    QUARTERLY: t('money.sepaIntervalQuarterly'),
    YEARLY: t('money.sepaIntervalYearly'),
    ONCE: t('money.sepaIntervalOnce'),
  } satisfies Record<SepaRequirement['interval'], string>;
  return texts[interval];
}

export function referralStateText(t: Translate, state: ReferralState): string {
  const texts = {
    SUBMITTED: t('money.referralStateSubmitted'),
    CONFIRMED: t('money.referralStateConfirmed'),
    PAID_OUT: t('money.referralStatePaidOut'),
    DECLINED: t('money.referralStateDeclined'),
  } satisfies Record<ReferralState, string>;
  return texts[state];
}

type MoneyForm = 'refund' | 'sepa' | 'referral';

/** The account holder's name as the form holds it (the mandate's debtor: first and last name). */
function holderOf(form: MoneyForm, value: (name: string) => string): string {
  if (form === 'sepa') return `${value('firstName')} ${value('lastName')}`;
  return value(form === 'refund' ? 'name' : 'bankAccountOwnerName');
}

/**
 * The review step of a holder's name (docs/money.md "Names at the bank"): after MONEY.NAME_REVIEW, the name as the bank
 * will get it, which the form shows and sends back as `holderAsSent` to confirm; null otherwise.
 */
export function holderReview(refusal: FormRefusal | null, value: (name: string) => string, form: MoneyForm): string | null {
  if (refusal?.code !== MoneyErrors.NAME_REVIEW.code) return null;
  return toSepaText(holderOf(form, value)).text || null;
}

/**
 * A refused plain form (docs/architecture.md "Forms without JavaScript"): the form-wide message and the text at each
 * refused field. Values typed never travel in the address; the form's kept values (`value`) let a message name the
 * character the bank cannot carry, or show the name as the bank will get it.
 */
export function formErrors(t: Translate, refusal: FormRefusal | null, form: MoneyForm, value: (name: string) => string = () => '') {
  if (!refusal) return { summary: null, fields: {} as Record<string, string> };
  const fields: Record<string, string> = {};
  for (const [field, problem] of Object.entries(refusal.fields).slice(0, 12)) {
    if (refusal.code === MoneyErrors.IBAN_INVALID.code && field === 'iban') fields.iban = ibanProblemText(t, problem || null, refusal.params.expectedLength);
    else if (refusal.code === MoneyErrors.BIC_INVALID.code) fields[field] = t('money.errorBic');
    else if (refusal.code === MoneyErrors.NAME_CHARACTER.code) {
      const refused = toSepaText(value(field)).refused;
      fields[field] = refused ? t('money.errorNameCharacter', { character: codePointName(refused) }) : t('money.errorName');
    } else if (refusal.code === MoneyErrors.NAME_REVIEW.code) {
      const asSent = holderReview(refusal, value, form);
      fields[field] = asSent ? t('money.nameReview', { name: asSent }) : t('money.errorName');
    } else if (refusal.code === CommonErrors.VALIDATION.code) fields[field] = fieldErrorText(t, field, form);
    else fields[field] = errorText(t, refusal.code);
  }
  // Named fields are listed under "Bitte prüfe die markierten Angaben", each with its reason; else the reason itself.
  return { summary: commonRefusalText(t, refusal) ?? (Object.keys(fields).length > 0 ? t('money.errorSummary') : errorText(t, refusal.code)), fields };
}
