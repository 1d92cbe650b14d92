import type { MonitoringPageData } from './monitoring.ts';

/**
 * Expected vs actual (docs/monitoring.md "Expected vs actual"): the daily yield target of an installation from the
 * weather service's irradiance, beside what its meters counted, and the alerts when a day falls short or data stop.
 */

/** How a day compares with its target (bff/domain/yield/alerts.ts `DayStatus`). */
export type YieldDayStatus = 'ok' | 'short' | 'notEnoughSun' | 'noWeather' | 'noData';

export interface YieldDay {
  /** Berlin calendar date. */
  date: string;
  /** Expected AC energy, kWh; null when the weather service has no complete day. */
  targetKwh: number | null;
  /** What the PV meter counted, kWh; null without data. */
  actualKwh: number | null;
  /** actual ÷ target, when both exist. */
  ratio: number | null;
  status: YieldDayStatus;
  /** Global horizontal irradiation of the day, kWh/m² ("enough sun" from 1.0). */
  irradiationKwhPerM2: number;
}

/** The targets of the shown period, as the monitoring page shows them beside the actual. */
export type ExpectedYield =
  /** Targets of the period's finished days (today's comes when the day is over); `at` is when they were computed. */
  | { kind: 'ready'; days: YieldDay[]; at: string }
  /** The period shows no daily targets: a year or the total, an installation without location or modules, no PV. */
  | { kind: 'none' }
  /** The weather service did not answer: the page shows its figures without targets and says so. */
  | { kind: 'unavailable' };

export interface YieldServices {
  /** The targets beside the monitoring page's actual, from its data; never rejects (a weather outage is `unavailable`). */
  expected(page: MonitoringPageData): Promise<ExpectedYield>;
}

/** The two alerts (docs/monitoring.md "The alert rule"). */
export type YieldAlertKind = 'SHORT_DAY' | 'STALE';

/** The support question a yield case is filed under (German titles, top level first): routed to the technical service. */
export const YIELD_CASE_TOPIC = ['Störung', 'Ertrag unter Soll'] as const;
