import { startOfWeek } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatLongDate, isoDate, startOfPortalWeek, todayInPortalTimeZone } from './dates.ts';

const sunday = new Date(2026, 10, 22);

describe('dates', () => {
  it('starts the week of Sunday 2026-11-22 on Monday 2026-11-16, in German and English', () => {
    expect(isoDate(startOfPortalWeek(sunday, 'de'))).toBe('2026-11-16');
    expect(isoDate(startOfPortalWeek(sunday, 'en'))).toBe('2026-11-16');
  });

  it('makes German with weeks from Monday the date-fns default', () => {
    expect(isoDate(startOfWeek(sunday))).toBe('2026-11-16');
  });

  it('writes the long date in German and English', () => {
    expect(formatLongDate(sunday, 'de')).toBe('Sonntag, 22. November 2026');
    expect(formatLongDate(sunday, 'en')).toBe('Sunday, 22 November 2026');
  });

  it('takes "today" from the Berlin calendar, not the server clock', () => {
    // 23:30 UTC on Saturday is already Sunday in Berlin (UTC+1 in November).
    expect(isoDate(todayInPortalTimeZone(new Date('2026-11-21T23:30:00Z')))).toBe('2026-11-22');
    expect(isoDate(todayInPortalTimeZone(new Date('2026-11-22T22:59:00Z')))).toBe('2026-11-22');
  });
});
