import { describe, expect, it } from 'vitest';
import {
  berlinHour,
  formatCalendarDate,
  formatDateTime,
  formatKwh,
  formatKwhValue,
  formatNumber,
  formatPercent,
  formatTime,
  formatWatts,
  shareOf,
  whToKwh,
  formatAmount,
  formatDay,
  groupIban,
} from './format.ts';

const nbsp = '\u00a0';

describe('German number formatting', () => {
  it('writes energy as kWh with one decimal and German separators', () => {
    expect(formatKwh(2_345_600)).toBe(`2.345,6${nbsp}kWh`);
    expect(formatKwh(3_156_049)).toBe(`3.156,0${nbsp}kWh`);
    expect(formatKwh(0)).toBe(`0,0${nbsp}kWh`);
    expect(formatKwhValue(12.5)).toBe(`12,5${nbsp}kWh`);
  });

  it('rounds Wh to 0.1 kWh half up, the one rule of chart, table and figures', () => {
    expect(whToKwh(1_049)).toBe(1);
    expect(whToKwh(1_050)).toBe(1.1);
    expect(whToKwh(17_836_449)).toBe(17_836.4);
    expect(Object.is(whToKwh(-10), 0)).toBe(true);
  });

  it('writes percent with a space and one decimal, watts as whole numbers', () => {
    expect(formatPercent(74.3)).toBe(`74,3${nbsp}%`);
    expect(formatPercent(100)).toBe(`100,0${nbsp}%`);
    expect(formatWatts(4230.4)).toBe(`4.230${nbsp}W`);
    expect(formatWatts(-1250)).toBe(`-1.250${nbsp}W`);
    expect(formatNumber(-0, 'de', 1)).toBe('0,0');
  });

  it('formats English numbers the English way', () => {
    expect(formatKwh(2_345_600, 'en')).toBe(`2,345.6${nbsp}kWh`);
    expect(formatPercent(74.3, 'en')).toBe('74.3%');
  });

  it('computes shares from the whole, 0 without one', () => {
    expect(shareOf(1, 3)).toBe(33.3);
    expect(shareOf(5, 0)).toBe(0);
  });
});

describe('German dates and times in Europe/Berlin', () => {
  it('shows "Stand" in Berlin time whatever the zone of the server', () => {
    expect(formatDateTime('2026-11-22T13:15:00Z')).toBe(`22.11.2026, 14:15${nbsp}Uhr`);
    expect(formatDateTime('2026-07-01T13:15:00Z')).toBe(`01.07.2026, 15:15${nbsp}Uhr`);
    expect(formatDateTime('kaputt')).toBe('');
  });

  it('names the zone for the hour that repeats when clocks go back', () => {
    const first = Date.parse('2026-10-25T00:15:00Z');
    const second = Date.parse('2026-10-25T01:15:00Z');
    expect(formatTime(first)).toBe('02:15');
    expect(formatTime(second)).toBe('02:15');
    expect(formatTime(first, 'de', true)).toBe('02:15 MESZ');
    expect(formatTime(second, 'de', true)).toBe('02:15 MEZ');
    expect(berlinHour(Date.parse('2026-03-29T01:00:00Z'))).toBe(3);
  });

  it('writes calendar days in German', () => {
    expect(formatCalendarDate('2026-11-22', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })).toBe(
      'Sonntag, 22. November 2026',
    );
    expect(formatCalendarDate('2026-03-01', { month: 'short' })).toBe('Mär');
  });
});

describe('money formatting on the pages', () => {
  it('formats decimal strings from their digits', () => {
    expect(formatAmount('312.46', 'de')).toBe('312,46 €');
    expect(formatAmount('1234567.5', 'de')).toBe('1.234.567,50 €');
    expect(formatAmount('-89.90', 'de')).toBe('−89,90 €');
    expect(formatAmount('-89.90', 'de', { absolute: true })).toBe('89,90 €');
    expect(formatAmount('1234.5', 'en')).toBe('€1,234.50');
    expect(formatAmount('-0.00', 'de')).toBe('0,00 €');
    expect(formatAmount('abc', 'de')).toBe('abc');
  });

  it('formats days and groups IBANs', () => {
    expect(formatDay('2026-12-09', 'de')).toBe('09.12.2026');
    expect(formatDay('2026-12-09', 'en')).toBe('2026-12-09');
    expect(groupIban('DE02120300000000202051')).toBe('DE02 1203 0000 0000 2020 51');
  });
});
