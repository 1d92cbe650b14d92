import { describe, expect, it } from 'vitest';
import { amortisation, effectivePriceExplanation, meteringFeeOn, meteringFeesExplanation, netSavingsExplanation, type MeteringFee } from './amortisation.ts';
import { enteredFeedInRate } from './eeg-rates.ts';
import { interval } from './test-builders.ts';
import { sumPeriod, valueDays } from './savings.ts';
import { ElectricityPrices } from './tariffs.ts';

const prices = new ElectricityPrices([{ from: '2020-01-01', to: null, tariff: { kind: 'fixed', grossCentsPerKwh: '30.00' } }]);
const rate = enteredFeedInRate('8.00');

/** `count` days from `first`, each with 10 kWh self-consumed (3.00 €) and 10 kWh fed in (0.80 €): 3.80 € savings a day. */
function days(first: string, count: number) {
  const intervals = Array.from({ length: count }, (_, i) => {
    const d = new Date(`${first}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return interval(`${d.toISOString().slice(0, 10)}T12:00:00+02:00`, 60, { pvWh: 20_000, exportWh: 10_000 });
  });
  return valueDays(intervals, { prices, feedInRate: rate });
}

const fee: MeteringFee[] = [{ from: '2020-01-01', to: null, euroPerYear: '36.50' }];

describe('metering fees, net savings, amortisation and the effective price', () => {
  it('a yearly metering fee counts per day of the year (leap years have 366)', () => {
    // 36.50 € a year: 0.10 € a day in 2026; 36.60 € in 2028 is 0.10 € a day too.
    expect(meteringFeeOn(fee, '2026-06-01').toString()).toBe('0.1');
    expect(meteringFeeOn([{ from: '2028-01-01', to: null, euroPerYear: '36.60' }], '2028-02-29').toString()).toBe('0.1');
    expect(meteringFeeOn([{ from: '2026-07-01', to: null, euroPerYear: '36.50' }], '2026-06-30').toString()).toBe('0');
  });

  it('net savings are savings minus the fees of the recorded days (worked example)', () => {
    // 30 days × 3.80 € = 114.00 € savings; 30 × 0.10 € = 3.00 € fees; net 111.00 €.
    const recorded = days('2026-06-01', 30);
    const june = sumPeriod(recorded, '2026-06-01', '2026-06-30');
    expect(netSavingsExplanation(june, fee, recorded)).toMatchObject({
      figure: 'netSavings',
      result: { value: '111.00', unit: 'EUR' },
      inputs: [
        { name: 'savings', value: '114.00' },
        { name: 'meteringFees', value: '3.00' },
      ],
    });
    expect(meteringFeesExplanation(june, fee, recorded).inputs).toEqual([
      { name: 'meteringFee', value: '36.50', unit: 'EUR/year', source: 'entered', validFrom: '2020-01-01', validTo: null },
      { name: 'recordedDays', value: '30', unit: 'days', source: 'iot' },
    ]);
  });

  it('projects the amortisation date from the average of the recorded days, and says so (worked example)', () => {
    // Investment 1,000 € (offer). 30 recorded days at 3.70 € net = 111.00 €; remaining 889.00 €;
    // 889 ÷ 3.70 = 240.27… → 241 more days after 30 June 2026 → 26 February 2027.
    const result = amortisation({ amountEur: '1000', source: 'offer' }, days('2026-06-01', 30), fee);
    expect(result?.status).toBe('projected');
    expect(result?.date).toBe('2027-02-26');
    expect(result?.explanation).toEqual({
      figure: 'amortisation',
      formula: 'amortisationProjected',
      result: { value: '2027-02-26', unit: 'date' },
      period: { from: '2026-06-01', to: '2026-06-30', days: 30, daysWithData: 30 },
      inputs: [
        { name: 'investment', value: '1000.00', unit: 'EUR', source: 'offer' },
        { name: 'cumulativeNetSavings', value: '111.00', unit: 'EUR', source: 'computed' },
        { name: 'recordedDays', value: '30', unit: 'days', source: 'iot' },
        { name: 'averageDailyNetSavings', value: '3.7', unit: 'EUR', source: 'computed' },
        { name: 'remainingAmount', value: '889.00', unit: 'EUR', source: 'computed' },
      ],
      notes: ['projectionFromAverage', 'lessThanAYear', 'noInterestNoPriceChange'],
    });
  });

  it('names the day the net savings reached the investment once they did', () => {
    // 100 € entered: 3.70 € a day → after 27 days 99.90 €, after 28 days 103.60 € → 28 June 2026.
    const result = amortisation({ amountEur: '100', source: 'entered' }, days('2026-06-01', 30), fee);
    expect(result).toMatchObject({ status: 'reached', date: '2026-06-28' });
    expect(result?.explanation.formula).toBe('amortisationReached');
    expect(result?.explanation.notes).toEqual([]);
  });

  it('has no date when the fees eat the savings, and nothing to say without a recorded day', () => {
    const result = amortisation({ amountEur: '1000', source: 'entered' }, days('2026-06-01', 3), [{ from: '2020-01-01', to: null, euroPerYear: '3650' }]);
    expect(result).toMatchObject({ status: 'never', date: null });
    expect(result?.explanation.formula).toBe('amortisationNever');
    expect(amortisation({ amountEur: '1000', source: 'entered' }, [], fee)).toBeUndefined();
  });

  it('after a whole year the pace is the latest 365 days, and a missing day is said', () => {
    const recorded = [...days('2025-01-01', 200), ...days('2025-07-20', 300)];
    const result = amortisation({ amountEur: '5000', source: 'offer' }, recorded, fee);
    expect(result?.explanation.notes).toEqual(['projectionFromAverage', 'noInterestNoPriceChange']);
    expect(result?.explanation.inputs.find((i) => i.name === 'averageDailyNetSavings')?.value).toBe('3.7');
    const withGap = amortisation({ amountEur: '5000', source: 'offer' }, [...days('2025-01-01', 10), ...days('2025-01-20', 10)], fee);
    expect(withGap?.explanation.notes[0]).toBe('daysWithoutData');
    expect(withGap?.explanation.period).toEqual({ from: '2025-01-01', to: '2025-01-29', days: 29, daysWithData: 20 });
  });

  it('the effective price per kWh: (import cost + fees − feed-in revenue [+ investment share]) ÷ consumption (worked example)', () => {
    // A day at 30.00 ct: consumption 20 kWh, import 10 kWh → 3.00 €; feed-in 5 kWh at 8.00 ct → 0.40 €; fee 0.10 €.
    // (3.00 + 0.10 − 0.40) ÷ 20 kWh = 0.135 € = 13.50 ct/kWh (without the installation: 30.00 ct).
    // With 14,610 € investment spread over 20 years (7,305 days): 2.00 € for the day → (2.70 + 2.00) ÷ 20 = 23.50 ct.
    const recorded = valueDays([interval('2026-06-01T12:00:00+02:00', 60, { pvWh: 15_000, importWh: 10_000, exportWh: 5_000 })], { prices, feedInRate: rate });
    const day = sumPeriod(recorded, '2026-06-01', '2026-06-01');
    expect(effectivePriceExplanation(day, fee, recorded).result).toEqual({ value: '13.50', unit: 'ct/kWh' });
    const withInvestment = effectivePriceExplanation(day, fee, recorded, { amountEur: '14610', source: 'offer' });
    expect(withInvestment.result.value).toBe('23.50');
    expect(withInvestment.inputs.find((i) => i.name === 'investmentShare')?.value).toBe('2.00');
  });
});
