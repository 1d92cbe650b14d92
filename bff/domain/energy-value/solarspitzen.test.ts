import { describe, expect, it } from 'vitest';
import { tableFeedInRate, type FeedInRate } from './eeg-rates.ts';
import { berlinDateOf } from './intervals.ts';
import {
  capHoldsOn,
  capLossExplanation,
  feedInCap,
  fullLoadQuarterHours,
  negativePriceRuleStart,
  paymentExtension,
  paymentExtensionExplanation,
  solarspitzenDays,
  unpaidFeedInExplanation,
  type InstallationFacts,
} from './solarspitzen.ts';
import { interval } from './test-builders.ts';
import type { DayAheadPrice } from './tariffs.ts';

const jonas: InstallationFacts = { commissionedOn: '2025-04-15', peakPowerKwp: 9.8, smartMeterInstalledOn: null, controlBoxWorkingOn: null };
const rate = tableFeedInRate({ commissionedOn: '2025-04-15', peakPowerKwp: 9.8, mode: 'partial' }) as FeedInRate;
const spot = (start: string, minutes: number, eurPerMwh: string): DayAheadPrice => ({ startMs: Date.parse(start), endMs: Date.parse(start) + minutes * 60_000, eurPerMwh });

describe('Solarspitzen: unpaid feed-in at negative prices, the extension after 20 years, the 60 % cap', () => {
  it('§ 51 takes the payment of new plants from 2 kWp; below 100 kWp only from the January after the smart meter came', () => {
    expect(negativePriceRuleStart(jonas)).toBeNull();
    expect(negativePriceRuleStart({ ...jonas, smartMeterInstalledOn: '2025-09-10' })).toBe('2026-01-01');
    expect(negativePriceRuleStart({ ...jonas, peakPowerKwp: 150 })).toBe('2025-04-15');
    expect(negativePriceRuleStart({ ...jonas, peakPowerKwp: 1.6, smartMeterInstalledOn: '2025-09-10' })).toBeNull();
    // Commissioned the day before the law: only by opting in (§ 100 (47)), not before the declaration.
    const older = { ...jonas, commissionedOn: '2025-02-24', smartMeterInstalledOn: '2025-11-01' };
    expect(negativePriceRuleStart(older)).toBeNull();
    expect(negativePriceRuleStart({ ...older, optInDeclaredOn: '2026-03-01' })).toBe('2026-03-01');
    expect(negativePriceRuleStart({ ...older, optInDeclaredOn: '2025-12-01' })).toBe('2026-01-01');
  });

  it('the 60 % cap holds for new plants below 100 kWp until smart meter and control box both work', () => {
    const cap = feedInCap(jonas);
    expect(cap).toMatchObject({ applies: true, liftedOn: null, missing: ['smartMeter', 'controlBox'] });
    expect(cap.capKw?.toString()).toBe('5.88');
    const lifted = feedInCap({ ...jonas, smartMeterInstalledOn: '2025-09-10', controlBoxWorkingOn: '2025-10-01' });
    expect(lifted).toMatchObject({ applies: true, liftedOn: '2025-10-01', missing: [] });
    expect(capHoldsOn(lifted, '2025-09-30')).toBe(true);
    expect(capHoldsOn(lifted, '2025-10-01')).toBe(false);
    expect(feedInCap({ ...jonas, smartMeterInstalledOn: '2025-09-10' }).missing).toEqual(['controlBox']);
    expect(feedInCap({ ...jonas, commissionedOn: '2024-06-01' }).applies).toBe(false);
    expect(feedInCap({ ...jonas, peakPowerKwp: 100 }).applies).toBe(false);
  });

  it('per day: negative quarter hours, the feed-in during them, what it would have earned, the cap loss (worked example)', () => {
    // 9.8 kWp with a smart meter since 2025 (rule from 1 Jan 2026), no control box yet (cap 5.88 kW).
    // 21 June 2026, day-ahead negative 13:00–14:00 (four quarter hours at −10 €/MWh), positive at 14:00.
    //   13:00 feed-in 1.5 kWh (6.0 kW for the quarter hour: 0.12 kW above the cap → 0.12 × 0.25 = 0.03 kWh held back)
    //   13:15 feed-in 1.0 kWh (4.0 kW, under the cap); 14:00 feed-in 1.0 kWh (paid)
    //   unpaid: 2.5 kWh × 7.94 ct = 19.85 ct = 0.1985 €; counted quarter hours 4 → 2 full-load quarter hours.
    const facts = { ...jonas, smartMeterInstalledOn: '2025-09-10' };
    const intervals = [
      interval('2026-06-21T13:00:00+02:00', 15, { pvWh: 1_700, exportWh: 1_500 }),
      interval('2026-06-21T13:15:00+02:00', 15, { pvWh: 1_200, exportWh: 1_000 }),
      interval('2026-06-21T14:00:00+02:00', 15, { pvWh: 1_200, exportWh: 1_000 }),
    ];
    const prices = [0, 15, 30, 45].map((m) => spot(`2026-06-21T13:${String(m).padStart(2, '0')}:00+02:00`, 15, '-10.00'));
    prices.push(spot('2026-06-21T14:00:00+02:00', 15, '3.50'));
    const [day] = solarspitzenDays(facts, intervals, prices, rate, berlinDateOf);
    expect(day).toMatchObject({ date: '2026-06-21', negativeQuarterHours: 4, ruleApplies: true, cumulativeQuarterHours: 4, cumulativeFullLoadQuarterHours: 2 });
    expect(day?.feedInKwh.toString()).toBe('2.5');
    expect(day?.unpaidEur.toString()).toBe('0.1985');
    expect(day?.capLossKwh.toString()).toBe('0.03');
    expect(unpaidFeedInExplanation(day ? [day] : [], rate)).toMatchObject({
      figure: 'unpaidFeedIn',
      result: { value: '0.20', unit: 'EUR' },
      inputs: [
        { name: 'negativeQuarterHours', value: '4' },
        { name: 'unpaidFeedInKwh', value: '2.5' },
        { name: 'feedInRate', value: '7.94', source: 'eegTable' },
      ],
      notes: ['solarspitzenApplies'],
    });
    expect(capLossExplanation(facts, day ? [day] : []).result).toEqual({ value: '0.03', unit: 'kWh' });
  });

  it('before the rule applies the negative quarter hours are shown but neither unpaid nor counted; an hour of hourly prices is four', () => {
    const intervals = [interval('2025-06-01T13:00:00+02:00', 15, { pvWh: 1_000, exportWh: 800 })];
    const [day] = solarspitzenDays(jonas, intervals, [spot('2025-06-01T13:00:00+02:00', 60, '-5.00')], rate, berlinDateOf);
    expect(day).toMatchObject({ negativeQuarterHours: 4, ruleApplies: false, cumulativeQuarterHours: 0 });
    expect(day?.feedInKwh.toString()).toBe('0.8');
    expect(day?.unpaidEur.toString()).toBe('0');
  });

  it('§ 51a: quarter hours count half, rounded up, spent against the monthly table from the January after the 20 years', () => {
    expect(fullLoadQuarterHours(7)).toBe(4);
    // 1,000 quarter hours → 500 full-load quarter hours: January 87, February 189 (276), March 340 (616 ≥ 500) → 3 months.
    expect(paymentExtension('2025-04-15', 1_000)).toEqual({ regularEnd: '2045-12-31', fullLoadQuarterHours: 500, months: 3, extendedEnd: '2046-03-31' });
    expect(paymentExtension('2025-04-15', 0)).toEqual({ regularEnd: '2045-12-31', fullLoadQuarterHours: 0, months: 0, extendedEnd: '2045-12-31' });
    // The table's year holds 3,800: 7,600 quarter hours fill exactly one year, two more start the next January.
    expect(paymentExtension('2025-04-15', 7_600).extendedEnd).toBe('2046-12-31');
    expect(paymentExtension('2025-04-15', 7_602)).toMatchObject({ months: 13, extendedEnd: '2047-01-31' });
    expect(paymentExtensionExplanation('2025-04-15', 1_000)).toMatchObject({ result: { value: '3', unit: 'months' }, inputs: [{ value: '1000' }, { value: '500' }] });
  });
});
