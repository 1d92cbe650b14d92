import { describe, expect, it } from 'vitest';
import { formatAmount, formatDay, groupIban } from './format.ts';

describe('money formatting on the pages', () => {
  it('formats decimal strings from their digits', () => {
    expect(formatAmount('312.46', 'de')).toBe('312,46 €');
    expect(formatAmount('1234567.5', 'de')).toBe('1.234.567,50 €');
    expect(formatAmount('-89.90', 'de')).toBe('−89,90 €');
    expect(formatAmount('-89.90', 'de', { absolute: true })).toBe('89,90 €');
    expect(formatAmount('1234.5', 'en')).toBe('€1,234.50');
    expect(formatAmount('-0.00', 'de')).toBe('0,00 €');
    expect(formatAmount('abc', 'de')).toBe('abc');
  });

  it('formats days and groups IBANs', () => {
    expect(formatDay('2026-12-09', 'de')).toBe('09.12.2026');
    expect(formatDay('2026-12-09', 'en')).toBe('2026-12-09');
    expect(groupIban('DE02120300000000202051')).toBe('DE02 1203 0000 0000 2020 51');
  });
});
