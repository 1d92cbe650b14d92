import type { Explanation, ExplanationInput } from '../../contracts/energy-value.ts';
import { Money, type MoneyValue } from '../money/amounts.ts';

/**
 * The EEG feed-in rates (Einspeisevergütung) of rooftop PV up to 100 kWp by commissioning date, size class and feed-in
 * mode, with the rule that produces them. Sources and decisions: docs/energy-value.md, "EEG feed-in rates". A rate is
 * fixed at commissioning for the commissioning year and 20 more calendar years.
 */

/** Teileinspeisung (surplus feed-in beside own consumption) or Volleinspeisung (everything fed in, § 48 (2a) EEG). */
export type FeedInMode = 'partial' | 'full';

/** Upper limits of the size classes, kWp: a plant's rate is the capacity-weighted mix of the classes it spans (§ 23c). */
export const SIZE_CLASS_LIMITS_KWP = [10, 40, 100] as const;

export interface RateTablePeriod {
  /** First commissioning day (inclusive) and last (inclusive), Berlin calendar dates. */
  from: string;
  to: string;
  /** ct/kWh for the classes up to 10, 40 and 100 kWp. */
  partial: readonly [string, string, string];
  full: readonly [string, string, string];
  /** `published`: the Bundesnetzagentur's published values; `computed`: ours, by the § 49 rule (docs/energy-value.md). */
  status: 'published' | 'computed';
}

/**
 * The anzulegende Werte of § 48 (2) and (2a) EEG 2023 for commissioning from 30 July 2022 (before the half-yearly
 * degression), ct/kWh. The payment is the value minus 0.4 ct/kWh (§ 53 (1)).
 */
const BASE_VALUES = { partial: ['8.6', '7.5', '6.2'], full: ['13.4', '11.3', '11.3'] } as const;
const FEED_IN_TARIFF_DEDUCTION = '0.4';
/** First commissioning day of the EEG 2023 values, and the first of the half-yearly 1 % degression (§ 49). */
export const FIRST_TABLE_DAY = '2022-07-30';
const FIRST_DEGRESSION_DAY = '2024-02-01';

/** The payment of the n-th half-year after 1 Feb 2024 (n = 0 before it): value × 0.99^n from unrounded values, rounded. */
export function degressedRate(base: string, steps: number): MoneyValue {
  return new Money(base).times(new Money('0.99').pow(steps)).toDecimalPlaces(2, Money.ROUND_HALF_UP).minus(FEED_IN_TARIFF_DEDUCTION);
}

const cents = (value: MoneyValue) => value.toFixed(2);
const rates = (mode: FeedInMode, steps: number) => BASE_VALUES[mode].map((base) => cents(degressedRate(base, steps))) as unknown as readonly [string, string, string];

/**
 * The table. Published: Bundesnetzagentur, "EEG-Registerdaten und -Fördersätze" (the values for each half-year);
 * computed: the half-year from 1 August 2026, for which our sources disagree in the last digit (docs/energy-value.md).
 * The test holds every published row against the § 49 rule.
 */
export const EEG_RATE_TABLE: readonly RateTablePeriod[] = [
  { from: '2022-07-30', to: '2024-01-31', partial: ['8.20', '7.10', '5.80'], full: ['13.00', '10.90', '10.90'], status: 'published' },
  { from: '2024-02-01', to: '2024-07-31', partial: ['8.11', '7.03', '5.74'], full: ['12.87', '10.79', '10.79'], status: 'published' },
  { from: '2024-08-01', to: '2025-01-31', partial: ['8.03', '6.95', '5.68'], full: ['12.73', '10.68', '10.68'], status: 'published' },
  { from: '2025-02-01', to: '2025-07-31', partial: ['7.94', '6.88', '5.62'], full: ['12.60', '10.56', '10.56'], status: 'published' },
  { from: '2025-08-01', to: '2026-01-31', partial: ['7.86', '6.80', '5.56'], full: ['12.47', '10.45', '10.45'], status: 'published' },
  { from: '2026-02-01', to: '2026-07-31', partial: ['7.78', '6.73', '5.50'], full: ['12.34', '10.35', '10.35'], status: 'published' },
  { from: '2026-08-01', to: '2027-01-31', partial: rates('partial', 6), full: rates('full', 6), status: 'computed' },
];

