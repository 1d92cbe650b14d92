import { describe, expect, it } from 'vitest';
import { Money, formatEuro, parseAmount, payoutOf, sumAmounts, toCents } from './amounts.ts';

describe('money amounts (precision 20, rounding mode 4)', () => {
  it('uses precision 20 and ROUND_HALF_UP', () => {
    expect(Money.precision).toBe(20);
    expect(Money.rounding).toBe(4);
    expect(Money.rounding).toBe(Money.ROUND_HALF_UP);
  });

  it('adds without binary floating-point drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumAmounts(['0.1', '0.2'])).toBe('0.30');
    expect(sumAmounts(Array.from({ length: 1000 }, () => '0.01'))).toBe('10.00');
    expect(sumAmounts(['1234567890.12', '0.01', '-0.13'])).toBe('1234567890.00');
  });

  it('rounds half cents up (away from zero), not to even', () => {
    expect(toCents(parseAmount('2.345'))).toBe('2.35');
    expect(toCents(parseAmount('2.3449'))).toBe('2.34');
    expect(toCents(parseAmount('0.125'))).toBe('0.13');
    expect(toCents(parseAmount('-2.345'))).toBe('-2.35');
    expect(toCents(parseAmount('1.005'))).toBe('1.01');
    // 1.005 as a binary float is 1.00499999…: Math.round drifts down, the decimal does not.
    expect(Math.round(1.005 * 100) / 100).toBe(1);
  });

  it('keeps twenty significant digits in intermediate results', () => {
    expect(new Money(1).div(3).toString()).toBe('0.33333333333333333333');
    expect(toCents(new Money('100').div(3).times(3))).toBe('100.00');
  });

  it('refuses anything that is not a plain decimal string', () => {
    for (const bad of ['1e3', '12,50', ' 1', 'NaN', 'Infinity', '0x10', '', '1.', '.5', '1.23456']) expect(() => parseAmount(bad), bad).toThrow();
  });

  it('tells a payout from a debt and formats German euros', () => {
    expect(payoutOf(parseAmount('312.45'))).toBe('POSITIVE');
    expect(payoutOf(parseAmount('-89.9'))).toBe('NEGATIVE');
    expect(formatEuro('1234567.5')).toBe('1.234.567,50 €');
    expect(formatEuro('-89.9')).toBe('−89,90 €');
    expect(formatEuro('-89.9', { absolute: true })).toBe('89,90 €');
    expect(formatEuro('0.004')).toBe('0,00 €');
    expect(formatEuro('1234567.5', { lang: 'en' })).toBe('€1,234,567.50');
    expect(formatEuro('-89.9', { lang: 'en', absolute: true })).toBe('€89.90');
  });
});
