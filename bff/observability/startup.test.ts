import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { limitHeapGrowth } from './startup.ts';

/**
 * The largest heap (MB) of a process that keeps replacing 400,000 live objects, so that each round's objects die in
 * the old generation, after `limitHeapGrowth(percent)` as the portal calls it at start.
 */
function peakHeapMb(percent: number): number {
  const startup = path.join(import.meta.dirname, 'startup.ts');
  const script = `
    import v8 from 'node:v8';
    import { limitHeapGrowth } from ${JSON.stringify(startup)};
    limitHeapGrowth(${percent});
    const ring = new Array(400_000);
    let max = 0;
    for (let round = 0; round < 30; round++) {
      for (let i = 0; i < ring.length; i++) ring[i] = { a: i, b: 'x' + i, c: [round, i] };
      max = Math.max(max, v8.getHeapStatistics().total_heap_size);
    }
    console.log(Math.round(max / 1e6));`;
  return Number(execFileSync(process.execPath, ['--max-semi-space-size=16', '--input-type=module', '--eval', script], { encoding: 'utf8' }).trim());
}

describe('the heap’s growth', () => {
  it('is held to the set percentage beyond what survived, where V8 alone lets it grow far more', () => {
    const own = peakHeapMb(0);
    const limited = peakHeapMb(50);
    expect(limited).toBeLessThan(own * 0.8);
  }, 60_000);

  it('is left to V8 at 0, and set as the V8 flag otherwise', () => {
    const set: string[] = [];
    limitHeapGrowth(0, (flags) => set.push(flags));
    limitHeapGrowth(75, (flags) => set.push(flags));
    expect(set).toEqual(['--heap-growing-percent=75']);
  });
});
