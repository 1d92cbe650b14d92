import { parsePhoneNumberFromString as parseWithMinMetadata } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { checkMobileNumber, formatPhone, maskPhone, numberPrefix } from './phone.ts';

describe('mobile numbers for SMS codes (libphonenumber-js, full metadata)', () => {
  it.each([
    ['0171 1234567', 'DE', '+491711234567'],
    ['0171/1234567', 'DE', '+491711234567'],
    ['+49 (0) 171 1234567', 'DE', '+491711234567'],
    ['0049 151 23456789', 'DE', '+4915123456789'],
    ['+49 1512 3456789', 'DE', '+4915123456789'],
    ['0176-12345678', 'DE', '+4917612345678'],
    ['+43 664 1234567', 'DE', '+436641234567'],
    ['0664 1234567', 'AT', '+436641234567'],
    ['079 123 45 67', 'CH', '+41791234567'],
    ['0041 79 123 45 67', 'DE', '+41791234567'],
  ] as const)('accepts %s (country %s) as %s', (typed, country, e164) => {
    expect(checkMobileNumber(typed, country)).toEqual({ ok: true, e164, country: e164.startsWith('+49') ? 'DE' : e164.startsWith('+43') ? 'AT' : 'CH' });
  });

  it.each([
    // What the lightweight `min` metadata takes (length only) but is no number: see the test below.
    ['0171-123', 'DE', 'phoneInvalid'],
    ['0170 12345', 'DE', 'phoneInvalid'],
    ['+49 171 123456', 'DE', 'phoneInvalid'],
    ['01512345678', 'DE', 'phoneInvalid'],
    ['+49 1521 234567', 'DE', 'phoneInvalid'],
    ['+4915 123', 'DE', 'phoneInvalid'],
    ['abc', 'DE', 'phoneInvalid'],
    ['0171 1234567 ext 5', 'DE', 'phoneInvalid'],
    // Real numbers, but not mobile: no SMS arrives there.
    ['030 1234567', 'DE', 'phoneNotMobile'],
    ['+49 800 1234567', 'DE', 'phoneNotMobile'],
    ['0664 1234567', 'DE', 'phoneNotMobile'],
    ['079 123 45 67', 'DE', 'phoneNotMobile'],
    // Mobile numbers of countries the installer does not serve.
    ['+33 6 12 34 56 78', 'DE', 'phoneCountry'],
    ['+1 202 555 0100', 'DE', 'phoneCountry'],
    ['+423 660 123456', 'DE', 'phoneCountry'],
  ] as const)('refuses %s (country %s): %s', (typed, country, reason) => {
    expect(checkMobileNumber(typed, country)).toEqual({ ok: false, reason });
  });

  it('refuses numbers that the lightweight min metadata wrongly accepts', () => {
    for (const typed of ['0171-123', '0170 12345', '+49 171 123456', '01512345678', '+49 1521 234567']) {
      expect(parseWithMinMetadata(typed, 'DE')?.isValid(), `min metadata on ${typed}`).toBe(true);
      expect(checkMobileNumber(typed, 'DE').ok, typed).toBe(false);
    }
  });

  it('masks a number to its country, three digits and the last two, and finds its block of 10,000', () => {
    expect(maskPhone('+4917112345678')).toBe('+49 171 •••••• 78');
    expect(maskPhone('+41791234567')).toBe('+41 791 •••• 67');
    expect(maskPhone('+4917112345678')).not.toContain('12345');
    expect(numberPrefix('+4917112345678')).toBe('+491711234');
  });

  it('shows the lead its own verified number grouped, not as the raw E.164 string', () => {
    expect(formatPhone('+491712345175')).toBe('+49 171 2345175');
    expect(formatPhone('+436641234567')).toBe('+43 664 1234567');
    expect(formatPhone('not a number')).toBe('not a number');
  });
});
