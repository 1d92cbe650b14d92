import { describe, expect, it } from 'vitest';
import { formatDecimal, formatEuro, formatValue } from './format.ts';

describe('energy-value formatting', () => {
  it('writes money in German and English from the digits', () => {
    expect(formatEuro('1234.5', 'de')).toBe('1.234,50 €');
    expect(formatEuro('-4.2', 'de')).toBe('−4,20 €');
    expect(formatEuro('1234.56', 'en')).toBe('€1,234.56');
    expect(formatEuro('0.1234', 'de')).toBe('0,1234 €');
  });
  it('keeps every place of a decimal and groups thousands', () => {
    expect(formatDecimal('12345.678', 'de')).toBe('12.345,678');
    expect(formatDecimal('-0.00', 'de', 2)).toBe('0,00');
    expect(formatValue('32.9', 'ct/kWh', 'de')).toBe('32,9 ct/kWh');
    expect(formatValue('2026-06-21', 'date', 'de')).toBe('21.06.2026');
  });
});
