import { parsePhoneNumberWithError, ParseError, type CountryCode } from 'libphonenumber-js/max';
import { FUNNEL_COUNTRIES, FUNNEL_LIMITS, type FunnelCountry } from '../../contracts/funnel.ts';

/**
 * Mobile numbers for SMS codes (docs/security.md "One-time codes"; engagement facts "SMS codes"): parsed with
 * libphonenumber-js and its FULL metadata (`/max`). The default `min` metadata checks lengths only and takes
 * "0171-123" for a German number; `max` knows the number plan of every country, so `isValid()` checks the digits and
 * `getType()` tells mobile from landline. `max` rather than `mobile`: with it a landline number is recognised as one
 * and the visitor reads why it cannot get an SMS, instead of "invalid".
 */
export type PhoneCheck =
  | { ok: true; e164: string; country: FunnelCountry }
  | { ok: false; reason: 'phoneInvalid' | 'phoneCountry' | 'phoneNotMobile' };

const served = (country: string | undefined): country is FunnelCountry => (FUNNEL_COUNTRIES as readonly string[]).includes(country ?? '');

/**
 * Normalises what a visitor typed to E.164 and accepts only valid mobile numbers of DE, AT and CH. A number with
 * `+` or `00` carries its own country; otherwise `defaultCountry` (the form's country choice) applies.
 */
export function checkMobileNumber(input: string, defaultCountry: FunnelCountry): PhoneCheck {
  const typed = input.trim().replace(/^00(?=\d)/, '+');
  if (!/^\+?[\d\s\-/().]{3,40}$/.test(typed)) return { ok: false, reason: 'phoneInvalid' };
  let parsed;
  try {
    parsed = parsePhoneNumberWithError(typed, defaultCountry as CountryCode);
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, reason: 'phoneInvalid' };
    throw error;
  }
  if (!parsed.isValid()) {
    return served(parsed.country) || !parsed.country ? { ok: false, reason: 'phoneInvalid' } : { ok: false, reason: 'phoneCountry' };
  }
  if (!served(parsed.country)) return { ok: false, reason: 'phoneCountry' };
  // FIXED_LINE_OR_MOBILE does not occur in these three number plans; anything but MOBILE cannot receive the SMS.
  if (parsed.getType() !== 'MOBILE') return { ok: false, reason: 'phoneNotMobile' };
  return { ok: true, e164: parsed.number, country: parsed.country };
}

/** The number block SMS pumping runs through: the E.164 number without its last digits (a block of 10,000). */
export function numberPrefix(e164: string): string {
  return e164.slice(0, -FUNNEL_LIMITS.prefixFreeDigits);
}

/** `+4917112345678` → `+49 171 ••••• 78`: enough to recognise one's own number; the only form that reaches a page or log. */
export function maskPhone(e164: string): string {
  const country = ['+49', '+43', '+41'].find((code) => e164.startsWith(code)) ?? e164.slice(0, 3);
  const rest = e164.slice(country.length);
  return `${country} ${rest.slice(0, 3)} ${'•'.repeat(Math.max(rest.length - 5, 1))} ${rest.slice(-2)}`;
}

/** `+491712345175` → `+49 171 2345175`: the lead's own verified number, grouped as the number plan groups it. */
export function formatPhone(e164: string): string {
  try {
    return parsePhoneNumberWithError(e164).formatInternational();
  } catch (error) {
    if (error instanceof ParseError) return e164;
    throw error;
  }
}
