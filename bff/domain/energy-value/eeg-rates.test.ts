import { describe, expect, it } from 'vitest';
import { classShares, degressedRate, degressionSteps, EEG_RATE_TABLE, enteredFeedInRate, ratePeriodOf, tableFeedInRate } from './eeg-rates.ts';
import { Money } from '../money/amounts.ts';

describe('EEG feed-in rates', () => {
  it('every published row is what the § 49 rule gives: 1 % a half-year from unrounded values, rounded, minus 0.4 ct', () => {
    for (const period of EEG_RATE_TABLE) {
      const steps = degressionSteps(period.from);
      expect(period.partial, period.from).toEqual(['8.6', '7.5', '6.2'].map((base) => degressedRate(base, steps).toFixed(2)));
      expect(period.full, period.from).toEqual(['13.4', '11.3', '11.3'].map((base) => degressedRate(base, steps).toFixed(2)));
    }
    // Rounding the previous half-year's value first would give 8.02 for August 2024; the published value is 8.03.
    expect(degressedRate('8.6', 2).toFixed(2)).toBe('8.03');
  });

  it('the rows follow each other without gaps from 30 July 2022, half-year by half-year', () => {
    expect(EEG_RATE_TABLE[0]?.from).toBe('2022-07-30');
    for (let i = 1; i < EEG_RATE_TABLE.length; i++) {
      const previousEnd = new Date(`${EEG_RATE_TABLE[i - 1]?.to}T00:00:00Z`);
      previousEnd.setUTCDate(previousEnd.getUTCDate() + 1);
      expect(EEG_RATE_TABLE[i]?.from).toBe(previousEnd.toISOString().slice(0, 10));
    }
    expect(degressionSteps('2024-01-31')).toBe(0);
    expect(degressionSteps('2024-02-01')).toBe(1);
    expect(degressionSteps('2025-01-31')).toBe(2);
    expect(degressionSteps('2025-02-01')).toBe(3);
    expect(degressionSteps('2026-08-01')).toBe(6);
    expect(ratePeriodOf('2026-11-27')?.status).toBe('computed');
  });

  it('a plant up to 10 kWp gets the first class: Jonas\' 9.8 kWp of 15 April 2025, partial feed-in: 7.94 ct/kWh', () => {
    const rate = tableFeedInRate({ commissionedOn: '2025-04-15', peakPowerKwp: 9.8, mode: 'partial' });
    expect(rate?.centsPerKwh.toString()).toBe('7.94');
    expect(rate?.explanation).toEqual({
      figure: 'feedInRate',
      formula: 'feedInRateTable',
      result: { value: '7.94', unit: 'ct/kWh' },
      period: null,
      inputs: [
        { name: 'peakPowerKwp', value: '9.8', unit: 'kWp', source: 'iot' },
        { name: 'rateClassShare', value: '9.8', unit: 'kWp', source: 'computed', detail: '10' },
        { name: 'feedInRate', value: '7.94', unit: 'ct/kWh', source: 'eegTable', detail: '10', validFrom: '2025-02-01', validTo: '2025-07-31' },
      ],
      notes: [],
    });
  });

  it('a larger plant gets the capacity-weighted mix of its classes (§ 23c)', () => {
    // 15 kWp, partial, commissioned 1 March 2025: (10 × 7.94 + 5 × 6.88) / 15 = (79.4 + 34.4) / 15 = 113.8 / 15 = 7.58666… ct/kWh
    const fifteen = tableFeedInRate({ commissionedOn: '2025-03-01', peakPowerKwp: 15, mode: 'partial' });
    expect(fifteen?.centsPerKwh.toDecimalPlaces(6).toString()).toBe('7.586667');
    expect(fifteen?.explanation.result.value).toBe('7.5867');
    // 60 kWp full feed-in, 1 September 2025: (10 × 12.47 + 30 × 10.45 + 20 × 10.45) / 60 = (124.7 + 522.5) / 60 = 10.78666… ct/kWh
    const sixty = tableFeedInRate({ commissionedOn: '2025-09-01', peakPowerKwp: 60, mode: 'full' });
    expect(sixty?.centsPerKwh.toDecimalPlaces(4).toString()).toBe('10.7867');
    expect(classShares(new Money(60)).map(String)).toEqual(['10', '30', '20']);
  });

  it('has no rate before 30 July 2022, after its last row or above 100 kWp; an entered rate says so', () => {
    expect(tableFeedInRate({ commissionedOn: '2022-07-29', peakPowerKwp: 8, mode: 'partial' })).toBeUndefined();
    expect(tableFeedInRate({ commissionedOn: '2027-02-01', peakPowerKwp: 8, mode: 'partial' })).toBeUndefined();
    expect(tableFeedInRate({ commissionedOn: '2025-02-01', peakPowerKwp: 100.5, mode: 'partial' })).toBeUndefined();
    expect(tableFeedInRate({ commissionedOn: '2026-09-01', peakPowerKwp: 8, mode: 'partial' })?.explanation.notes).toEqual(['rateComputed']);
    const entered = enteredFeedInRate('12.31');
    expect(entered.centsPerKwh.toString()).toBe('12.31');
    expect(entered.explanation.notes).toEqual(['rateEntered']);
  });
});
