/** The portal's resident memory, read from its metrics port (`process_resident_memory_bytes`, prom-client). */
export async function residentMb(metricsUrl: string): Promise<number | null> {
  try {
    const text = await (await fetch(metricsUrl, { signal: AbortSignal.timeout(2000) })).text();
    const line = /^process_resident_memory_bytes\s+([0-9.e+]+)$/m.exec(text);
    return line ? Number(line[1]) / 1024 / 1024 : null;
  } catch {
    return null;
  }
}

export interface MemorySample {
  /** Seconds since the watch began. */
  atS: number;
  rssMb: number;
}

/** Samples the resident memory every `everyMs` until stopped. */
export function watchMemory(metricsUrl: string, everyMs = 5000) {
  const samples: MemorySample[] = [];
  const began = Date.now();
  let running = true;
  const loop = (async () => {
    while (running) {
      const mb = await residentMb(metricsUrl);
      if (mb !== null) samples.push({ atS: Math.round((Date.now() - began) / 1000), rssMb: Math.round(mb * 10) / 10 });
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
    samples: [...samples],
  };
}
