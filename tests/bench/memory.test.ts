import { describe, expect, it } from 'vitest';
import { cpuMsPerAnswer, slopeMbPerMinute, soakFigures, type MemorySample } from './memory.ts';

const run = { seconds: 600, connections: 50, requests: 1000, failures: 0 };
const every5s = (rss: (atS: number) => number): MemorySample[] => Array.from({ length: 121 }, (_, i) => ({ atS: i * 5, rssMb: rss(i * 5) }));

describe('the soak’s memory figures', () => {
  it('calls memory that grows while warming up and then levels off flat', () => {
    const figures = soakFigures(every5s((s) => (s < 60 ? 150 + s : 210 + (s % 10 === 0 ? 0.5 : -0.5))), run);
    expect(figures.peakMb).toBe(210.5);
    expect(figures.afterWarmUpMb).toBe(210.5);
    expect(Math.abs(figures.slopeMbPerMinute)).toBeLessThan(0.1);
    expect(Math.abs(figures.lastHalfSlopeMbPerMinute)).toBeLessThan(0.1);
  });

  it('shows memory that keeps growing as its growth per minute', () => {
    const figures = soakFigures(every5s((s) => 150 + s / 30), run);
    expect(figures.slopeMbPerMinute).toBeCloseTo(2, 5);
    expect(figures.lastHalfSlopeMbPerMinute).toBeCloseTo(2, 5);
    expect(figures.endMb).toBe(170);
  });

  it('has no trend from fewer than two samples', () => {
    expect(slopeMbPerMinute([{ atS: 0, rssMb: 100 }])).toBe(0);
  });
});

describe('the heap beside the resident memory', () => {
  it('reports the heap in use at the end and its trend, when the samples have it', () => {
    const samples = Array.from({ length: 121 }, (_, i) => ({ atS: i * 5, rssMb: 300, heapUsedMb: 80 + (i * 5) / 60 }));
    const figures = soakFigures(samples, run);
    expect(figures.endHeapUsedMb).toBe(90);
    expect(figures.lastHalfHeapSlopeMbPerMinute).toBeCloseTo(1, 5);
    expect(soakFigures(every5s(() => 300), run).lastHalfHeapSlopeMbPerMinute).toBeNull();
  });
});

describe('the CPU per answer', () => {
  it('is the CPU between two readings over the answers, in milliseconds', () => {
    expect(cpuMsPerAnswer(12.5, 14.5, 400)).toBe(5);
    expect(cpuMsPerAnswer(1, 1.0123, 3)).toBe(4.1);
  });

  it('is unknown without both readings or without an answer', () => {
    expect(cpuMsPerAnswer(null, 3, 10)).toBeNull();
    expect(cpuMsPerAnswer(3, null, 10)).toBeNull();
    expect(cpuMsPerAnswer(3, 4, 0)).toBeNull();
  });
});