/** Half-years of degression before a commissioning day (0 before 1 Feb 2024). */
export function degressionSteps(commissionedOn: string): number {
  if (commissionedOn < FIRST_DEGRESSION_DAY) return 0;
  const [year, month] = [Number(commissionedOn.slice(0, 4)), Number(commissionedOn.slice(5, 7))];
  // 1 Feb 2024 is step 1; each 1 Feb and 1 Aug after adds one (January still has the previous August's step).
  return (year - 2024) * 2 + (month >= 8 ? 2 : month >= 2 ? 1 : 0);
}

export function ratePeriodOf(commissionedOn: string): RateTablePeriod | undefined {
  return EEG_RATE_TABLE.find((p) => p.from <= commissionedOn && commissionedOn <= p.to);
}

/** The capacity of a plant in each size class, kWp (a 15 kWp plant: 10 in the first, 5 in the second). */
export function classShares(peakPowerKwp: MoneyValue): MoneyValue[] {
  let lower = new Money(0);
  return SIZE_CLASS_LIMITS_KWP.map((limit) => {
    const share = Money.max(0, Money.min(peakPowerKwp, limit).minus(lower));
    lower = new Money(limit);
    return share;
  });
}

export interface FeedInRate {
  /** ct/kWh, unrounded (a weighted mix may have many decimals); round only to show it. */
  centsPerKwh: MoneyValue;
  source: 'eegTable' | 'entered';
  explanation: Explanation;
}

export interface TableRateRequest {
  /** Berlin calendar date of commissioning. */
  commissionedOn: string;
  peakPowerKwp: string | number;
  mode: FeedInMode;
}

/**
 * The feed-in rate from the table, or undefined where the table has none: commissioned before 30 July 2022 or after
 * its last row, or more than 100 kWp (such plants sell directly, § 21 (1)). The caller then asks the customer for the
 * rate on the grid operator's letter (`enteredFeedInRate`).
 */
export function tableFeedInRate(request: TableRateRequest): FeedInRate | undefined {
  const period = ratePeriodOf(request.commissionedOn);
  const peak = new Money(request.peakPowerKwp);
  if (!period || peak.lte(0) || peak.gt(SIZE_CLASS_LIMITS_KWP[2])) return undefined;
  const classRates = period[request.mode];
  const shares = classShares(peak);
  const weighted = shares.reduce((sum, share, i) => sum.plus(share.times(classRates[i] ?? '0')), new Money(0)).div(peak);
  const inputs: ExplanationInput[] = [
    { name: 'peakPowerKwp', value: peak.toString(), unit: 'kWp', source: 'iot' },
    ...shares.flatMap((share, i): ExplanationInput[] =>
      share.isZero()
        ? []
        : [
            { name: 'rateClassShare', value: share.toString(), unit: 'kWp', source: 'computed', detail: String(SIZE_CLASS_LIMITS_KWP[i]) },
            { name: 'feedInRate', value: classRates[i] ?? '0', unit: 'ct/kWh', source: 'eegTable', detail: String(SIZE_CLASS_LIMITS_KWP[i]), validFrom: period.from, validTo: period.to },
          ],
    ),
  ];
  return {
    centsPerKwh: weighted,
    source: 'eegTable',
    explanation: {
      figure: 'feedInRate',
      formula: 'feedInRateTable',
      result: { value: weighted.toDecimalPlaces(4, Money.ROUND_HALF_UP).toString(), unit: 'ct/kWh' },
      period: null,
      inputs,
      notes: period.status === 'computed' ? ['rateComputed'] : [],
    },
  };
}

/** A rate the customer entered (from the grid operator's letter), in ct/kWh. */
export function enteredFeedInRate(centsPerKwh: string): FeedInRate {
  const value = new Money(centsPerKwh);
  return {
    centsPerKwh: value,
    source: 'entered',
    explanation: {
      figure: 'feedInRate',
      formula: 'feedInRateEntered',
      result: { value: value.toString(), unit: 'ct/kWh' },
      period: null,
      inputs: [{ name: 'feedInRate', value: value.toString(), unit: 'ct/kWh', source: 'entered' }],
      notes: ['rateEntered'],
    },
  };
}
