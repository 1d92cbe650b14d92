import type { Explanation, ExplanationInput, Note } from '../../contracts/energy-value.ts';
import { Money, type MoneyValue } from '../money/amounts.ts';
import { dataNotes, eurString, eurSumString, explanationPeriod, kwhString, savingsOf, type DayValue, type PeriodValue } from './savings.ts';

/**
 * Metering fees, net savings, the amortisation date and the effective price per kWh (docs/energy-value.md,
 * "Amortisation"). Money in decimals; a projection says it is one.
 */

/** The metering operator's yearly fee for the meter the installation needs (smart meter, bidirectional meter), gross. */
export interface MeteringFee {
  /** Berlin calendar dates, both inclusive; `to` null = still charged. */
  from: string;
  to: string | null;
  euroPerYear: string;
}

/** Where the investment comes from: the installer's offer in the management service, or the customer's entry. */
export interface Investment {
  amountEur: string;
  source: 'offer' | 'entered';
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** A day's share of the yearly fees: fee ÷ days of that year (365 or 366). */
export function meteringFeeOn(fees: readonly MeteringFee[], date: string): MoneyValue {
  const daysOfYear = isLeap(Number(date.slice(0, 4))) ? 366 : 365;
  return fees
    .filter((fee) => fee.from <= date && (fee.to === null || date <= fee.to))
    .reduce((sum, fee) => sum.plus(new Money(fee.euroPerYear).div(daysOfYear)), new Money(0));
}

/** The fees of the days with data of a period (the days the savings are counted for). */
export function meteringFeesOf(fees: readonly MeteringFee[], days: readonly DayValue[], from: string, to: string): MoneyValue {
  return days.filter((d) => d.date >= from && d.date <= to).reduce((sum, d) => sum.plus(meteringFeeOn(fees, d.date)), new Money(0));
}

const feeInputs = (fees: readonly MeteringFee[], from: string, to: string): ExplanationInput[] =>
  fees
    .filter((fee) => fee.from <= to && (fee.to === null || fee.to >= from))
    .map((fee) => ({ name: 'meteringFee', value: fee.euroPerYear, unit: 'EUR/year', source: 'entered', validFrom: fee.from, validTo: fee.to }));

export function meteringFeesExplanation(p: PeriodValue, fees: readonly MeteringFee[], days: readonly DayValue[]): Explanation {
  return {
    figure: 'meteringFees',
    formula: 'meteringFees',
    result: { value: eurString(meteringFeesOf(fees, days, p.from, p.to)), unit: 'EUR' },
    period: explanationPeriod(p),
    inputs: [...feeInputs(fees, p.from, p.to), { name: 'recordedDays', value: String(p.daysWithData), unit: 'days', source: 'iot' }],
    notes: dataNotes(p),
  };
}

export function netSavingsExplanation(p: PeriodValue, fees: readonly MeteringFee[], days: readonly DayValue[]): Explanation {
  // The savings as their own card shows them: the sum of its shown parts.
  const savings = eurSumString(p.eur.avoidedPurchase, p.eur.feedInRevenue);
  const feesTotal = meteringFeesOf(fees, days, p.from, p.to);
  return {
    figure: 'netSavings',
    formula: 'netSavings',
    result: { value: eurSumString(new Money(savings), feesTotal.negated()), unit: 'EUR' },
    period: explanationPeriod(p),
    inputs: [
      { name: 'savings', value: savings, unit: 'EUR', source: 'computed' },
      { name: 'meteringFees', value: eurString(feesTotal), unit: 'EUR', source: 'computed' },
    ],
    notes: dataNotes(p),
  };
}

export interface Amortisation {
  /** `reached`: the net savings passed the investment on `date`; `projected`: they will at this pace on `date`. */
  status: 'reached' | 'projected' | 'never';
  date: string | null;
  cumulativeNetSavings: MoneyValue;
  explanation: Explanation;
}

/** Days of the latest year used for the pace of a projection once a whole year is recorded. */
const PACE_DAYS = 365;

/**
 * When the installation has paid for itself: the day its cumulated net savings (savings minus metering fees) reach the
 * investment, or, not there yet, a projection at the average daily pace of the recorded days (of the latest 365 once
 * there are that many: a whole year, so no season is over-weighted). Undefined without any recorded day.
 */
export function amortisation(investment: Investment, days: readonly DayValue[], fees: readonly MeteringFee[]): Amortisation | undefined {
  const recorded = [...days].sort((a, b) => (a.date < b.date ? -1 : 1));
  const first = recorded[0];
  const last = recorded.at(-1);
  if (!first || !last) return undefined;
  const amount = new Money(investment.amountEur);
  const net = recorded.map((d) => savingsOf(d).minus(meteringFeeOn(fees, d.date)));
  let cumulative = new Money(0);
  let reachedOn: string | null = null;
  net.forEach((value, i) => {
    cumulative = cumulative.plus(value);
    if (reachedOn === null && cumulative.gte(amount)) reachedOn = recorded[i]?.date ?? null;
  });
  const period = { from: first.date, to: last.date, days: daysBetween(first.date, last.date), daysWithData: recorded.length };
  const baseInputs: ExplanationInput[] = [
    { name: 'investment', value: eurString(amount), unit: 'EUR', source: investment.source },
    { name: 'cumulativeNetSavings', value: eurString(cumulative), unit: 'EUR', source: 'computed' },
    { name: 'recordedDays', value: String(recorded.length), unit: 'days', source: 'iot' },
  ];
  const gaps: Note[] = period.daysWithData < period.days ? ['daysWithoutData'] : [];
  if (reachedOn !== null) {
    return {
      status: 'reached',
      date: reachedOn,
      cumulativeNetSavings: cumulative,
      explanation: { figure: 'amortisation', formula: 'amortisationReached', result: { value: reachedOn, unit: 'date' }, period, inputs: baseInputs, notes: gaps },
    };
  }
  const paceDays = net.slice(-PACE_DAYS);
  const pace = paceDays.reduce((sum, v) => sum.plus(v), new Money(0)).div(paceDays.length);
  const remaining = amount.minus(cumulative);
  const paceInputs: ExplanationInput[] = [
    ...baseInputs,
    { name: 'averageDailyNetSavings', value: pace.toDecimalPlaces(4, Money.ROUND_HALF_UP).toString(), unit: 'EUR', source: 'computed' },
    { name: 'remainingAmount', value: eurString(remaining), unit: 'EUR', source: 'computed' },
  ];
  const projectionNotes: Note[] = [...gaps, 'projectionFromAverage', ...(recorded.length < PACE_DAYS ? ['lessThanAYear' as const] : []), 'noInterestNoPriceChange'];
  if (pace.lte(0)) {
    return {
      status: 'never',
      date: null,
      cumulativeNetSavings: cumulative,
      explanation: { figure: 'amortisation', formula: 'amortisationNever', result: { value: '', unit: 'date' }, period, inputs: paceInputs, notes: projectionNotes },
    };
  }
  const date = addDays(last.date, remaining.div(pace).ceil().toNumber());
  return {
    status: 'projected',
    date,
    cumulativeNetSavings: cumulative,
    explanation: { figure: 'amortisation', formula: 'amortisationProjected', result: { value: date, unit: 'date' }, period, inputs: paceInputs, notes: projectionNotes },
  };
}

/** 20 years of the EEG payment, in days: the horizon an investment is spread over for the effective price. */
const SPREAD_DAYS = new Money('7305');

/**
 * What a kWh used on site cost in a period: (grid import cost + metering fees − feed-in revenue) ÷ consumption, and,
 * with an investment, its share for the recorded days spread over 20 years added to the costs.
 */
export function effectivePriceExplanation(p: PeriodValue, fees: readonly MeteringFee[], days: readonly DayValue[], investment?: Investment): Explanation {
  const feesTotal = meteringFeesOf(fees, days, p.from, p.to);
  const investmentShare = investment ? new Money(investment.amountEur).times(p.daysWithData).div(SPREAD_DAYS) : new Money(0);
  const costs = p.eur.importCost.plus(feesTotal).minus(p.eur.feedInRevenue).plus(investmentShare);
  const cents = p.kwh.consumption.isZero() ? new Money(0) : costs.times(100).div(p.kwh.consumption);
  return {
    figure: 'effectivePrice',
    formula: 'effectivePrice',
    result: { value: cents.toDecimalPlaces(2, Money.ROUND_HALF_UP).toFixed(2), unit: 'ct/kWh' },
    period: explanationPeriod(p),
    inputs: [
      { name: 'importCost', value: eurString(p.eur.importCost), unit: 'EUR', source: 'computed' },
      { name: 'meteringFees', value: eurString(feesTotal), unit: 'EUR', source: 'computed' },
      { name: 'feedInRevenue', value: eurString(p.eur.feedInRevenue), unit: 'EUR', source: 'computed' },
      ...(investment ? [{ name: 'investmentShare' as const, value: eurString(investmentShare), unit: 'EUR' as const, source: 'computed' as const }] : []),
      { name: 'consumptionKwh', value: kwhString(p.kwh.consumption), unit: 'kWh', source: 'iot' },
    ],
    notes: dataNotes(p),
  };
}
