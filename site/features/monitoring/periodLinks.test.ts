import { MONITORING_PAGE } from '~/bff/contracts/monitoring.ts';
import { describe, expect, it } from 'vitest';
import { PHONE_GRID_COLUMNS, periodLinks, tabSpans } from './periodLinks.ts';
import { PERIODS } from './periods.ts';

const bounds = { first: '2025-04-15', today: '2026-11-22' };
const roof = { installationId: 'SITE-7F3A2C' };

/** Every address the period controls lead to. */
const addresses = (links: ReturnType<typeof periodLinks>) => [
  ...links.tabs.map((tab) => tab.href),
  ...(links.previous ? [links.previous.href] : []),
  ...(links.next ? [links.next.href] : []),
  ...(links.today ? [links.today] : []),
  links.formAction,
];

describe('the period controls’ links', () => {
  it('all land on the period heading (#period-title): tabs, previous/next, "Zu heute" and the picker form', () => {
    for (const period of PERIODS) {
      for (const date of ['2025-04-15', '2026-06-15', '2026-11-22']) {
        const links = periodLinks({ ...roof, period, date }, bounds);
        for (const href of addresses(links)) expect(href, `${period} ${date}`).toMatch(/^\/home\/app\/monitoring(\?[^#]*)?#period-title$/);
      }
    }
  });

  it('are what the tabs and previous/next promise', () => {
    const links = periodLinks({ ...roof, period: 'month', date: '2026-06-15' }, bounds);
    expect(links.tabs.map((tab) => [tab.period, tab.current])).toEqual([
      ['day', false],
      ['week', false],
      ['month', true],
      ['year', false],
      ['total', false],
    ]);
    expect(links.tabs[1]?.href).toBe(`${MONITORING_PAGE}?installation=SITE-7F3A2C&period=week&date=2026-06-15#period-title`);
    expect(links.previous?.href).toBe(`${MONITORING_PAGE}?installation=SITE-7F3A2C&period=month&date=2026-05-15#period-title`);
    expect(links.next?.href).toBe(`${MONITORING_PAGE}?installation=SITE-7F3A2C&period=month&date=2026-07-15#period-title`);
    expect(links.today).toBe(`${MONITORING_PAGE}?installation=SITE-7F3A2C&period=month&date=2026-11-22#period-title`);
    // The GET form keeps the action's fragment; the browser puts the fields into the query.
    expect(links.formAction).toBe(`${MONITORING_PAGE}#period-title`);
  });

  it('have no previous before commissioning, no next after today and no "Zu heute" on today', () => {
    const links = periodLinks({ ...roof, period: 'day', date: '2026-11-22' }, bounds);
    expect(links.next).toBeNull();
    expect(links.today).toBeNull();
    expect(periodLinks({ ...roof, period: 'day', date: '2025-04-15' }, bounds).previous).toBeNull();
  });
});

describe('the period tabs on a phone', () => {
  const rows = (spans: number[]) => {
    const result: number[][] = [];
    let used = PHONE_GRID_COLUMNS;
    for (const span of spans) {
      if (used + span > PHONE_GRID_COLUMNS) {
        result.push([]);
        used = 0;
      }
      result.at(-1)?.push(span);
      used += span;
    }
    return result;
  };

  it('fill balanced rows of equal tabs: five periods as 3 + 2, never one tab alone on a line', () => {
    expect(rows(tabSpans(PERIODS.length)).map((row) => row.length)).toEqual([3, 2]);
    expect(periodLinks({ ...roof, period: 'day', date: '2026-06-15' }, bounds).tabs.map((tab) => tab.span)).toEqual([2, 2, 2, 3, 3]);
  });

  it.each([2, 3, 4, 5, 6, 7, 8])('%i tabs: every row full, equal tabs within a row, no row of one', (count) => {
    const layout = rows(tabSpans(count));
    expect(layout.flat()).toHaveLength(count);
    for (const row of layout) {
      expect(row.reduce((sum, span) => sum + span, 0)).toBe(PHONE_GRID_COLUMNS);
      expect(new Set(row).size).toBe(1);
      expect(row.length).toBeGreaterThan(1);
    }
  });
});
