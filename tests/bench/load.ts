import autocannon from 'autocannon';

/** Load on loopback for `npm run bench`. */
export interface LoadResult {
  url: string;
  requests: number;
  errors: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers by status class (`2xx`, `3xx`, `4xx`, `5xx`). */
  byClass: Record<StatusClass, number>;
  /** Failed connections and timeouts. */
  failures: number;
}
export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * `connections` keep-alive connections request `url` in a closed loop for `seconds` (autocannon: an HTTP/1.1 client
 * that, unlike fetch, keeps up with a few thousand requests per second from one core). Only 2xx answers count.
 */
export async function load(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const result = await autocannon({ url, connections: options.connections, duration: options.seconds, headers: options.headers });
  const ok = result['2xx'];
  return {
    url,
    requests: ok,
    errors: result.errors + result.timeouts + result.non2xx,
    rps: Math.round(ok / options.seconds),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    byClass: { '2xx': result['2xx'], '3xx': result['3xx'], '4xx': result['4xx'], '5xx': result['5xx'] },
    failures: result.errors + result.timeouts,
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
