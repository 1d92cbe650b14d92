import { describe, expect, it } from 'vitest';
import { berlinToday } from '../berlin-time.ts';
import { periodRange } from './periods.ts';

const options = { commissionedAt: '2025-04-15T10:00:00+02:00', today: '2026-11-22' };

describe('period ranges', () => {
  it('weeks start on Monday', () => {
    expect(periodRange('week', '2026-11-22', options)).toMatchObject({ from: '2026-11-16', to: '2026-11-22' });
    expect(periodRange('week', '2026-11-16', options)).toMatchObject({ from: '2026-11-16', to: '2026-11-22' });
  });

  it('months and years are calendar months and years', () => {
    expect(periodRange('month', '2026-02-10', options)).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodRange('month', '2024-02-10', options)).toMatchObject({ from: '2024-02-01', to: '2024-02-29' });
    expect(periodRange('year', '2026-07-01', options)).toMatchObject({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('total runs from the year of commissioning to this year', () => {
    expect(periodRange('total', '2026-11-22', options)).toMatchObject({ from: '2025-01-01', to: '2026-12-31' });
  });

  it("today is Berlin's calendar day, also just after midnight there", () => {
    expect(berlinToday(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(berlinToday(new Date('2026-07-21T22:30:00Z'))).toBe('2026-07-22');
  });
});
