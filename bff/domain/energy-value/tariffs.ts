import { Money, type MoneyValue } from '../money/amounts.ts';
import { berlinDateOf } from './intervals.ts';

/**
 * The customer's electricity price per interval (docs/energy-value.md, "Electricity price"): fixed tariffs with their
 * validity, one after the other, or a dynamic tariff from the day-ahead price plus the customer's own surcharges and
 * VAT. All prices are gross ct/kWh, as on the customer's bill.
 */

export type Tariff =
  /** A fixed working price (Arbeitspreis), gross ct/kWh. The base price does not change with the PV and stays out. */
  | { kind: 'fixed'; grossCentsPerKwh: string }
  /**
   * A dynamic tariff: gross ct/kWh = (day-ahead EUR/MWh ÷ 10 + surcharges) × (1 + VAT). The surcharges (grid fees,
   * levies, electricity tax, the supplier's margin; net ct/kWh) and the VAT rate come from the customer's contract.
   */
  | { kind: 'dynamic'; surchargeNetCentsPerKwh: string; vatPercent: string };

export interface TariffPeriod {
  /** Berlin calendar dates, both inclusive; `to` null = still valid. */
  from: string;
  to: string | null;
  tariff: Tariff;
}

/** One day-ahead price of DE-LU: the interval [startMs, endMs) (15 or 60 minutes), EUR/MWh. */
export interface DayAheadPrice {
  startMs: number;
  endMs: number;
  eurPerMwh: string;
}

export interface IntervalPrice {
  /** Gross ct/kWh. */
  cents: MoneyValue;
  period: TariffPeriod;
  /** The day-ahead price the dynamic tariff used, EUR/MWh. */
  spot?: DayAheadPrice;
}

export class TariffError extends Error {
  override name = 'TariffError';
}

/** Refuses tariffs that overlap or are out of order: a kWh has exactly one price. */
export function checkTariffPeriods(periods: readonly TariffPeriod[]): void {
  periods.forEach((period, i) => {
    if (period.to !== null && period.to < period.from) throw new TariffError(`tariff ${i}: to before from`);
    const next = periods[i + 1];
    if (next && (period.to === null || period.to >= next.from)) throw new TariffError(`tariff ${i} overlaps the next one`);
  });
}

const HOUR_MS = 3_600_000;

/**
 * Looks up the price of energy intervals. Day-ahead prices are needed for the days of a dynamic tariff only; an
 * interval whose price is unknown (no tariff that day, no day-ahead price) has none, and the valuation says so.
 */
export class ElectricityPrices {
  readonly #periods: readonly TariffPeriod[];
  readonly #spot = new Map<number, DayAheadPrice>();
  readonly #spotsByDay = new Map<string, DayAheadPrice[]>();
  /** Dynamic prices of each (tariff, day-ahead interval), computed once. */
  readonly #dynamic = new Map<string, MoneyValue>();

  constructor(periods: readonly TariffPeriod[], dayAhead: readonly DayAheadPrice[] = []) {
    checkTariffPeriods(periods);
    this.#periods = periods;
    for (const price of dayAhead) {
      this.#spot.set(price.startMs, price);
      const date = berlinDateOf(price.startMs);
      const day = this.#spotsByDay.get(date) ?? [];
      day.push(price);
      this.#spotsByDay.set(date, day);
    }
  }

  /** The day-ahead intervals of a Berlin day. */
  spotsOn(date: string): readonly DayAheadPrice[] {
    return this.#spotsByDay.get(date) ?? [];
  }

  periodOn(date: string): TariffPeriod | undefined {
    return this.#periods.find((p) => p.from <= date && (p.to === null || date <= p.to));
  }

  /** The day-ahead interval that holds [startMs, endMs) (quarter hours, or hours before October 2025). */
  spotOf(startMs: number, endMs: number): DayAheadPrice | undefined {
    const candidate = this.#spot.get(startMs) ?? this.#spot.get(Math.floor(startMs / HOUR_MS) * HOUR_MS);
    const spot = candidate && candidate.startMs <= startMs && startMs < candidate.endMs ? candidate : undefined;
    if (spot && spot.endMs < endMs) {
      throw new TariffError('an energy interval must not be longer than the day-ahead interval it is priced by');
    }
    return spot;
  }

  /** The gross price of energy used in [startMs, endMs) on the Berlin day `date`. */
  priceOf(date: string, startMs: number, endMs: number): IntervalPrice | undefined {
    const period = this.periodOn(date);
    if (!period) return undefined;
    const { tariff } = period;
    if (tariff.kind === 'fixed') return { cents: new Money(tariff.grossCentsPerKwh), period };
    const spot = this.spotOf(startMs, endMs);
    if (!spot) return undefined;
    const key = `${period.from}|${spot.startMs}`;
    let cents = this.#dynamic.get(key);
    if (!cents) {
      cents = dynamicPrice(tariff, spot.eurPerMwh);
      this.#dynamic.set(key, cents);
    }
    return { cents, period, spot };
  }

  /** Whether the day-ahead price of the interval is below zero (undefined when it is unknown). */
  isNegative(startMs: number, endMs: number): boolean | undefined {
    const spot = this.spotOf(startMs, endMs);
    return spot === undefined ? undefined : new Money(spot.eurPerMwh).isNegative() && !new Money(spot.eurPerMwh).isZero();
  }
}

/** Gross ct/kWh of a dynamic tariff at a day-ahead price (EUR/MWh). */
export function dynamicPrice(tariff: Extract<Tariff, { kind: 'dynamic' }>, eurPerMwh: string): MoneyValue {
  return new Money(eurPerMwh).div(10).plus(tariff.surchargeNetCentsPerKwh).times(new Money(tariff.vatPercent).div(100).plus(1));
}
