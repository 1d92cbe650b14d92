/** A small closed-loop HTTP load generator on loopback: `connections` workers request in a loop for `seconds`. */
export interface LoadResult {
  url: string;
  requests: number;
  errors: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export async function load(url: string, options: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + options.seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      try {
        const response = await fetch(url, { headers: options.headers });
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - start);
        else errors++;
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    url,
    requests: latencies.length,
    errors,
    rps: Math.round(latencies.length / elapsed),
    p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
  };
}

/** Sequential timings of one request, for endpoints whose single-request latency matters. */
export async function timeRequests(url: string, options: { count: number; headers?: Record<string, string> }) {
  const latencies: number[] = [];
  for (let i = 0; i < options.count; i++) {
    const start = performance.now();
    const response = await fetch(url, { headers: options.headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    latencies.push(performance.now() - start);
  }
  latencies.sort((a, b) => a - b);
  return { url, count: options.count, p50Ms: Math.round(percentile(latencies, 50) * 10) / 10, p99Ms: Math.round(percentile(latencies, 99) * 10) / 10 };
}
