import type { SurveyFieldError, SurveyType } from '../../../bff/contracts/surveys.ts';
import type { Translate } from '../../i18n/index.ts';

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
  switch (error) {
    case 'npsRequired':
      return t('surveys.errorNps');
    case 'starInvalid':
      return t('surveys.errorStar');
    case 'emailInvalid':
      return t('surveys.errorEmail');
    case 'phoneInvalid':
      return t('surveys.errorPhone');
    case 'messageTooLong':
      return t('surveys.errorMessageTooLong');
    case 'messageInvalidCharacters':
      return t('surveys.errorMessageCharacters', { character: details.character ?? '' });
    case 'contactMissing':
      return t('surveys.errorContactMissing');
  }
}

/** A notice for an error code in the page's address (after a plain form or a followed link), or null. */
export function noticeOfCode(t: Translate, code: string | null): string | null {
  switch (code) {
    case null:
      return null;
    case 'SURVEY.ALREADY_COMPLETED':
      return t('surveys.noticeAlreadyCompleted');
    case 'SURVEY.REVIEW_LINK_INVALID':
      return t('surveys.noticeReviewLinkInvalid');
    case 'UPSTREAM.UNAVAILABLE':
      return t('surveys.noticeReviewUnavailable');
    case 'IDEMPOTENCY.MISMATCH':
    case 'IDEMPOTENCY.IN_PROGRESS':
      return t('surveys.noticeResend');
    default:
      return t('surveys.noticeGeneric');
  }
}
