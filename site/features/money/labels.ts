import type { IbanProblem, MoneyField, ReferralState, SepaRequirement } from '../../../bff/contracts/money.ts';
import type { FormRefusal } from '../../../bff/contracts/form-flash.ts';
import { toSepaText } from '../../../bff/contracts/sepa-text.ts';
import { codePointName } from '../../../bff/contracts/text.ts';
import type { Translate } from '../../i18n/index.ts';
import { commonRefusalText } from '../../lib/form-flash.ts';

/** Why an IBAN is refused, in words a customer can act on (spec section 5: the reason at the field). */
export function ibanProblemText(t: Translate, problem: IbanProblem | string | null, expectedLength?: number | string | null): string {
  switch (problem) {
    case 'REQUIRED':
      return t('money.errorIbanRequired');
    case 'COUNTRY':
      return t('money.errorIbanCountry');
    case 'NOT_SEPA':
      return t('money.errorIbanNotSepa');
    case 'LENGTH':
      return expectedLength ? t('money.errorIbanLength', { length: Number(expectedLength) }) : t('money.errorIbanLengthPlain');
    case 'CHECKSUM':
      return t('money.errorIbanChecksum');
    case 'UNKNOWN_BANK':
      return t('money.errorIbanUnknownBank');
    case 'ACCOUNT_CLOSED':
      return t('money.errorIbanClosed');
    default:
      return t('money.errorIbanFormat');
  }
}

/** What to write at a field the BFF refused (`?fields=` of a plain form's round trip). */
export function fieldErrorText(t: Translate, field: MoneyField | string, form: 'refund' | 'sepa' | 'referral'): string {
  switch (field) {
    case 'iban':
      return t('money.errorIbanFormat');
    case 'bic':
      return t('money.errorBic');
    case 'name':
      return form === 'referral' ? t('money.errorReferredName') : t('money.errorName');
    case 'bankAccountOwnerName':
    case 'firstName':
    case 'lastName':
      return t('money.errorName');
    case 'emailAddress':
      return t('money.errorEmail');
    case 'street':
      return t('money.errorStreet');
    case 'houseNumber':
      return t('money.errorHouseNumber');
    case 'zip':
      return t('money.errorZip');
    case 'locality':
      return t('money.errorLocality');
    case 'place':
      return t('money.errorPlace');
    case 'consent':
      return form === 'referral' ? t('money.errorConsentReferral') : t('money.errorConsentSepa');
    default:
      return t('money.errorGeneric');
  }
}

/** A refusal that belongs to the whole form (not one field). */
export function errorText(t: Translate, code: string): string {
  switch (code) {
    case 'REFUND.ALREADY_COMPLETED':
      return t('money.errorAlreadyCompleted');
    case 'REFUND.NOT_PAYOUT':
      return t('money.errorNotPayout');
    case 'SEPA.ALREADY_ACTIVE':
      return t('money.errorSepaActive');
    case 'SEPA.NOT_NEEDED':
      return t('money.errorSepaNotNeeded');
    case 'SEPA.SIGNING_ENDED':
      return t('money.errorSepaSigningEnded');
    case 'REFERRAL.DUPLICATE':
      return t('money.errorReferralDuplicate');
    case 'REFERRAL.SELF':
      return t('money.errorReferralSelf');
    case 'IBAN.RATE_LIMITED':
      return t('money.errorRateLimited');
    case 'IDEMPOTENCY.IN_PROGRESS':
      return t('money.errorInProgress');
    case 'IDEMPOTENCY.MISMATCH':
      return t('money.errorMismatch');
    case 'MONEY.NAME_REVIEW':
      return t('money.nameReviewSummary');
    case 'VALIDATION':
    case 'MONEY.NAME_CHARACTER':
    case 'IBAN.INVALID':
    case 'IBAN.BIC_INVALID':
      return t('money.errorSummary');
    default:
      return t('money.errorGeneric');
  }
}

export function intervalText(t: Translate, interval: SepaRequirement['interval']): string {
  switch (interval) {
    case 'MONTHLY':
      return t('money.sepaIntervalMonthly');
    case 'QUARTERLY':
      return t('money.sepaIntervalQuarterly');
    case 'YEARLY':
      return t('money.sepaIntervalYearly');
    case 'ONCE':
      return t('money.sepaIntervalOnce');
  }
}

export function referralStateText(t: Translate, state: ReferralState): string {
  switch (state) {
    case 'SUBMITTED':
      return t('money.referralStateSubmitted');
    case 'CONFIRMED':
      return t('money.referralStateConfirmed');
    case 'PAID_OUT':
      return t('money.referralStatePaidOut');
    case 'DECLINED':
      return t('money.referralStateDeclined');
  }
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
  if (refusal?.code !== 'MONEY.NAME_REVIEW') return null;
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
    if (refusal.code === 'IBAN.INVALID' && field === 'iban') fields.iban = ibanProblemText(t, problem || null, refusal.params.expectedLength);
    else if (refusal.code === 'IBAN.BIC_INVALID') fields[field] = t('money.errorBic');
    else if (refusal.code === 'MONEY.NAME_CHARACTER') {
      const refused = toSepaText(value(field)).refused;
      fields[field] = refused ? t('money.errorNameCharacter', { character: codePointName(refused) }) : t('money.errorName');
    } else if (refusal.code === 'MONEY.NAME_REVIEW') {
      const asSent = holderReview(refusal, value, form);
      fields[field] = asSent ? t('money.nameReview', { name: asSent }) : t('money.errorName');
    } else if (refusal.code === 'VALIDATION') fields[field] = fieldErrorText(t, field, form);
    else fields[field] = errorText(t, refusal.code);
  }
  // Named fields are listed under "Bitte prüfe die markierten Angaben", each with its reason; else the reason itself.
  return { summary: commonRefusalText(t, refusal) ?? (Object.keys(fields).length > 0 ? t('money.errorSummary') : errorText(t, refusal.code)), fields };
}
