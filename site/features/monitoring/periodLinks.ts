import { MONITORING_PAGE, type Period } from '~/bff/contracts/monitoring.ts';
import { containsDay, periodNavigation, PERIODS, type CalendarDate, type PeriodBounds } from './periods.ts';
import { PERIOD_HEADING_ID, periodHref } from './urlState.ts';

export interface PeriodTab {
  period: Period;
  href: string;
  current: boolean;
  /** Columns of the phone grid (of PHONE_GRID_COLUMNS) this tab spans, so every row is filled. */
  span: number;
}

/** Every address the period controls lead to; each lands on the period heading (docs/monitoring.md). */
export interface PeriodLinks {
  tabs: PeriodTab[];
  previous: { date: CalendarDate; href: string } | null;
  next: { date: CalendarDate; href: string } | null;
  /** "Zu heute", where the shown period does not hold today. */
  today: string | null;
  /** The date and installation picker is a GET form; its action keeps the fragment, the browser adds the query. */
  formAction: string;
}

/** The phone grid: 6 columns take rows of 1, 2 or 3 equal tabs. */
export const PHONE_GRID_COLUMNS = 6;
const MAX_TABS_PER_ROW = 3;

/**
 * Column spans for `count` tabs on a phone: as few rows as fit at most three tabs each, the tabs spread as evenly as
 * possible over them (5 tabs: 3 + 2, 4 tabs: 2 + 2), so no tab is ever left alone on a line.
 */
export function tabSpans(count: number): number[] {
  const rows = Math.ceil(count / MAX_TABS_PER_ROW);
  const spans: number[] = [];
  let left = count;
  for (let row = 0; row < rows; row++) {
    const inRow = Math.ceil(left / (rows - row));
    for (let i = 0; i < inRow; i++) spans.push(PHONE_GRID_COLUMNS / inRow);
    left -= inRow;
  }
  return spans;
}

/**
 * The period controls' addresses (PeriodControls.astro): tabs, previous/next, "Zu heute" and the picker form. They
 * are plain page loads (no JavaScript), and every one carries `#period-title`, so the new page opens at the period
 * heading and keyboard focus lands there instead of at the top of the page.
 */
export function periodLinks(state: { installationId: string; period: Period; date: CalendarDate }, bounds: PeriodBounds): PeriodLinks {
  const { installationId, period, date } = state;
  const href = (target: { period?: Period; date?: CalendarDate }) => periodHref({ installationId, period, date, ...target });
  const spans = tabSpans(PERIODS.length);
  const { previous, next } = periodNavigation(period, date, bounds);
  return {
    tabs: PERIODS.map((p, index) => ({ period: p, href: href({ period: p }), current: p === period, span: spans[index] ?? 1 })),
    previous: previous === null ? null : { date: previous, href: href({ date: previous }) },
    next: next === null ? null : { date: next, href: href({ date: next }) },
    today: period !== 'total' && !containsDay(period, date, bounds.today, bounds) ? href({ date: bounds.today }) : null,
    formAction: `${MONITORING_PAGE}#${PERIOD_HEADING_ID}`,
  };
}
