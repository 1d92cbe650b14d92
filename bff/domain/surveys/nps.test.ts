import { describe, expect, it } from 'vitest';
import { computeNps } from './nps.ts';

describe('the Net Promoter Score', () => {
  it('is % promoters minus % detractors, with passives in the total', () => {
    // 3 promoters, 2 passives, 1 detractor of 6: 50 % − 16.7 % = 33.3
    expect(computeNps([10, 9, 9, 8, 7, 3])).toEqual({ responses: 6, promoters: 3, passives: 2, detractors: 1, nps: 33.3 });
  });

  it('is 0, not null, when everybody is a passive', () => {
    expect(computeNps([7, 8, 7, 8])).toEqual({ responses: 4, promoters: 0, passives: 4, detractors: 0, nps: 0 });
  });

  it('is null (no score), not 0, without any answer', () => {
    expect(computeNps([])).toEqual({ responses: 0, promoters: 0, passives: 0, detractors: 0, nps: null });
  });

  it('reaches exactly +100 and −100', () => {
    expect(computeNps([9, 10, 10]).nps).toBe(100);
    expect(computeNps([0, 6, 5]).nps).toBe(-100);
  });

  it('draws the borders at 6/7 and 8/9', () => {
    expect(computeNps([6])).toMatchObject({ detractors: 1, nps: -100 });
    expect(computeNps([7])).toMatchObject({ passives: 1, nps: 0 });
    expect(computeNps([8])).toMatchObject({ passives: 1, nps: 0 });
    expect(computeNps([9])).toMatchObject({ promoters: 1, nps: 100 });
  });

  it('is 0 when promoters and detractors balance out', () => {
    expect(computeNps([10, 0]).nps).toBe(0);
    expect(Object.is(computeNps([10, 0, 7]).nps, 0)).toBe(true);
  });

  it('rounds to one decimal only at the end', () => {
    // 1 promoter of 3: 33.333… → 33.3; 2 of 3: 66.7
    expect(computeNps([10, 7, 7]).nps).toBe(33.3);
    expect(computeNps([10, 10, 7]).nps).toBe(66.7);
  });

  it('refuses answers outside 0..10', () => {
    expect(() => computeNps([11])).toThrow(RangeError);
    expect(() => computeNps([-1])).toThrow(RangeError);
    expect(() => computeNps([7.5])).toThrow(RangeError);
  });
});
