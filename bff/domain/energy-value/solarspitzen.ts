import type { Explanation, ExplanationInput } from '../../contracts/energy-value.ts';
import { Money, type MoneyValue } from '../money/amounts.ts';
import type { IntervalEnergy } from './intervals.ts';
import type { FeedInRate } from './eeg-rates.ts';
import type { DayAheadPrice } from './tariffs.ts';

/**
 * The 2025 rules for new PV (Solarspitzengesetz, in force 25 February 2025; docs/energy-value.md, "Solarspitzen"):
 * no feed-in payment in quarter hours with a negative day-ahead price (§ 51 EEG), the lost quarter hours appended after
 * the 20 years (§ 51a), and the 60 % feed-in cap until a smart meter and a control box work (§ 9). Pure functions.
 */

export const SOLARSPITZEN_START = '2025-02-25';
/** § 51 (2): below this the rule waits for a determination of the Bundesnetzagentur (none yet). */
const SMALLEST_KWP = 2;
/** § 51 (2) Nr. 1 and § 9: plants below this wait for the smart meter (negative prices) or are capped (60 %). */
const SMART_METER_THRESHOLD_KWP = 100;
export const FEED_IN_CAP_SHARE = '0.6';
/** § 51a (2): solar quarter hours count half (rounded up) and are spent against this table, January to December. */
export const FULL_LOAD_QUARTER_HOURS_PER_MONTH = [87, 189, 340, 442, 490, 508, 498, 453, 371, 231, 118, 73] as const;
/** The payment runs for the commissioning year and 20 more calendar years (§ 25 (1)). */
const PAYMENT_YEARS = 20;

export interface InstallationFacts {
  /** Berlin calendar date of commissioning. */
  commissionedOn: string;
  peakPowerKwp: string | number;
  /** When the smart meter (intelligentes Messsystem) was installed; null while there is none. */
  smartMeterInstalledOn: string | null;
  /** When the control box (Steuerungseinrichtung) works and the grid operator tested it; null while not. */
  controlBoxWorkingOn: string | null;
  /**
   * An older installation whose operator opted into the rule (§ 100 (47), with 0.6 ct/kWh more): the day of the
   * declaration; null or absent otherwise.
   */
  optInDeclaredOn?: string | null;
}

const firstOfNextYear = (date: string) => `${Number(date.slice(0, 4)) + 1}-01-01`;
const later = (a: string, b: string) => (a > b ? a : b);

/**
 * The first day on which § 51 takes the payment of negative quarter hours, or null while it does not (yet):
 * - commissioned from 25 Feb 2025, 100 kWp or more: from commissioning;
 * - commissioned from 25 Feb 2025, 2 to 100 kWp: from 1 January after the year the smart meter was installed;
 * - below 2 kWp: not until the Bundesnetzagentur determines otherwise;
 * - commissioned earlier: only after an opt-in, from 1 January after the smart meter's year (not before the declaration).
 */
export function negativePriceRuleStart(facts: InstallationFacts): string | null {
  const peak = new Money(facts.peakPowerKwp);
  if (facts.commissionedOn >= SOLARSPITZEN_START) {
    if (peak.lt(SMALLEST_KWP)) return null;
    if (peak.gte(SMART_METER_THRESHOLD_KWP)) return facts.commissionedOn;
    return facts.smartMeterInstalledOn === null ? null : later(firstOfNextYear(facts.smartMeterInstalledOn), facts.commissionedOn);
  }
  if (!facts.optInDeclaredOn || facts.smartMeterInstalledOn === null) return null;
  return later(firstOfNextYear(facts.smartMeterInstalledOn), facts.optInDeclaredOn);
}

export function negativePriceRuleApplies(facts: InstallationFacts, date: string): boolean {
  const start = negativePriceRuleStart(facts);
  return start !== null && date >= start;
}

export interface FeedInCap {
  /** Whether the 60 % cap binds the installation at all (new, below 100 kWp, feed-in tariff). */
  applies: boolean;
  /** The cap in kW (60 % of the installed PV power); null when it does not apply. */
  capKw: MoneyValue | null;
  /** The day the cap ended (smart meter and control box both working), null while it holds. */
  liftedOn: string | null;
  /** What is still missing to lift it. */
  missing: ('smartMeter' | 'controlBox')[];
}

