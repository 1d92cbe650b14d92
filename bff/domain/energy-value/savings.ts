import type { Explanation, ExplanationInput, ExplanationPeriod, Note } from '../../contracts/energy-value.ts';
import { periodStarts } from '../monitoring/finished-periods.ts';
import { Money, type MoneyValue } from '../money/amounts.ts';
import type { FeedInRate } from './eeg-rates.ts';
import type { IntervalEnergy } from './intervals.ts';
import { dynamicPrice, type DayAheadPrice, type ElectricityPrices, type TariffPeriod } from './tariffs.ts';

const QUARTER_HOUR_MS = 900_000;

/**
 * What the installation saved, interval by interval with the prices valid then (docs/energy-value.md, "Savings"):
 *
 *   savings       = (consumption − grid import) × electricity price + feed-in × feed-in rate
 *   battery share = discharge × electricity price − charge × feed-in rate
 *
 * Consumption counts everything used on site (household, heat pump, wallbox). Energies are summed as the IoT cloud's
 * Wh per price first and multiplied once per price (decimal.js), so a fixed tariff costs one multiplication a day.
 */

export interface ValuationContext {
  prices: ElectricityPrices;
  feedInRate: FeedInRate;
  /** Whether an interval's feed-in goes unpaid (Solarspitzen, `solarspitzen.ts`); default: never. */
  unpaid?: (interval: IntervalEnergy) => boolean;
}

/** A day's energies from the meter counters (the IoT cloud's day totals, whole Wh): what the intervals must add up to. */
export interface DayTotals {
  pvWh: number;
  importWh: number;
  exportWh: number;
  chargeWh: number;
  dischargeWh: number;
  consumptionWh: number;
}

type KwhName = 'consumption' | 'import' | 'selfConsumed' | 'feedIn' | 'paidFeedIn' | 'charge' | 'discharge';
type EurName = 'avoidedPurchase' | 'importCost' | 'feedInRevenue' | 'batteryDischargeValue' | 'batteryChargeCost';
const KWH_NAMES: readonly KwhName[] = ['consumption', 'import', 'selfConsumed', 'feedIn', 'paidFeedIn', 'charge', 'discharge'];
const EUR_NAMES: readonly EurName[] = ['avoidedPurchase', 'importCost', 'feedInRevenue', 'batteryDischargeValue', 'batteryChargeCost'];

/** How a tariff period priced the self-consumed energy (its mean price = avoided ÷ self-consumed). */
export interface TariffUse {
  period: TariffPeriod;
  selfConsumedKwh: MoneyValue;
  avoidedPurchase: MoneyValue;
}

export interface DayValue {
  date: string;
  /** Intervals with energy, and those of them without a price (their energy is counted, not valued). */
  intervals: number;
  unpricedIntervals: number;
  backfilledIntervals: number;
  kwh: Record<KwhName, MoneyValue>;
  eur: Record<EurName, MoneyValue>;
  /** Energy the meter counters hold beyond the intervals (a gap), valued at the mean price of what is missing. */
  estimatedKwh: MoneyValue;
  tariffs: TariffUse[];
}

const zeroKwh = (): Record<KwhName, MoneyValue> => Object.fromEntries(KWH_NAMES.map((n) => [n, new Money(0)])) as Record<KwhName, MoneyValue>;
const zeroEur = (): Record<EurName, MoneyValue> => Object.fromEntries(EUR_NAMES.map((n) => [n, new Money(0)])) as Record<EurName, MoneyValue>;

/** Wh per price, summed as binary floats: quarters of whole watts (and whole Wh) add up exactly. */
interface PriceBucket {
  cents: MoneyValue;
  period: TariffPeriod;
  selfWh: number;
  importWh: number;
  dischargeWh: number;
}

/**
 * Rounding of the cloud: a point's watts are whole (≤ 0.125 Wh off per quarter hour and quantity) and counters whole Wh
 * at both ends; more difference than that between the counters and the points is a gap.
 */
