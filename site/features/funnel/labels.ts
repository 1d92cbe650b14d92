import type { CodeOf } from '~/bff/contracts/errors.ts';
import { FunnelErrors, type FunnelCountry, type FunnelField, type FunnelFieldError, type LeadContentTopic } from '~/bff/contracts/funnel.ts';
import type { Translate } from '~/site/i18n/index.ts';
import { entryOf } from '~/site/lib/codes.ts';

/** The five product lines (LeadContentTopic) in the funnel's order. */
export function topicLabels(t: Translate): { topic: LeadContentTopic; label: string; hint: string }[] {
  return [
    { topic: 'SOLAR', label: t('funnel.topicSolar'), hint: t('funnel.topicSolarHint') },
    { topic: 'STORAGE', label: t('funnel.topicStorage'), hint: t('funnel.topicStorageHint') },
    { topic: 'CHARGE', label: t('funnel.topicCharge'), hint: t('funnel.topicChargeHint') },
    { topic: 'IQ', label: t('funnel.topicIq'), hint: t('funnel.topicIqHint') },
    { topic: 'OFFGRID', label: t('funnel.topicOffgrid'), hint: t('funnel.topicOffgridHint') },
  ];
}

export function countryLabels(t: Translate): { country: FunnelCountry; label: string }[] {
  return [
    { country: 'DE', label: t('funnel.countryDe') },
    { country: 'AT', label: t('funnel.countryAt') },
    { country: 'CH', label: t('funnel.countryCh') },
  ];
}

/** The message at a refused field (FUNNEL.INVALID); each field and reason has its own words. */
export function fieldError(t: Translate, field: FunnelField, reason: FunnelFieldError): string {
  const required: Partial<Record<FunnelField, string>> = {
    firstName: t('funnel.errorFirstNameRequired'),
    lastName: t('funnel.errorLastNameRequired'),
    email: t('funnel.errorEmailRequired'),
  };
  const texts = {
    required: required[field] ?? t('funnel.errorPhoneRequired'),
    tooLong: t('funnel.errorNameTooLong'),
    characters: t('funnel.errorNameCharacters'),
    email: t('funnel.errorEmail'),
    phoneInvalid: t('funnel.errorPhoneInvalid'),
    phoneCountry: t('funnel.errorPhoneCountry'),
    phoneNotMobile: t('funnel.errorPhoneNotMobile'),
    topics: t('funnel.errorTopics'),
    consent: t('funnel.errorConsent'),
  } satisfies Record<FunnelFieldError, string>;
  return texts[reason];
}

/** How long to wait, in words: "45 Sekunden", "3 Minuten", "2 Stunden". */
export function waitText(t: Translate, seconds: number): string {
  if (seconds < 90) return t('funnel.waitSeconds', { seconds: Math.max(1, seconds) });
  if (seconds < 5400) return t('funnel.waitMinutes', { minutes: Math.ceil(seconds / 60) });
  return t('funnel.waitHours', { hours: Math.ceil(seconds / 3600) });
}

/** A refusal that is not about one field (limits, outages), worded for the page; null for codes the page handles itself. */
export function pageError(t: Translate, code: string | null, waitSeconds: number | null): string | null {
  if (code === null) return null;
  const wait = waitSeconds === null ? '' : ` ${t('funnel.tryAgainIn', { wait: waitText(t, waitSeconds) })}`;
  const texts = {
    [FunnelErrors.INVALID.code]: null,
    [FunnelErrors.CODE_INVALID.code]: null,
    [FunnelErrors.RATE_LIMITED.code]: `${t('funnel.errorRateLimited')}${wait}`,
    [FunnelErrors.RESEND_TOO_EARLY.code]: `${t('funnel.errorResendTooEarly')}${wait}`,
    [FunnelErrors.SMS_PAUSED.code]: t('funnel.errorSmsPaused'),
    [FunnelErrors.TOO_MANY_ATTEMPTS.code]: t('funnel.errorTooManyAttempts'),
    [FunnelErrors.CODE_EXPIRED.code]: t('funnel.errorCodeExpired'),
    [FunnelErrors.NO_REQUEST.code]: t('funnel.errorNoRequest'),
    [FunnelErrors.UNKNOWN_LEAD.code]: t('funnel.errorGeneric'),
  } satisfies Record<CodeOf<typeof FunnelErrors>, string | null>;
  const text = entryOf(texts, code);
  return text === undefined ? t('funnel.errorGeneric') : text;
}
