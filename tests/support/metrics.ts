import { registry } from '~/bff/observability/metrics.ts';

/**
 * The value of one series of the portal's metrics in this process (a counter, or a histogram's `_count` when
 * `series` names it), 0 when it was never written.
 */
export async function metricValue(name: string, labels: Record<string, string>, series = name): Promise<number> {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  const values = (metric?.values ?? []) as { metricName?: string; labels: Record<string, string | number>; value: number }[];
  return (
    values.find((v) => (v.metricName ?? name) === series && Object.entries(labels).every(([key, value]) => String(v.labels[key]) === value))?.value ?? 0
  );
}