const tolerableWh = (intervals: number) => intervals * 0.125 + 2;

/**
 * The value of each day: `intervals` in any order (15 minutes, or longer with a fixed tariff), `dayTotals` the days'
 * counter totals where known (then a day's energy is exactly the counters', and a gap's energy is estimated, marked).
 */
export function valueDays(intervals: readonly IntervalEnergy[], context: ValuationContext, dayTotals: ReadonlyMap<string, DayTotals> = new Map()): DayValue[] {
  const byDay = new Map<string, IntervalEnergy[]>();
  for (const interval of intervals) {
    const day = byDay.get(interval.date) ?? [];
    day.push(interval);
    byDay.set(interval.date, day);
  }
  for (const date of dayTotals.keys()) if (!byDay.has(date)) byDay.set(date, []);
  return [...byDay.keys()].sort().map((date) => valueDay(date, byDay.get(date) ?? [], context, dayTotals.get(date)));
}

function valueDay(date: string, intervals: readonly IntervalEnergy[], context: ValuationContext, totals: DayTotals | undefined): DayValue {
  const rate = context.feedInRate.centsPerKwh;
  const buckets = new Map<string, PriceBucket>();
  const sums = { pvWh: 0, importWh: 0, exportWh: 0, chargeWh: 0, dischargeWh: 0, consumptionWh: 0 };
  let paidExportWh = 0;
  let paidChargeWh = 0;
  let unpriced = 0;
  let backfilled = 0;
  const covered = new Set<number>();
  for (const interval of intervals) {
    sums.pvWh += interval.pvWh;
    sums.importWh += interval.importWh;
    sums.exportWh += interval.exportWh;
    sums.chargeWh += interval.chargeWh;
    sums.dischargeWh += interval.dischargeWh;
    sums.consumptionWh += interval.consumptionWh;
    covered.add(interval.startMs);
    if (interval.backfilled) backfilled += 1;
    // Unpaid feed-in earns nothing, and what the battery charged then could not have earned anything either.
    if (!context.unpaid?.(interval)) {
      paidExportWh += interval.exportWh;
      paidChargeWh += interval.chargeWh;
    }
    const price = context.prices.priceOf(date, interval.startMs, interval.endMs);
    if (!price) {
      unpriced += 1;
      continue;
    }
    const key = price.spot ? `${price.period.from}|${price.spot.startMs}` : price.period.from;
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = { cents: price.cents, period: price.period, selfWh: 0, importWh: 0, dischargeWh: 0 };
      buckets.set(key, bucket);
    }
    bucket.selfWh += interval.consumptionWh - interval.importWh;
    bucket.importWh += interval.importWh;
    bucket.dischargeWh += interval.dischargeWh;
  }

  let estimatedWh = 0;
  if (totals) {
    const residual = {
      importWh: totals.importWh - sums.importWh,
      exportWh: totals.exportWh - sums.exportWh,
      chargeWh: totals.chargeWh - sums.chargeWh,
      dischargeWh: totals.dischargeWh - sums.dischargeWh,
      consumptionWh: totals.consumptionWh - sums.consumptionWh,
    };
    const gap = Object.values(residual).some((wh) => Math.abs(wh) > tolerableWh(intervals.length));
    if (gap) estimatedWh = Math.abs(residual.consumptionWh) + Math.abs(residual.exportWh);
    const price = residualPrice(date, context.prices, covered);
    if (price) {
      const key = `${price.period.from}|residual`;
      buckets.set(key, {
        cents: price.cents,
        period: price.period,
        selfWh: residual.consumptionWh - residual.importWh,
        importWh: residual.importWh,
        dischargeWh: residual.dischargeWh,
      });
    }
    // The residual's feed-in is paid: as far as anyone knows, the gap had no negative price to blame.
    paidExportWh += residual.exportWh;
    paidChargeWh += residual.chargeWh;
    Object.assign(sums, { ...totals });
  }

  const kwh = zeroKwh();
  const eur = zeroEur();
  const tariffs = new Map<string, TariffUse>();
  const whToKwh = (wh: number) => new Money(wh).div(1000);
  kwh.consumption = whToKwh(sums.consumptionWh);
  kwh.import = whToKwh(sums.importWh);
  kwh.selfConsumed = whToKwh(sums.consumptionWh - sums.importWh);
  kwh.feedIn = whToKwh(sums.exportWh);
  kwh.paidFeedIn = whToKwh(paidExportWh);
  kwh.charge = whToKwh(sums.chargeWh);
  kwh.discharge = whToKwh(sums.dischargeWh);
  for (const bucket of buckets.values()) {
    const value = (wh: number) => whToKwh(wh).times(bucket.cents).div(100);
    const avoided = value(bucket.selfWh);
    eur.avoidedPurchase = eur.avoidedPurchase.plus(avoided);
    eur.importCost = eur.importCost.plus(value(bucket.importWh));
    eur.batteryDischargeValue = eur.batteryDischargeValue.plus(value(bucket.dischargeWh));
    const use = tariffs.get(bucket.period.from) ?? { period: bucket.period, selfConsumedKwh: new Money(0), avoidedPurchase: new Money(0) };
    tariffs.set(bucket.period.from, { ...use, selfConsumedKwh: use.selfConsumedKwh.plus(whToKwh(bucket.selfWh)), avoidedPurchase: use.avoidedPurchase.plus(avoided) });
  }
  eur.feedInRevenue = whToKwh(paidExportWh).times(rate).div(100);
  eur.batteryChargeCost = whToKwh(paidChargeWh).times(rate).div(100);
  return {
    date,
    intervals: intervals.length,
    unpricedIntervals: unpriced,
    backfilledIntervals: backfilled,
    kwh,
    eur,
    estimatedKwh: whToKwh(estimatedWh),
    tariffs: [...tariffs.values()],
  };
}

