import { describe, expect, it } from 'vitest';
import { checkIbanLocally, maskIban, normalizeBic } from './iban.ts';

describe('the local IBAN check (ibantools)', () => {
  it.each([
    ['DE89370400440532013000', 'DE'],
    ['DE02120300000000202051', 'DE'],
    ['AT611904300234573201', 'AT'],
    ['FR1420041010050500013M02606', 'FR'],
    ['NL91ABNA0417164300', 'NL'],
    ['ES9121000418450200051332', 'ES'],
    ['IT60X0542811101000000123456', 'IT'],
    ['BE68539007547034', 'BE'],
    ['CH9300762011623852957', 'CH'],
  ])('accepts the valid IBAN %s (%s)', (iban, country) => {
    expect(checkIbanLocally(iban)).toMatchObject({ iban, valid: true, problem: null, country });
  });

  it('accepts lower case with spaces and keeps the electronic format', () => {
    expect(checkIbanLocally(' de89 3704 0044 0532 0130 00 ')).toMatchObject({ iban: 'DE89370400440532013000', formatted: 'DE89 3704 0044 0532 0130 00', valid: true });
  });

  it('names a wrong checksum (one typed digit off)', () => {
    expect(checkIbanLocally('DE89370400440532013001')).toMatchObject({ valid: false, problem: 'CHECKSUM' });
    expect(checkIbanLocally('DE88370400440532013000')).toMatchObject({ valid: false, problem: 'CHECKSUM' });
  });

  it('names a wrong length with the length the country needs', () => {
    expect(checkIbanLocally('DE8937040044053201300')).toMatchObject({ valid: false, problem: 'LENGTH', expectedLength: 22 });
    expect(checkIbanLocally('DE893704004405320130000')).toMatchObject({ problem: 'LENGTH', expectedLength: 22 });
    expect(checkIbanLocally('AT61190430023457320')).toMatchObject({ problem: 'LENGTH', expectedLength: 20 });
  });

  it('names an unknown country, a country outside SEPA, a malformed and an empty input', () => {
    expect(checkIbanLocally('XX89370400440532013000')).toMatchObject({ problem: 'COUNTRY' });
    expect(checkIbanLocally('US64SVBKUS6S3300958879')).toMatchObject({ problem: 'COUNTRY' });
    expect(checkIbanLocally('BR1800360305000010009795493C1')).toMatchObject({ problem: 'NOT_SEPA' });
    expect(checkIbanLocally('DE89-3704-0044!0532')).toMatchObject({ problem: 'FORMAT' });
    expect(checkIbanLocally('DE89 3704 0044 0532 0130 0A')).toMatchObject({ problem: 'FORMAT' });
    expect(checkIbanLocally('   ')).toMatchObject({ problem: 'REQUIRED', valid: false });
  });

  it('masks all but country, check digits and the last four', () => {
    expect(maskIban('DE89370400440532013000')).toBe('DE89 •••• 3000');
    expect(maskIban('de89 3704')).toBe('DE89 •••• 3704');
    expect(maskIban('DE8')).toBe('••••');
  });

  it('normalises a BIC and refuses a malformed one', () => {
    expect(normalizeBic(' cobadeffxxx ')).toBe('COBADEFFXXX');
    expect(normalizeBic('INGDDEFF')).toBe('INGDDEFF');
    expect(normalizeBic('')).toBeNull();
    expect(normalizeBic('COBA1')).toBeUndefined();
  });
});
