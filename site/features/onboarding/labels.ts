import type { FormRefusal } from '../../../bff/contracts/form-flash.ts';
import type { BaseDataField, BaseDataProblem } from '../../../bff/contracts/onboarding.ts';
import type { Translate } from '../../i18n/index.ts';
import { commonRefusalText } from '../../lib/form-flash.ts';

/** The text for a refused form of the onboarding pages. */
export function onboardingErrorText(t: Translate, refusal: FormRefusal): string {
  const { code, params } = refusal;
  const common = commonRefusalText(t, refusal);
  if (common) return common;
  switch (code) {
    case 'ONBOARDING.CODE_INVALID': {
      const left = Number(params.attemptsLeft ?? 0);
      return left === 1 ? t('onboarding.codeInvalidOne') : t('onboarding.codeInvalidOther', { attempts: left });
    }
    case 'ONBOARDING.CODE_EXPIRED':
      return t('onboarding.codeExpired');
    case 'ONBOARDING.NO_CODE':
      return t('onboarding.noCode');
    case 'ONBOARDING.TOO_MANY_ATTEMPTS':
      return t('onboarding.tooManyAttempts');
    case 'ONBOARDING.RESEND_COOLDOWN':
      return t('onboarding.resendCooldown', { seconds: Number(params.retryAfterSeconds ?? 30) });
    case 'ONBOARDING.ALREADY_CONFIRMED':
      return t('onboarding.alreadyConfirmed');
    case 'VALIDATION':
      return t('onboarding.codeFormat');
    case 'ONBOARDING.BASE_DATA_INVALID':
      return t('onboarding.baseDataInvalid');
    default:
      return t('onboarding.errorGeneric');
  }
}

/** The message under a base data field. */
export function baseDataProblemText(t: Translate, field: BaseDataField, problem: BaseDataProblem): string {
  if (problem === 'tooLong') return t('baseData.tooLong');
  if (problem === 'required') {
    switch (field) {
      case 'preferredContact':
        return t('baseData.contactRequired');
      default:
        return t('baseData.required');
    }
  }
  switch (field) {
    case 'phone':
      return t('baseData.phoneFormat');
    case 'zip':
      return t('baseData.zipFormat');
    case 'houseNumber':
      return t('baseData.houseNumberFormat');
    case 'firstName':
    case 'lastName':
    case 'city':
      return t('baseData.nameFormat');
    default:
      return t('baseData.choiceFormat');
  }
}
