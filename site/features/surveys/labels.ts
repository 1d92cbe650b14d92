import { CommonErrors, type CodeOf, type ErrorCode } from '~/bff/contracts/errors.ts';
import { SurveyErrors, type SurveyFieldError, type SurveyType } from '~/bff/contracts/surveys.ts';
import type { Translate } from '~/site/i18n/index.ts';
import { entryOf } from '~/site/lib/codes.ts';

/** The site owns the words (Conventions): survey types, field errors and the notices of codes, German and English. */

export function surveyTypeTitle(t: Translate, type: SurveyType): string {
  return type === 'AC' ? t('surveys.typeAc') : t('surveys.typeDc');
}

/** The form's heading when the CMS has no survey definition (title) for the type. */
export function defaultSurveyHeading(t: Translate, type: SurveyType): string {
  return type === 'AC' ? t('surveys.headingAc') : t('surveys.headingDc');
}

/** `character`: the character a refused message holds (named in the text). */
export function fieldErrorText(t: Translate, error: SurveyFieldError, details: { character?: string } = {}): string {
  const texts = {
    npsRequired: t('surveys.errorNps'),
    starInvalid: t('surveys.errorStar'),
    emailInvalid: t('surveys.errorEmail'),
    phoneInvalid: t('surveys.errorPhone'),
    messageTooLong: t('surveys.errorMessageTooLong'),
    messageInvalidCharacters: t('surveys.errorMessageCharacters', { character: details.character ?? '' }),
    contactMissing: t('surveys.errorContactMissing'),
  } satisfies Record<SurveyFieldError, string>;
  return texts[error];
}

/** A notice for an error code in the page's address (after a plain form or a followed link), or null. */
export function noticeOfCode(t: Translate, code: string | null): string | null {
  if (code === null) return null;
  const texts = {
    [SurveyErrors.ALREADY_COMPLETED.code]: t('surveys.noticeAlreadyCompleted'),
    [SurveyErrors.REVIEW_LINK_INVALID.code]: t('surveys.noticeReviewLinkInvalid'),
    [SurveyErrors.NOT_COMPLETED.code]: t('surveys.noticeGeneric'),
    [SurveyErrors.INVALID.code]: t('surveys.noticeGeneric'),
    [SurveyErrors.WEBHOOK_UNAUTHORIZED.code]: t('surveys.noticeGeneric'),
    [CommonErrors.UPSTREAM_UNAVAILABLE.code]: t('surveys.noticeReviewUnavailable'),
    [CommonErrors.IDEMPOTENCY_MISMATCH.code]: t('surveys.noticeResend'),
    [CommonErrors.IDEMPOTENCY_IN_PROGRESS.code]: t('surveys.noticeResend'),
  } satisfies Record<CodeOf<typeof SurveyErrors>, string> & Partial<Record<ErrorCode, string>>;
  return entryOf(texts, code) ?? t('surveys.noticeGeneric');
}
