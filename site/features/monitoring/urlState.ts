import { MONITORING_PAGE, type Period } from '~/bff/contracts/monitoring.ts';
import { isCalendarDate, PERIODS, type CalendarDate } from './periods.ts';

/** What the address bar says: `?installation=<id>&period=<p>&date=YYYY-MM-DD`, so sharing and reloading keep the view. */
export interface MonitoringUrlState {
  /** Null: the first installation (the current project's). */
  installationId: string | null;
  period: Period;
  date: CalendarDate;
}

/** Dates outside this window are typos (year 0026, 20260); they fall back to today instead of asking the IoT cloud. */
const EARLIEST_DATE = '2000-01-01';
const LATEST_DATE = '2099-12-31';
const MAX_ID_LENGTH = 100;

const isPeriod = (value: string | null): value is Period => PERIODS.some((period) => period === value);

/** Reads the page's parameters; anything missing or invalid falls back to the default (first installation, day, today). */
export function parseMonitoringParams(params: URLSearchParams, today: CalendarDate): MonitoringUrlState {
  const installation = params.get('installation')?.trim() ?? '';
  const period = params.get('period');
  const date = params.get('date')?.trim() ?? '';
  return {
    installationId: installation && installation.length <= MAX_ID_LENGTH ? installation : null,
    period: isPeriod(period) ? period : 'day',
    date: isCalendarDate(date) && date >= EARLIEST_DATE && date <= LATEST_DATE ? date : today,
  };
}

/** The page's address for a state; every link (tabs, previous/next) carries all three parameters. */
export function monitoringHref(state: { installationId: string; period: Period; date: CalendarDate }): string {
  const params = new URLSearchParams({ installation: state.installationId, period: state.period, date: state.date });
  return `${MONITORING_PAGE}?${params.toString()}`;
}

/** The id of the period heading; period links jump (and move keyboard focus) there, not to the top of the page. */
export const PERIOD_HEADING_ID = 'period-title';

/** A period tab's or previous/next link's address: the period's URL with the heading as fragment. */
export function periodHref(state: { installationId: string; period: Period; date: CalendarDate }): string {
  return `${monitoringHref(state)}#${PERIOD_HEADING_ID}`;
}
