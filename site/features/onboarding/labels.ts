import type { FormRefusal } from '~/bff/contracts/form-flash.ts';
import { CommonErrors, type CodeOf, type ErrorCode } from '~/bff/contracts/errors.ts';
import { OnboardingErrors, type BaseDataField, type BaseDataProblem } from '~/bff/contracts/onboarding.ts';
import type { Translate } from '~/site/i18n/index.ts';
import { entryOf } from '~/site/lib/codes.ts';
import { commonRefusalText } from '~/site/lib/form-flash.ts';

/** The text for a refused form of the onboarding pages. */
export function onboardingErrorText(t: Translate, refusal: FormRefusal): string {
  const { code, params } = refusal;
  const common = commonRefusalText(t, refusal);
  if (common) return common;
  const left = Number(params.attemptsLeft ?? 0);
  const texts = {
    [OnboardingErrors.CODE_INVALID.code]: () => (left === 1 ? t('onboarding.codeInvalidOne') : t('onboarding.codeInvalidOther', { attempts: left })),
    [OnboardingErrors.CODE_EXPIRED.code]: () => t('onboarding.codeExpired'),
    [OnboardingErrors.NO_CODE.code]: () => t('onboarding.noCode'),
    [OnboardingErrors.TOO_MANY_ATTEMPTS.code]: () => t('onboarding.tooManyAttempts'),
    [OnboardingErrors.RESEND_COOLDOWN.code]: () => t('onboarding.resendCooldown', { seconds: Number(params.retryAfterSeconds ?? 30) }),
    [OnboardingErrors.ALREADY_CONFIRMED.code]: () => t('onboarding.alreadyConfirmed'),
    [OnboardingErrors.BASE_DATA_INVALID.code]: () => t('onboarding.baseDataInvalid'),
    [OnboardingErrors.JOURNEY_BACKWARDS.code]: () => t('onboarding.errorGeneric'),
    [CommonErrors.VALIDATION.code]: () => t('onboarding.codeFormat'),
  } satisfies Record<CodeOf<typeof OnboardingErrors>, () => string> & Partial<Record<ErrorCode, () => string>>;
  return (entryOf(texts, code) ?? (() => t('onboarding.errorGeneric')))();
}

/** The message under a base data field. */
export function baseDataProblemText(t: Translate, field: BaseDataField, problem: BaseDataProblem): string {
  if (problem === 'tooLong') return t('onboarding.baseDataTooLong');
  if (problem === 'required') return field === 'preferredContact' ? t('onboarding.baseDataContactRequired') : t('onboarding.baseDataRequired');
  const formats = {
    salutation: t('onboarding.baseDataChoiceFormat'),
    preferredContact: t('onboarding.baseDataChoiceFormat'),
    street: t('onboarding.baseDataChoiceFormat'),
    phone: t('onboarding.baseDataPhoneFormat'),
    zip: t('onboarding.baseDataZipFormat'),
    houseNumber: t('onboarding.baseDataHouseNumberFormat'),
    firstName: t('onboarding.baseDataNameFormat'),
    lastName: t('onboarding.baseDataNameFormat'),
    city: t('onboarding.baseDataNameFormat'),
  } satisfies Record<BaseDataField, string>;
  return entryOf(formats, field) ?? t('onboarding.baseDataChoiceFormat');
}
