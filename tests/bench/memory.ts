/**
 * The portal's resident memory and the JavaScript heap in use, read from its metrics port (prom-client's
 * `process_resident_memory_bytes`, `nodejs_heap_size_used_bytes`), in MB.
 */
export async function memoryMb(metricsUrl: string): Promise<{ rss: number; heapUsed: number | null } | null> {
  try {
    const text = await (await fetch(metricsUrl, { signal: AbortSignal.timeout(2000) })).text();
    const value = (name: string) => {
      const line = new RegExp(`^${name}\\s+([0-9.e+]+)$`, 'm').exec(text);
      return line ? Number(line[1]) / 1024 / 1024 : null;
    };
    const rss = value('process_resident_memory_bytes');
    return rss === null ? null : { rss, heapUsed: value('nodejs_heap_size_used_bytes') };
  } catch {
    return null;
  }
}

/**
 * The portal process's CPU time so far (prom-client's `process_cpu_seconds_total`: user and system, every thread), in
 * seconds; null when the metrics port does not answer.
 */
export async function cpuSeconds(metricsUrl: string): Promise<number | null> {
  try {
    const text = await (await fetch(metricsUrl, { signal: AbortSignal.timeout(2000) })).text();
    const line = /^process_cpu_seconds_total\s+([0-9.e+]+)$/m.exec(text);
    return line ? Number(line[1]) : null;
  } catch {
    return null;
  }
}

/**
 * CPU milliseconds per answer over a load: the CPU the portal spent between two readings of `cpuSeconds`, divided
 * by the answers. Far steadier than requests per second on a shared machine: a busy neighbour slows the answers,
 * not the work each one takes. Null without both readings or without answers.
 */
export function cpuMsPerAnswer(before: number | null, after: number | null, answers: number): number | null {
  if (before === null || after === null || answers <= 0) return null;
  return Math.round(((after - before) * 1000 * 100) / answers) / 100;
}

export interface MemorySample {
  /** Seconds since the watch began. */
  atS: number;
  rssMb: number;
  /** The JavaScript heap in use: growth here, not only in RSS, is what a leak looks like. */
  heapUsedMb?: number;
}

/** Samples the resident memory every `everyMs` until stopped. */
export function watchMemory(metricsUrl: string, everyMs = 5000) {
  const samples: MemorySample[] = [];
  const began = Date.now();
  let running = true;
  const loop = (async () => {
    while (running) {
      const mb = await memoryMb(metricsUrl);
      if (mb !== null) {
        samples.push({
          atS: Math.round((Date.now() - began) / 1000),
          rssMb: Math.round(mb.rss * 10) / 10,
          ...(mb.heapUsed === null ? {} : { heapUsedMb: Math.round(mb.heapUsed * 10) / 10 }),
        });
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop(): Promise<MemorySample[]> {
      running = false;
      await loop;
      return samples;
    },
  };
}

/** Least-squares slope of the resident memory over the samples, in MB per minute. */
export function slopeMbPerMinute(samples: readonly MemorySample[]): number {
  if (samples.length < 2) return 0;
  const n = samples.length;
  const meanX = samples.reduce((s, p) => s + p.atS, 0) / n;
  const meanY = samples.reduce((s, p) => s + p.rssMb, 0) / n;
  const cov = samples.reduce((s, p) => s + (p.atS - meanX) * (p.rssMb - meanY), 0);
  const varX = samples.reduce((s, p) => s + (p.atS - meanX) ** 2, 0);
  return varX === 0 ? 0 : (cov / varX) * 60;
}

/** What a soak says: peak, after warm-up, at the end, and the trend after warm-up (flat when it levels off). */
export interface SoakFigures {
  seconds: number;
  connections: number;
  requests: number;
  failures: number;
  peakMb: number;
  afterWarmUpMb: number;
  endMb: number;
  /** The trend over the samples after warm-up (the first fifth of the soak, at least a minute). */
  slopeMbPerMinute: number;
  /** The trend over the last half: growth that does not level off shows here. */
  lastHalfSlopeMbPerMinute: number;
  /** The JavaScript heap in use at the end, and its trend over the last half. */
  endHeapUsedMb: number | null;
  lastHalfHeapSlopeMbPerMinute: number | null;
  samples: MemorySample[];
}

export function soakFigures(samples: readonly MemorySample[], run: { seconds: number; connections: number; requests: number; failures: number }): SoakFigures {
  const warmUpS = Math.max(60, run.seconds / 5);
  const after = samples.filter((s) => s.atS >= warmUpS);
  const lastHalf = samples.filter((s) => s.atS >= run.seconds / 2);
  return {
    ...run,
    peakMb: Math.max(0, ...samples.map((s) => s.rssMb)),
    afterWarmUpMb: after[0]?.rssMb ?? 0,
    endMb: samples.at(-1)?.rssMb ?? 0,
    slopeMbPerMinute: Math.round(slopeMbPerMinute(after) * 100) / 100,
    lastHalfSlopeMbPerMinute: Math.round(slopeMbPerMinute(lastHalf) * 100) / 100,
    endHeapUsedMb: samples.at(-1)?.heapUsedMb ?? null,
    lastHalfHeapSlopeMbPerMinute: lastHalf.some((s) => s.heapUsedMb !== undefined)
      ? Math.round(slopeMbPerMinute(lastHalf.flatMap((s) => (s.heapUsedMb === undefined ? [] : [{ atS: s.atS, rssMb: s.heapUsedMb }]))) * 100) / 100
      : null,
    samples: [...samples],
  };
}
