import { describe, expect, it } from 'vitest';
import { dynamicPrice, ElectricityPrices, TariffError, type TariffPeriod } from './tariffs.ts';

const dynamic: TariffPeriod = { from: '2026-01-01', to: null, tariff: { kind: 'dynamic', surchargeNetCentsPerKwh: '18.50', vatPercent: '19' } };

describe('electricity prices', () => {
  it('a dynamic price is (day-ahead ÷ 10 + surcharges) × (1 + VAT), also below zero', () => {
    // (120.00 ÷ 10 + 18.50) × 1.19 = 30.50 × 1.19 = 36.295 ct; at −250 €/MWh: (−25 + 18.50) × 1.19 = −7.735 ct.
    if (dynamic.tariff.kind !== 'dynamic') throw new Error('dynamic');
    expect(dynamicPrice(dynamic.tariff, '120.00').toString()).toBe('36.295');
    expect(dynamicPrice(dynamic.tariff, '-250').toString()).toBe('-7.735');
  });

  it('refuses tariffs out of order or overlapping, and an energy interval longer than its day-ahead interval', () => {
    const fixed = (from: string, to: string | null): TariffPeriod => ({ from, to, tariff: { kind: 'fixed', grossCentsPerKwh: '30' } });
    expect(() => new ElectricityPrices([fixed('2026-02-01', '2026-01-01')])).toThrow(TariffError);
    expect(() => new ElectricityPrices([fixed('2026-01-01', null), fixed('2026-02-01', null)])).toThrow(TariffError);
    const start = Date.parse('2026-06-21T12:00:00+02:00');
    const prices = new ElectricityPrices([dynamic], [{ startMs: start, endMs: start + 900_000, eurPerMwh: '10' }]);
    expect(() => prices.priceOf('2026-06-21', start, start + 3_600_000)).toThrow(TariffError);
    expect(prices.priceOf('2026-06-21', start, start + 900_000)?.cents.toString()).toBe('23.205');
    expect(prices.priceOf('2025-12-31', start, start + 900_000)).toBeUndefined();
    expect(prices.isNegative(start, start + 900_000)).toBe(false);
    expect(prices.isNegative(start + 900_000, start + 1_800_000)).toBeUndefined();
    expect(prices.spotsOn('2026-06-21')).toHaveLength(1);
  });
});
