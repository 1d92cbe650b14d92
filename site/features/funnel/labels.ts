import type { FunnelCountry, FunnelField, FunnelFieldError, LeadContentTopic } from '../../../bff/contracts/funnel.ts';
import type { Translate } from '../../i18n/index.ts';

/** The five product lines in the funnel's order (spec section 3, LeadContentTopic). */
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
  switch (reason) {
    case 'required':
      return field === 'firstName'
        ? t('funnel.errorFirstNameRequired')
        : field === 'lastName'
          ? t('funnel.errorLastNameRequired')
          : field === 'email'
            ? t('funnel.errorEmailRequired')
            : t('funnel.errorPhoneRequired');
    case 'tooLong':
      return t('funnel.errorNameTooLong');
    case 'characters':
      return t('funnel.errorNameCharacters');
    case 'email':
      return t('funnel.errorEmail');
    case 'phoneInvalid':
      return t('funnel.errorPhoneInvalid');
    case 'phoneCountry':
      return t('funnel.errorPhoneCountry');
    case 'phoneNotMobile':
      return t('funnel.errorPhoneNotMobile');
    case 'topics':
      return t('funnel.errorTopics');
    case 'consent':
      return t('funnel.errorConsent');
  }
}

/** How long to wait, in words: "45 Sekunden", "3 Minuten", "2 Stunden". */
export function waitText(t: Translate, seconds: number): string {
  if (seconds < 90) return t('funnel.waitSeconds', { seconds: Math.max(1, seconds) });
  if (seconds < 5400) return t('funnel.waitMinutes', { minutes: Math.ceil(seconds / 60) });
  return t('funnel.waitHours', { hours: Math.ceil(seconds / 3600) });
}

/** A refusal that is not about one field (limits, outages), worded for the page; null for codes the page handles itself. */
export function pageError(t: Translate, code: string | null, waitSeconds: number | null): string | null {
  const wait = waitSeconds === null ? '' : ` ${t('funnel.tryAgainIn', { wait: waitText(t, waitSeconds) })}`;
  switch (code) {
    case null:
    case 'FUNNEL.INVALID':
    case 'FUNNEL.CODE_INVALID':
      return null;
    case 'FUNNEL.RATE_LIMITED':
      return `${t('funnel.errorRateLimited')}${wait}`;
    case 'FUNNEL.RESEND_TOO_EARLY':
      return `${t('funnel.errorResendTooEarly')}${wait}`;
    case 'FUNNEL.SMS_PAUSED':
      return t('funnel.errorSmsPaused');
    case 'FUNNEL.TOO_MANY_ATTEMPTS':
      return t('funnel.errorTooManyAttempts');
    case 'FUNNEL.CODE_EXPIRED':
      return t('funnel.errorCodeExpired');
    case 'FUNNEL.NO_REQUEST':
      return t('funnel.errorNoRequest');
    default:
      return t('funnel.errorGeneric');
  }
}
