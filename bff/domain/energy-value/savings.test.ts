import { describe, expect, it } from 'vitest';
import { enteredFeedInRate, tableFeedInRate, type FeedInRate } from './eeg-rates.ts';
import { Money } from '../money/amounts.ts';
import { interval } from './test-builders.ts';
import { batteryShareExplanation, batteryShareOf, eurString, savingsExplanation, savingsOf, sumPeriod, sumsBy, valueDays } from './savings.ts';
import { ElectricityPrices, type DayAheadPrice, type TariffPeriod } from './tariffs.ts';

const fixed = (from: string, to: string | null, grossCentsPerKwh: string): TariffPeriod => ({ from, to, tariff: { kind: 'fixed', grossCentsPerKwh } });
const spot = (start: string, minutes: number, eurPerMwh: string): DayAheadPrice => ({ startMs: Date.parse(start), endMs: Date.parse(start) + minutes * 60_000, eurPerMwh });
const rate794 = tableFeedInRate({ commissionedOn: '2025-04-15', peakPowerKwp: 9.8, mode: 'partial' }) as FeedInRate;

describe('savings: (consumption − grid import) × electricity price + feed-in × feed-in rate', () => {
  it('a month with a fixed tariff (worked example)', () => {
    // June 2026, 32.00 ct/kWh, feed-in 8.20 ct/kWh (entered):
    //   consumption 350 kWh, grid import 140 kWh → self-consumed 210 kWh → 210 × 0.32 € = 67.20 €
    //   feed-in 400 kWh → 400 × 0.082 € = 32.80 €
    //   savings = 67.20 + 32.80 = 100.00 €
    const rate = enteredFeedInRate('8.20');
    const prices = new ElectricityPrices([fixed('2026-01-01', null, '32.00')]);
    const days = valueDays([interval('2026-06-10T00:00:00+02:00', 24 * 60, { pvWh: 610_000, importWh: 140_000, exportWh: 400_000 })], { prices, feedInRate: rate });
    const june = sumPeriod(days, '2026-06-01', '2026-06-30');
    expect(june.kwh.consumption.toString()).toBe('350');
    expect(june.kwh.selfConsumed.toString()).toBe('210');
    expect(june.eur.avoidedPurchase.toString()).toBe('67.2');
    expect(june.eur.feedInRevenue.toString()).toBe('32.8');
    expect(eurString(savingsOf(june))).toBe('100.00');

    const explained = savingsExplanation(june, rate);
    expect(explained).toMatchObject({ figure: 'savings', formula: 'savings', result: { value: '100.00', unit: 'EUR' } });
    expect(explained.period).toEqual({ from: '2026-06-01', to: '2026-06-30', days: 30, daysWithData: 1 });
    expect(explained.notes).toEqual(['daysWithoutData']);
    expect(explained.inputs).toEqual([
      { name: 'consumptionKwh', value: '350', unit: 'kWh', source: 'iot' },
      { name: 'importKwh', value: '140', unit: 'kWh', source: 'iot' },
      { name: 'selfConsumedKwh', value: '210', unit: 'kWh', source: 'computed' },
      { name: 'electricityPrice', value: '32.00', unit: 'ct/kWh', source: 'tariffFixed', validFrom: '2026-01-01', validTo: null },
      { name: 'avoidedPurchase', value: '67.20', unit: 'EUR', source: 'computed' },
      { name: 'feedInKwh', value: '400', unit: 'kWh', source: 'iot' },
      { name: 'feedInRate', value: '8.2', unit: 'ct/kWh', source: 'entered' },
      { name: 'feedInRevenue', value: '32.80', unit: 'EUR', source: 'computed' },
    ]);
  });

  it('"Wie berechnet?" adds up: the result is the sum of its parts as shown, in cents', () => {
    // 30.00 ct/kWh, feed-in 10.00 ct/kWh: self-consumed 0.05 kWh → 0.015 € (shown 0.02 €), fed in 0.15 kWh → 0.015 €
    // (shown 0.02 €). Unrounded the savings are 0.03 €; the card says 0.04 €, which is what its two parts add up to.
    const prices = new ElectricityPrices([fixed('2026-01-01', null, '30.00')]);
    const rate = enteredFeedInRate('10.00');
    const day = sumPeriod(valueDays([interval('2026-06-10T12:00:00+02:00', 15, { pvWh: 200, exportWh: 150 })], { prices, feedInRate: rate }), '2026-06-10', '2026-06-10');
    expect(eurString(savingsOf(day))).toBe('0.03');
    const explained = savingsExplanation(day, rate);
    expect(explained.inputs.filter((i) => i.unit === 'EUR').map((i) => i.value)).toEqual(['0.02', '0.02']);
    expect(explained.result.value).toBe('0.04');
  });

  it('tariffs with validity dates in a row: each day is valued with the price valid then', () => {
    // 1 July 10 kWh self-consumed at 30.00 ct = 3.00 €; 2 July 10 kWh at 35.00 ct = 3.50 €; together 6.50 €.
    const prices = new ElectricityPrices([fixed('2026-01-01', '2026-07-01', '30.00'), fixed('2026-07-02', null, '35.00')]);
    const days = valueDays(
      [interval('2026-07-01T00:00:00+02:00', 1440, { pvWh: 10_000 }), interval('2026-07-02T00:00:00+02:00', 1440, { pvWh: 10_000 })],
      { prices, feedInRate: rate794 },
    );
    const both = sumPeriod(days, '2026-07-01', '2026-07-02');
    expect(eurString(savingsOf(both))).toBe('6.50');
    expect(savingsExplanation(both, rate794).inputs.filter((i) => i.name === 'electricityPrice')).toEqual([
      { name: 'electricityPrice', value: '30.00', unit: 'ct/kWh', source: 'tariffFixed', validFrom: '2026-01-01', validTo: '2026-07-01' },
      { name: 'electricityPrice', value: '35.00', unit: 'ct/kWh', source: 'tariffFixed', validFrom: '2026-07-02', validTo: null },
    ]);
    expect(() => new ElectricityPrices([fixed('2026-01-01', '2026-07-02', '30.00'), fixed('2026-07-02', null, '35.00')])).toThrow(/overlaps/);
  });

  it("the battery's share: discharge × electricity price − charge × feed-in rate (worked example)", () => {
    // A month at 32.00 ct/kWh and Jonas' 7.94 ct/kWh: discharged 120 kWh → 120 × 0.32 € = 38.40 €;
    // charged 130 kWh (from PV surplus that could have been fed in) → 130 × 0.0794 € = 10.322 €;
    // share = 38.40 − 10.322 = 28.078 € → 28.08 €. It is part of the savings, not on top of them:
    // consumption 400 kWh, import 100 kWh → self-consumed 300 kWh → 96.00 €; feed-in 200 kWh → 15.88 €; savings 111.88 €.
    const prices = new ElectricityPrices([fixed('2026-01-01', null, '32.00')]);
    const days = valueDays(
      [interval('2026-06-15T00:00:00+02:00', 1440, { pvWh: 510_000, importWh: 100_000, exportWh: 200_000, chargeWh: 130_000, dischargeWh: 120_000 })],
      { prices, feedInRate: rate794 },
    );
    const month = sumPeriod(days, '2026-06-01', '2026-06-30');
    expect(month.kwh.consumption.toString()).toBe('400');
    expect(eurString(batteryShareOf(month))).toBe('28.08');
    expect(batteryShareOf(month).toString()).toBe('28.078');
    expect(eurString(savingsOf(month))).toBe('111.88');
    const explained = batteryShareExplanation(month, rate794);
    expect(explained.result).toEqual({ value: '28.08', unit: 'EUR' });
    expect(explained.notes).toContain('batteryChargesFromPv');
    expect(explained.inputs.map((i) => [i.name, i.value])).toEqual([
      ['dischargeKwh', '120'],
      ['electricityPrice', '32.00'],
      ['batteryDischargeValue', '38.40'],
      ['chargeKwh', '130'],
      ['feedInRate', '7.94'],
      ['batteryChargeCost', '10.32'],
    ]);
  });

  it('a dynamic tariff: each quarter hour at (day-ahead ÷ 10 + surcharges) × (1 + VAT) (worked example)', () => {
    // Surcharges 20.00 ct/kWh net, VAT 19 %:
    //   18:00 day-ahead 100.00 €/MWh → (10.00 + 20.00) × 1.19 = 35.70 ct/kWh; 1 kWh all from the grid: self-consumed 0,
    //         import cost 1 × 0.357 € = 0.357 €
    //   13:00 day-ahead −50.00 €/MWh → (−5.00 + 20.00) × 1.19 = 17.85 ct/kWh; PV 2 kWh, used 0.8 kWh, fed in 1.2 kWh:
    //         avoided 0.8 × 0.1785 € = 0.1428 €, feed-in 1.2 × 0.0794 € = 0.09528 €
    //   savings = 0.1428 + 0.09528 = 0.23808 € → 0.24 €; mean price of the self-consumed kWh = 0.1428 € ÷ 0.8 kWh = 17.85 ct
    const tariff: TariffPeriod = { from: '2026-01-01', to: null, tariff: { kind: 'dynamic', surchargeNetCentsPerKwh: '20.00', vatPercent: '19' } };
    const prices = new ElectricityPrices([tariff], [spot('2026-06-21T13:00:00+02:00', 15, '-50.00'), spot('2026-06-21T18:00:00+02:00', 15, '100.00')]);
    const intervals = [
      interval('2026-06-21T13:00:00+02:00', 15, { pvWh: 2000, exportWh: 1200 }),
      interval('2026-06-21T18:00:00+02:00', 15, { importWh: 1000 }),
    ];
    const day = sumPeriod(valueDays(intervals, { prices, feedInRate: rate794 }), '2026-06-21', '2026-06-21');
    expect(day.eur.avoidedPurchase.toString()).toBe('0.1428');
    expect(day.eur.importCost.toString()).toBe('0.357');
    expect(savingsOf(day).toString()).toBe('0.23808');
    expect(eurString(savingsOf(day))).toBe('0.24');
    expect(savingsExplanation(day, rate794).inputs.filter((i) => i.source === 'tariffDynamic' || i.source === 'entered')).toEqual([
      { name: 'electricityPrice', value: '17.85', unit: 'ct/kWh', source: 'tariffDynamic', detail: 'weightedMean', validFrom: '2026-01-01', validTo: null },
      { name: 'surchargeNet', value: '20.00', unit: 'ct/kWh', source: 'entered', validFrom: '2026-01-01', validTo: null },
      { name: 'vat', value: '19', unit: 'percent', source: 'entered', validFrom: '2026-01-01', validTo: null },
    ]);

    // Where the Solarspitzen rule applies, the feed-in at the negative price earns nothing: savings 0.1428 € → 0.14 €.
    const unpaid = sumPeriod(valueDays(intervals, { prices, feedInRate: rate794, unpaid: (i) => prices.isNegative(i.startMs, i.endMs) === true }), '2026-06-21', '2026-06-21');
    expect(eurString(savingsOf(unpaid))).toBe('0.14');
    expect(unpaid.kwh.paidFeedIn.toString()).toBe('0');
    expect(savingsExplanation(unpaid, rate794).inputs.find((i) => i.name === 'paidFeedInKwh')?.value).toBe('0');
  });

  it('hourly day-ahead prices (before October 2025) price each of their quarter hours; an hour without a price is said', () => {
    // 10:00–11:00 at 80.00 €/MWh → (8 + 20) × 1.19 = 33.32 ct; two quarter hours of 0.5 kWh self-consumed → 1 kWh → 0.3332 €.
    const tariff: TariffPeriod = { from: '2025-01-01', to: null, tariff: { kind: 'dynamic', surchargeNetCentsPerKwh: '20', vatPercent: '19' } };
    const prices = new ElectricityPrices([tariff], [spot('2025-06-01T10:00:00+02:00', 60, '80.00')]);
    const day = sumPeriod(
      valueDays(
        [
          interval('2025-06-01T10:00:00+02:00', 15, { pvWh: 500 }),
          interval('2025-06-01T10:45:00+02:00', 15, { pvWh: 500 }),
          interval('2025-06-01T11:00:00+02:00', 15, { pvWh: 500 }),
        ],
        { prices, feedInRate: rate794 },
      ),
      '2025-06-01',
      '2025-06-01',
    );
    expect(day.eur.avoidedPurchase.toString()).toBe('0.3332');
    expect(day.unpricedIntervals).toBe(1);
    expect(day.kwh.selfConsumed.toString()).toBe('1.5');
    expect(savingsExplanation(day, rate794).notes).toEqual(['intervalsWithoutPrice']);
  });

  it('a gap: the counters hold more than the points; the rest is valued at the price of what is missing and marked', () => {
    // Fixed 30.00 ct, 8.20 ct feed-in. Counters of the day: consumption 10 kWh, import 4 kWh, feed-in 6 kWh.
    // The points (one interval left, the midday missing): consumption 8 kWh, import 4 kWh, feed-in 2 kWh.
    // The day counts the counters: self-consumed 10 − 4 = 6 kWh × 0.30 € = 1.80 €, feed-in 6 kWh × 0.082 € = 0.492 €
    // → 2.292 € → 2.29 €; estimated: 2 kWh consumption + 4 kWh feed-in = 6 kWh.
    const prices = new ElectricityPrices([fixed('2026-01-01', null, '30.00')]);
    const totals = new Map([['2026-06-21', { pvWh: 12_000, importWh: 4_000, exportWh: 6_000, chargeWh: 0, dischargeWh: 0, consumptionWh: 10_000 }]]);
    const days = valueDays([interval('2026-06-21T06:00:00+02:00', 360, { pvWh: 6_000, importWh: 4_000, exportWh: 2_000 })], { prices, feedInRate: enteredFeedInRate('8.20') }, totals);
    const day = sumPeriod(days, '2026-06-21', '2026-06-21');
    expect(eurString(savingsOf(day))).toBe('2.29');
    expect(day.estimatedKwh.toString()).toBe('6');
    expect(savingsExplanation(day, enteredFeedInRate('8.20')).notes).toEqual(['gapEnergyEstimated']);

    // Only rounding between points and counters (1 Wh): the day still adds up to the counters, nothing is marked.
    const rounding = valueDays([interval('2026-06-21T00:00:00+02:00', 1440, { pvWh: 12_000, importWh: 3_999, exportWh: 6_000 })], { prices, feedInRate: enteredFeedInRate('8.20') }, totals);
    expect(rounding[0]?.kwh.consumption.toString()).toBe('10');
    expect(rounding[0]?.estimatedKwh.toString()).toBe('0');
  });

  it('a gap under a dynamic tariff is valued at the mean price of the uncovered quarter hours', () => {
    // 12:00 and 12:15 carry prices 0 and 100 €/MWh; only 12:00 has a point (1 kWh self-consumed at (0 + 20) × 1.19 = 23.80 ct).
    // The counters hold 1 kWh more consumption from PV: valued at 12:15's (10 + 20) × 1.19 = 35.70 ct → 0.238 + 0.357 = 0.595 €.
    const tariff: TariffPeriod = { from: '2026-01-01', to: null, tariff: { kind: 'dynamic', surchargeNetCentsPerKwh: '20', vatPercent: '19' } };
    const prices = new ElectricityPrices([tariff], [spot('2026-06-21T12:00:00+02:00', 15, '0'), spot('2026-06-21T12:15:00+02:00', 15, '100')]);
    const totals = new Map([['2026-06-21', { pvWh: 2_000, importWh: 0, exportWh: 0, chargeWh: 0, dischargeWh: 0, consumptionWh: 2_000 }]]);
    const [day] = valueDays([interval('2026-06-21T12:00:00+02:00', 15, { pvWh: 1_000 })], { prices, feedInRate: rate794 }, totals);
    expect(day?.eur.avoidedPurchase.toString()).toBe('0.595');
  });

  it('sums days to months and years exactly (decimals, no float drift)', () => {
    // 0.1 kWh self-consumed a day at 30.10 ct = 0.0301 € a day; 365 days of 2026 → 10.9865 €, never 10.986499….
    const prices = new ElectricityPrices([fixed('2026-01-01', null, '30.10')]);
    const intervals = Array.from({ length: 365 }, (_, i) => {
      const d = new Date(Date.UTC(2026, 0, 1 + i));
      return interval(`${d.toISOString().slice(0, 10)}T12:00:00+01:00`, 60, { pvWh: 100 });
    });
    const days = valueDays(intervals, { prices, feedInRate: rate794 });
    const months = sumsBy(days, 'month', '2026-01-01', '2026-12-31');
    expect(months).toHaveLength(12);
    expect(months[1]?.eur.avoidedPurchase.toString()).toBe('0.8428');
    const [year] = sumsBy(days, 'year', '2026-01-01', '2026-12-31');
    expect(year?.eur.avoidedPurchase.toString()).toBe('10.9865');
    expect(months.reduce((sum, m) => sum.plus(m.eur.avoidedPurchase), new Money(0)).toString()).toBe('10.9865');
    expect(sumsBy(days, 'total', '2026-01-01', '2026-12-31')[0]?.daysWithData).toBe(365);
  });
});
