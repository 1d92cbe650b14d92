import { MONITORING_PAGE } from '~/bff/contracts/monitoring.ts';
import { describe, expect, it } from 'vitest';
import { monitoringHref, parseMonitoringParams, PERIOD_HEADING_ID, periodHref } from './urlState.ts';

const today = '2026-11-22';
const parse = (query: string) => parseMonitoringParams(new URLSearchParams(query), today);

describe('monitoring address', () => {
  it('defaults to the first installation, the day and today', () => {
    expect(parse('')).toEqual({ installationId: null, period: 'day', date: today });
  });

  it('reads installation, period and date', () => {
    expect(parse('installation=site-7&period=month&date=2025-06-30')).toEqual({
      installationId: 'site-7',
      period: 'month',
      date: '2025-06-30',
    });
  });

  it('falls back to the defaults for anything invalid instead of failing', () => {
    expect(parse('installation=&period=quarter&date=2026-02-30')).toEqual({ installationId: null, period: 'day', date: today });
    expect(parse('period=WEEK&date=22.11.2026')).toEqual({ installationId: null, period: 'day', date: today });
    expect(parse('date=0026-11-22').date).toBe(today);
    expect(parse(`installation=${'x'.repeat(101)}`).installationId).toBeNull();
  });

  it('keeps a future date: the domain clamps it to the nearest period with data', () => {
    expect(parse('date=2027-01-01').date).toBe('2027-01-01');
  });

  it('writes every parameter into links, so sharing and reloading keep the view', () => {
    expect(monitoringHref({ installationId: 'site 7&x', period: 'week', date: '2026-11-16' })).toBe(
      `${MONITORING_PAGE}?installation=site+7%26x&period=week&date=2026-11-16`,
    );
  });
});

describe('period links', () => {
  it('jump to the period heading, so focus does not go back to the top of the page', () => {
    const href = periodHref({ installationId: 'SITE-7F3A2C', period: 'week', date: '2026-07-01' });
    expect(href).toBe(`${MONITORING_PAGE}?installation=SITE-7F3A2C&period=week&date=2026-07-01#${PERIOD_HEADING_ID}`);
    expect(PERIOD_HEADING_ID).toBe('period-title');
  });
});
