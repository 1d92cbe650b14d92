import { AccountErrors, DELETE_CONFIRMATION_WORDS } from '~/bff/contracts/account.ts';
import type { Language } from '~/bff/contracts/auth.ts';
import { CommonErrors, type CodeOf, type ErrorCode } from '~/bff/contracts/errors.ts';
import type { FormRefusal } from '~/bff/contracts/form-flash.ts';
import type { Translate } from '~/site/i18n/index.ts';
import { entryOf } from '~/site/lib/codes.ts';
import { commonRefusalText } from '~/site/lib/form-flash.ts';

/** The text for `?done=<what>` after a form of the settings. */
export function settingsDoneText(t: Translate, done: string | null): string | null {
  const texts = {
    EMAIL_LINK_SENT: t('settings.doneEmailLinkSent'),
    EMAIL_CHANGED: t('settings.doneEmailChanged'),
    PASSWORD_CHANGED: t('settings.donePasswordChanged'),
    PASSWORD_UNCHANGED: t('settings.donePasswordUnchanged'),
    NEWSLETTER_SUBSCRIBED: t('settings.doneNewsletterSubscribed'),
    NEWSLETTER_UNSUBSCRIBED: t('settings.doneNewsletterUnsubscribed'),
    EXPORT_PENDING: t('settings.doneExportPending'),
    BASE_DATA_SAVED: t('settings.doneBaseDataSaved'),
  };
  return entryOf(texts, done) ?? null;
}

/** The text for a refused form of the settings, the deletion page and the newsletter banner. */
export function settingsErrorText(t: Translate, refusal: FormRefusal, lang: Language = 'de'): string {
  return commonRefusalText(t, refusal) ?? accountErrorText(t, refusal, lang);
}

function accountErrorText(t: Translate, { code, params }: FormRefusal, lang: Language): string {
  const texts = {
    [AccountErrors.EMAIL_SAME.code]: () => t('settings.errorEmailSame'),
    [AccountErrors.EMAIL_INVALID.code]: () => t('settings.errorEmailInvalid'),
    [CommonErrors.VALIDATION.code]: () => t('settings.errorEmailInvalid'),
    [AccountErrors.EMAIL_TAKEN.code]: () => t('settings.errorEmailTaken'),
    [AccountErrors.EMAIL_LINK_INVALID.code]: () => t('settings.errorEmailLinkInvalid'),
    [AccountErrors.EMAIL_LINK_EXPIRED.code]: () => t('settings.errorEmailLinkExpired'),
    [AccountErrors.PASSWORD_NOT_CHANGED.code]: () => t('settings.errorPasswordNotChanged'),
    [AccountErrors.RATE_LIMITED.code]: () =>
      t('settings.errorRateLimited', { minutes: Math.max(1, Math.ceil(Number(params.retryAfterSeconds ?? 60) / 60)) }),
    [AccountErrors.DELETE_CONFIRMATION.code]: () => t('settings.errorDeleteConfirmation', { word: DELETE_CONFIRMATION_WORDS[lang] }),
    [AccountErrors.EXPORT_NOT_FOUND.code]: () => t('settings.errorGeneric'),
  } satisfies Record<CodeOf<typeof AccountErrors>, () => string> & Partial<Record<ErrorCode, () => string>>;
  return (entryOf(texts, code) ?? (() => t('settings.errorGeneric')))();
}
