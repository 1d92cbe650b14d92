import { describe, expect, it } from 'vitest';
import { berlinMidnightMs, parseDecimal } from './energy-value.service.ts';

describe('energy-value form input', () => {
  it('reads decimals as a German or English customer types them', () => {
    expect(parseDecimal('32,5')).toBe('32.5');
    expect(parseDecimal('32.5')).toBe('32.5');
    expect(parseDecimal('18.900,00')).toBe('18900');
    expect(parseDecimal('18.900')).toBe('18900');
    expect(parseDecimal(' 1.234.567 € ')).toBe('1234567');
    expect(parseDecimal('-5')).toBe('-5');
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('zwölf')).toBe('NaN');
  });
  it('knows when a Berlin day starts in summer and in winter', () => {
    expect(new Date(berlinMidnightMs('2026-06-21')).toISOString()).toBe('2026-06-20T22:00:00.000Z');
    expect(new Date(berlinMidnightMs('2026-01-15')).toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(new Date(berlinMidnightMs('2026-03-29')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });
});
