import { describe, expect, it } from 'vitest';
import { neighbours, parseEnergyValueParams } from './urlState.ts';

describe('energy-value address', () => {
  it('reads period, date, installation and month; falls back to the whole time and today', () => {
    expect(parseEnergyValueParams(new URLSearchParams('period=month&date=2026-06-21&installation=S1&month=2026-05'), '2026-11-27')).toEqual({
      installationId: 'S1',
      period: 'month',
      date: '2026-06-21',
      month: '2026-05',
    });
    expect(parseEnergyValueParams(new URLSearchParams('period=week&date=x&month=5'), '2026-11-27')).toEqual({ installationId: null, period: 'total', date: '2026-11-27', month: null });
  });
  it('offers the neighbouring periods only where data exist', () => {
    expect(neighbours('month', '2026-06-21', '2026-06-01', '2026-06-30', '2025-04-15', '2026-11-27')).toEqual({ previous: '2026-05-01', next: '2026-07-01' });
    expect(neighbours('year', '2025-06-01', '2025-04-15', '2025-12-31', '2025-04-15', '2026-11-27')).toEqual({ previous: null, next: '2026-01-01' });
  });
});