/**
 * The price for energy the counters hold beyond the intervals: with a dynamic tariff the mean of the day-ahead
 * intervals no energy interval covers (the gap), or of the whole day when none is uncovered (mere rounding); with a
 * fixed tariff its price.
 */
function residualPrice(date: string, prices: ElectricityPrices, covered: ReadonlySet<number>) {
  const period = prices.periodOn(date);
  if (!period) return undefined;
  const { tariff } = period;
  if (tariff.kind === 'fixed') return { cents: new Money(tariff.grossCentsPerKwh), period };
  const isCovered = (spot: DayAheadPrice) => {
    for (let t = spot.startMs; t < spot.endMs; t += QUARTER_HOUR_MS) if (covered.has(t)) return true;
    return false;
  };
  const spots = prices.spotsOn(date);
  const uncovered = spots.filter((spot) => !isCovered(spot));
  const chosen = uncovered.length > 0 ? uncovered : spots;
  if (chosen.length === 0) return undefined;
  const mean = chosen.reduce((sum, spot) => sum.plus(dynamicPrice(tariff, spot.eurPerMwh)), new Money(0)).div(chosen.length);
  return { cents: mean, period };
}

/** A period's sums (any number of days); `from`/`to` the calendar days it covers. */
export interface PeriodValue {
  from: string;
  to: string;
  /** Calendar days of the period, and those with a valued day in it. */
  days: number;
  daysWithData: number;
  unpricedIntervals: number;
  backfilledIntervals: number;
  estimatedKwh: MoneyValue;
  kwh: Record<KwhName, MoneyValue>;
  eur: Record<EurName, MoneyValue>;
  tariffs: TariffUse[];
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Sums the days from `from` to `to` (inclusive). */
export function sumPeriod(days: readonly DayValue[], from: string, to: string): PeriodValue {
  const kwh = zeroKwh();
  const eur = zeroEur();
  const tariffs = new Map<string, TariffUse>();
  let [withData, unpriced, backfilled, estimated] = [0, 0, 0, new Money(0)];
  for (const day of days) {
    if (day.date < from || day.date > to) continue;
    withData += 1;
    unpriced += day.unpricedIntervals;
    backfilled += day.backfilledIntervals;
    estimated = estimated.plus(day.estimatedKwh);
    for (const name of KWH_NAMES) kwh[name] = kwh[name].plus(day.kwh[name]);
    for (const name of EUR_NAMES) eur[name] = eur[name].plus(day.eur[name]);
    for (const use of day.tariffs) {
      const sum = tariffs.get(use.period.from);
      tariffs.set(
        use.period.from,
        sum ? { ...sum, selfConsumedKwh: sum.selfConsumedKwh.plus(use.selfConsumedKwh), avoidedPurchase: sum.avoidedPurchase.plus(use.avoidedPurchase) } : use,
      );
    }
  }
  return {
    from,
    to,
    days: daysBetween(from, to),
    daysWithData: withData,
    unpricedIntervals: unpriced,
    backfilledIntervals: backfilled,
    estimatedKwh: estimated,
    kwh,
    eur,
    tariffs: [...tariffs.values()].sort((a, b) => (a.period.from < b.period.from ? -1 : 1)),
  };
}

const lastDayOf = (start: string, resolution: 'day' | 'month' | 'year') => {
  if (resolution === 'day') return start;
  const d = new Date(`${start}T00:00:00Z`);
  if (resolution === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/** Sums per day, month or year over [from, to] (whole calendar periods), or one sum for the whole range ('total'). */
export function sumsBy(days: readonly DayValue[], resolution: 'day' | 'month' | 'year' | 'total', from: string, to: string): PeriodValue[] {
  if (resolution === 'total') return [sumPeriod(days, from, to)];
  return periodStarts(from, to, resolution).map((start) => sumPeriod(days, start, lastDayOf(start, resolution)));
}

export const savingsOf = (p: Pick<PeriodValue, 'eur'>): MoneyValue => p.eur.avoidedPurchase.plus(p.eur.feedInRevenue);
export const batteryShareOf = (p: Pick<PeriodValue, 'eur'>): MoneyValue => p.eur.batteryDischargeValue.minus(p.eur.batteryChargeCost);

/** Money is shown in cents; kWh with three decimals (exact to the Wh). */
export const eurString = (value: MoneyValue) => value.toDecimalPlaces(2, Money.ROUND_HALF_UP).toFixed(2);
const cents = (value: MoneyValue) => value.toDecimalPlaces(2, Money.ROUND_HALF_UP);
/**
 * A result that "Wie berechnet?" shows as the sum of its parts is summed from the parts as shown (each in cents),
 * so the explanation adds up to the cent; it may differ by a cent from rounding the unrounded sum.
 */
export const eurSumString = (...terms: MoneyValue[]) => terms.reduce((sum, term) => sum.plus(cents(term)), new Money(0)).toFixed(2);
export const kwhString = (value: MoneyValue) => value.toDecimalPlaces(3, Money.ROUND_HALF_UP).toString();
const centsString = (value: MoneyValue) => value.toDecimalPlaces(4, Money.ROUND_HALF_UP).toString();

export function explanationPeriod(p: PeriodValue): ExplanationPeriod {
  return { from: p.from, to: p.to, days: p.days, daysWithData: p.daysWithData };
}

/** The notes every energy figure of a period carries: what is missing or estimated. */
export function dataNotes(p: PeriodValue): Note[] {
  return [
    ...(p.daysWithData < p.days ? ['daysWithoutData' as const] : []),
    ...(p.unpricedIntervals > 0 ? ['intervalsWithoutPrice' as const] : []),
    ...(p.estimatedKwh.gt(0) ? ['gapEnergyEstimated' as const] : []),
  ];
}

/** The electricity prices of a period: each fixed tariff with its validity, a dynamic one as its energy-weighted mean. */
export function priceInputs(p: PeriodValue): ExplanationInput[] {
  return p.tariffs.flatMap((use): ExplanationInput[] => {
    const validity = { validFrom: use.period.from, validTo: use.period.to };
    const { tariff } = use.period;
    if (tariff.kind === 'fixed') return [{ name: 'electricityPrice', value: tariff.grossCentsPerKwh, unit: 'ct/kWh', source: 'tariffFixed', ...validity }];
    const mean = use.selfConsumedKwh.isZero() ? new Money(0) : use.avoidedPurchase.times(100).div(use.selfConsumedKwh);
    return [
      { name: 'electricityPrice', value: centsString(mean), unit: 'ct/kWh', source: 'tariffDynamic', detail: 'weightedMean', ...validity },
      { name: 'surchargeNet', value: tariff.surchargeNetCentsPerKwh, unit: 'ct/kWh', source: 'entered', ...validity },
      { name: 'vat', value: tariff.vatPercent, unit: 'percent', source: 'entered', ...validity },
    ];
  });
}

const rateInput = (rate: FeedInRate): ExplanationInput => ({ name: 'feedInRate', value: centsString(rate.centsPerKwh), unit: 'ct/kWh', source: rate.source });

export function savingsExplanation(p: PeriodValue, rate: FeedInRate): Explanation {
  return {
    figure: 'savings',
    formula: 'savings',
    result: { value: eurSumString(p.eur.avoidedPurchase, p.eur.feedInRevenue), unit: 'EUR' },
    period: explanationPeriod(p),
    inputs: [
      { name: 'consumptionKwh', value: kwhString(p.kwh.consumption), unit: 'kWh', source: 'iot' },
      { name: 'importKwh', value: kwhString(p.kwh.import), unit: 'kWh', source: 'iot' },
      { name: 'selfConsumedKwh', value: kwhString(p.kwh.selfConsumed), unit: 'kWh', source: 'computed' },
      ...priceInputs(p),
      { name: 'avoidedPurchase', value: eurString(p.eur.avoidedPurchase), unit: 'EUR', source: 'computed' },
      { name: 'feedInKwh', value: kwhString(p.kwh.feedIn), unit: 'kWh', source: 'iot' },
      ...(p.kwh.paidFeedIn.eq(p.kwh.feedIn) ? [] : [{ name: 'paidFeedInKwh' as const, value: kwhString(p.kwh.paidFeedIn), unit: 'kWh' as const, source: 'computed' as const }]),
      rateInput(rate),
      { name: 'feedInRevenue', value: eurString(p.eur.feedInRevenue), unit: 'EUR', source: 'computed' },
    ],
    notes: dataNotes(p),
  };
}

export function batteryShareExplanation(p: PeriodValue, rate: FeedInRate): Explanation {
  return {
    figure: 'batteryShare',
    formula: 'batteryShare',
    result: { value: eurSumString(p.eur.batteryDischargeValue, p.eur.batteryChargeCost.negated()), unit: 'EUR' },
    period: explanationPeriod(p),
    inputs: [
      { name: 'dischargeKwh', value: kwhString(p.kwh.discharge), unit: 'kWh', source: 'iot' },
      ...priceInputs(p),
      { name: 'batteryDischargeValue', value: eurString(p.eur.batteryDischargeValue), unit: 'EUR', source: 'computed' },
      { name: 'chargeKwh', value: kwhString(p.kwh.charge), unit: 'kWh', source: 'iot' },
      rateInput(rate),
      { name: 'batteryChargeCost', value: eurString(p.eur.batteryChargeCost), unit: 'EUR', source: 'computed' },
    ],
    notes: [...dataNotes(p), 'batteryChargesFromPv'],
  };
}