/** The 60 % cap of § 9 for new plants below 100 kWp until a smart meter and a working control box lift it. */
export function feedInCap(facts: InstallationFacts): FeedInCap {
  const peak = new Money(facts.peakPowerKwp);
  const applies = facts.commissionedOn >= SOLARSPITZEN_START && peak.gte(SMALLEST_KWP) && peak.lt(SMART_METER_THRESHOLD_KWP);
  const missing = [...(facts.smartMeterInstalledOn === null ? ['smartMeter' as const] : []), ...(facts.controlBoxWorkingOn === null ? ['controlBox' as const] : [])];
  return {
    applies,
    capKw: applies ? peak.times(FEED_IN_CAP_SHARE) : null,
    liftedOn: applies && missing.length === 0 ? later(facts.smartMeterInstalledOn as string, facts.controlBoxWorkingOn as string) : null,
    missing: applies ? missing : [],
  };
}

/** Whether the cap holds on a day. */
export function capHoldsOn(cap: FeedInCap, date: string): boolean {
  return cap.applies && (cap.liftedOn === null || date < cap.liftedOn);
}

export interface SolarspitzenDay {
  date: string;
  /** Quarter hours of the day with a negative day-ahead price (an hour of hourly prices counts four). */
  negativeQuarterHours: number;
  /** Whether § 51 took their payment on this day. */
  ruleApplies: boolean;
  /** kWh fed in during those quarter hours (unpaid where the rule applies). */
  feedInKwh: MoneyValue;
  /** What that feed-in would have earned at the installation's rate (EUR). */
  unpaidEur: MoneyValue;
  /** kWh the 60 % cap held back (15-minute feed-in power above the cap). */
  capLossKwh: MoneyValue;
  /** Running totals since commissioning: quarter hours the rule counted, and their full-load quarter hours (§ 51a). */
  cumulativeQuarterHours: number;
  cumulativeFullLoadQuarterHours: number;
}

const QUARTER_HOUR_MS = 900_000;

/**
 * Per day: the negative quarter hours, the feed-in during them (unpaid where § 51 applies), what the cap held back, and
 * the running balance of § 51a. `intervals` are the 15-minute energies (a gap feeds nothing in, as far as anyone knows;
 * docs/energy-value.md), `dayAhead` the day-ahead prices of the same days, `rate` the installation's feed-in rate.
 */
export function solarspitzenDays(
  facts: InstallationFacts,
  intervals: readonly IntervalEnergy[],
  dayAhead: readonly DayAheadPrice[],
  rate: FeedInRate,
  berlinDateOf: (ms: number) => string,
): SolarspitzenDay[] {
  const cap = feedInCap(facts);
  const days = new Map<string, { negative: number; feedInWh: number; capLossWh: number }>();
  const dayOf = (date: string) => {
    let day = days.get(date);
    if (!day) {
      day = { negative: 0, feedInWh: 0, capLossWh: 0 };
      days.set(date, day);
    }
    return day;
  };
  const negativeStarts = new Set<number>();
  for (const price of dayAhead) {
    if (!new Money(price.eurPerMwh).isNegative() || new Money(price.eurPerMwh).isZero()) continue;
    for (let t = price.startMs; t < price.endMs; t += QUARTER_HOUR_MS) {
      negativeStarts.add(t);
      dayOf(berlinDateOf(t)).negative += 1;
    }
  }
  const capW = cap.capKw === null ? null : cap.capKw.times(1000).toNumber();
  for (const interval of intervals) {
    const day = dayOf(interval.date);
    if (negativeStarts.has(interval.startMs)) day.feedInWh += interval.exportWh;
    if (capW !== null && capHoldsOn(cap, interval.date)) {
      const hours = (interval.endMs - interval.startMs) / 3_600_000;
      day.capLossWh += Math.max(0, interval.exportWh / hours - capW) * hours;
    }
  }
  let quarterHours = 0;
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .filter(([date]) => date >= facts.commissionedOn)
    .map(([date, day]) => {
      const ruleApplies = negativePriceRuleApplies(facts, date);
      if (ruleApplies) quarterHours += day.negative;
      const feedInKwh = new Money(day.feedInWh).div(1000);
      return {
        date,
        negativeQuarterHours: day.negative,
        ruleApplies,
        feedInKwh,
        unpaidEur: ruleApplies ? feedInKwh.times(rate.centsPerKwh).div(100) : new Money(0),
        capLossKwh: new Money(day.capLossWh).div(1000),
        cumulativeQuarterHours: quarterHours,
        cumulativeFullLoadQuarterHours: fullLoadQuarterHours(quarterHours),
      };
    });
}

/** § 51a (2): solar quarter hours × 0.5, rounded up to the next whole quarter hour. */
export function fullLoadQuarterHours(quarterHours: number): number {
  return Math.ceil(quarterHours / 2);
}

