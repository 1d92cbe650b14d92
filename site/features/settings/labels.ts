import { DELETE_CONFIRMATION_WORDS } from '../../../bff/contracts/account.ts';
import type { Language } from '../../../bff/contracts/auth.ts';
import type { FormRefusal } from '../../../bff/contracts/form-flash.ts';
import type { Translate } from '../../i18n/index.ts';
import { commonRefusalText } from '../../lib/form-flash.ts';

/** The text for `?done=<what>` after a form of the settings. */
export function settingsDoneText(t: Translate, done: string | null): string | null {
  switch (done) {
    case 'EMAIL_LINK_SENT':
      return t('settings.doneEmailLinkSent');
    case 'EMAIL_CHANGED':
      return t('settings.doneEmailChanged');
    case 'PASSWORD_CHANGED':
      return t('settings.donePasswordChanged');
    case 'PASSWORD_UNCHANGED':
      return t('settings.donePasswordUnchanged');
    case 'NEWSLETTER_SUBSCRIBED':
      return t('settings.doneNewsletterSubscribed');
    case 'NEWSLETTER_UNSUBSCRIBED':
      return t('settings.doneNewsletterUnsubscribed');
    case 'EXPORT_PENDING':
      return t('settings.doneExportPending');
    case 'BASE_DATA_SAVED':
      return t('settings.doneBaseDataSaved');
    default:
      return null;
  }
}

/** The text for a refused form of the settings, the deletion page and the newsletter banner. */
export function settingsErrorText(t: Translate, refusal: FormRefusal, lang: Language = 'de'): string {
  return commonRefusalText(t, refusal) ?? accountErrorText(t, refusal, lang);
}

function accountErrorText(t: Translate, { code, params }: FormRefusal, lang: Language): string {
  switch (code) {
    case 'ACCOUNT.EMAIL_SAME':
      return t('settings.errorEmailSame');
    case 'ACCOUNT.EMAIL_INVALID':
      return t('settings.errorEmailInvalid');
    case 'VALIDATION':
      return t('settings.errorEmailInvalid');
    case 'ACCOUNT.EMAIL_TAKEN':
      return t('settings.errorEmailTaken');
    case 'ACCOUNT.EMAIL_LINK_INVALID':
      return t('settings.errorEmailLinkInvalid');
    case 'ACCOUNT.EMAIL_LINK_EXPIRED':
      return t('settings.errorEmailLinkExpired');
    case 'ACCOUNT.PASSWORD_NOT_CHANGED':
      return t('settings.errorPasswordNotChanged');
    case 'ACCOUNT.RATE_LIMITED':
      return t('settings.errorRateLimited', { minutes: Math.max(1, Math.ceil(Number(params.retryAfterSeconds ?? 60) / 60)) });
    case 'ACCOUNT.DELETE_CONFIRMATION':
      return t('settings.errorDeleteConfirmation', { word: DELETE_CONFIRMATION_WORDS[lang] });
    default:
      return t('settings.errorGeneric');
  }
}