export interface PaymentExtension {
  /** The last day of the regular payment period: 31 December of the 20th year after the commissioning year. */
  regularEnd: string;
  fullLoadQuarterHours: number;
  /** Whole months appended (the last one may be used in part). */
  months: number;
  /** The last day of the extended period (end of the month that uses up the balance); = regularEnd without any. */
  extendedEnd: string;
}

/**
 * The extension the counted quarter hours earn (§ 51a (2)): their full-load quarter hours are spent month by month from
 * the January after the regular end against the statutory table; the payment ends with the month that uses the last.
 */
export function paymentExtension(commissionedOn: string, quarterHours: number): PaymentExtension {
  const endYear = Number(commissionedOn.slice(0, 4)) + PAYMENT_YEARS;
  const regularEnd = `${endYear}-12-31`;
  let balance = fullLoadQuarterHours(quarterHours);
  const total = balance;
  let months = 0;
  while (balance > 0) {
    balance -= FULL_LOAD_QUARTER_HOURS_PER_MONTH[months % 12] ?? 0;
    months += 1;
  }
  const year = endYear + Math.floor((months - 1) / 12) + 1;
  const month = ((months - 1) % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return {
    regularEnd,
    fullLoadQuarterHours: total,
    months,
    extendedEnd: months === 0 ? regularEnd : `${year}-${String(month).padStart(2, '0')}-${String(lastDay).padStart(2, '0')}`,
  };
}

const kwh = (value: MoneyValue) => value.toDecimalPlaces(3, Money.ROUND_HALF_UP).toString();

/** "Wie berechnet?" of the unpaid feed-in over some days. */
export function unpaidFeedInExplanation(days: readonly SolarspitzenDay[], rate: FeedInRate): Explanation {
  const applying = days.filter((d) => d.ruleApplies);
  const feedIn = applying.reduce((sum, d) => sum.plus(d.feedInKwh), new Money(0));
  const eur = applying.reduce((sum, d) => sum.plus(d.unpaidEur), new Money(0));
  return {
    figure: 'unpaidFeedIn',
    formula: 'unpaidFeedIn',
    result: { value: eur.toDecimalPlaces(2, Money.ROUND_HALF_UP).toFixed(2), unit: 'EUR' },
    period: days.length === 0 ? null : { from: days[0]?.date as string, to: days.at(-1)?.date as string, days: days.length, daysWithData: days.length },
    inputs: [
      { name: 'negativeQuarterHours', value: String(applying.reduce((sum, d) => sum + d.negativeQuarterHours, 0)), unit: 'quarterHours', source: 'dayAhead' },
      { name: 'unpaidFeedInKwh', value: kwh(feedIn), unit: 'kWh', source: 'iot' },
      { name: 'feedInRate', value: rate.centsPerKwh.toString(), unit: 'ct/kWh', source: rate.source },
    ],
    notes: applying.length > 0 ? ['solarspitzenApplies'] : [],
  };
}

/** "Wie berechnet?" of the extension after the 20 years. */
export function paymentExtensionExplanation(commissionedOn: string, quarterHours: number): Explanation {
  const extension = paymentExtension(commissionedOn, quarterHours);
  const inputs: ExplanationInput[] = [
    { name: 'negativeQuarterHours', value: String(quarterHours), unit: 'quarterHours', source: 'dayAhead' },
    { name: 'fullLoadQuarterHours', value: String(extension.fullLoadQuarterHours), unit: 'quarterHours', source: 'law' },
  ];
  return {
    figure: 'paymentExtension',
    formula: 'paymentExtension',
    result: { value: String(extension.months), unit: 'months' },
    period: null,
    inputs,
    notes: ['extensionAfterTwentyYears'],
  };
}

/** "Wie berechnet?" of what the 60 % cap held back. */
export function capLossExplanation(facts: InstallationFacts, days: readonly SolarspitzenDay[]): Explanation {
  const cap = feedInCap(facts);
  const lost = days.reduce((sum, d) => sum.plus(d.capLossKwh), new Money(0));
  return {
    figure: 'capLoss',
    formula: 'capLoss',
    result: { value: kwh(lost), unit: 'kWh' },
    period: days.length === 0 ? null : { from: days[0]?.date as string, to: days.at(-1)?.date as string, days: days.length, daysWithData: days.length },
    inputs: [
      { name: 'peakPowerKwp', value: new Money(facts.peakPowerKwp).toString(), unit: 'kWp', source: 'iot' },
      ...(cap.capKw ? [{ name: 'feedInCapKw' as const, value: cap.capKw.toString(), unit: 'kW' as const, source: 'law' as const }] : []),
    ],
    notes: [],
  };
}
