import type { ApexOptions } from 'apexcharts';
import type { Language } from '~/bff/contracts/auth.ts';
import { berlinHour, formatKwhValue, formatNumber, formatTime, formatWatts } from '~/site/lib/format.ts';
import type { DrawnChart, SeriesKey } from './series.ts';

/**
 * apexcharts options for the two charts. Type-only import of apexcharts: this module is pure and unit-tested; the
 * library itself is only loaded by ApexChart.tsx.
 */

/** Series colours with at least 3:1 against white (WCAG 1.4.11); the legend's swatches use the same (MonitoringChart.css). */
export const SERIES_COLORS: Record<SeriesKey, string> = {
  pv: '#b45309',
  target: '#be185d',
  consumption: '#0b2545',
  battery: '#1c6b35',
  grid: '#7e22ce',
  import: '#a1151a',
  export: '#0e7490',
};

export interface ChartSeries {
  name: string;
  type?: 'area' | 'line' | 'column';
  /** `y: null` is a gap: apexcharts breaks the line there (docs/monitoring.md "Gaps and back-filled data"). */
  data: { x: number | string; y: number | null }[];
}

/** Whether the energy chart carries the daily target as a line over the bars. */
const hasTarget = (data: DrawnChart) => data.kind === 'energy' && data.series.includes('target');

/** Series in apexcharts' shape, with the same numbers the table shows. */
export function chartSeries(data: DrawnChart, names: Record<SeriesKey, string>): ChartSeries[] {
  const typeOf = (key: SeriesKey) =>
    data.kind === 'power' ? { type: key === 'pv' ? ('area' as const) : ('line' as const) } : hasTarget(data) ? { type: key === 'target' ? ('line' as const) : ('column' as const) } : {};
  return data.series.map((key: SeriesKey, index) => ({
    name: names[key],
    ...typeOf(key),
    data: data.rows.map((row) => ({
      x: data.kind === 'power' ? row.x : row.shortLabel,
      y: row.values[index] ?? null,
    })),
  }));
}

/** Whole hours between the axis' ends: 23, 24 or 25 on a Berlin day. */
export function hoursOf(data: Extract<DrawnChart, { kind: 'power' }>): number {
  return Math.round((data.xMax - data.xMin) / 3_600_000);
}

/**
 * Axis label for a tick of the day chart: every `everyHours`-th Berlin hour, empty otherwise. Ticks sit on every real
 * hour from Berlin midnight, so on DST days the labels still read 00:00, 03:00, 06:00 … in local time.
 */
export function hourTickLabel(instant: number, lang: Language, everyHours: number): string {
  const rounded = Math.round(instant / 60_000) * 60_000;
  return berlinHour(rounded) % everyHours === 0 ? formatTime(rounded, lang) : '';
}

export interface ChartTexts {
  /** The chart's accessible name (svg role="img"). */
  label: string;
  names: Record<SeriesKey, string>;
}

export function chartOptions(
  data: DrawnChart,
  texts: ChartTexts,
  lang: Language,
  settings: { reducedMotion: boolean; narrow: boolean },
): ApexOptions {
  const common: ApexOptions = {
    chart: {
      fontFamily: 'inherit',
      foreColor: '#46566c',
      // CSP: no <style> element (style-src has no 'unsafe-inline'); the stylesheet ships as a file (ApexChart.tsx).
      injectStyleSheet: false,
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: !settings.reducedMotion },
      // The table below carries every number: the SVG is one image with a name, not a keyboard widget.
      accessibility: {
        enabled: true,
        description: texts.label,
        announcements: { enabled: false },
        keyboard: { enabled: false, navigation: { enabled: false } },
      },
    },
    colors: data.series.map((key: SeriesKey) => SERIES_COLORS[key]),
    legend: { show: false },
    dataLabels: { enabled: false },
    grid: { borderColor: '#d3dae5', strokeDashArray: 3 },
  };

  if (data.kind === 'power') {
    const hours = hoursOf(data);
    const everyHours = settings.narrow ? 6 : 3;
    return {
      ...common,
      chart: { ...common.chart, type: 'line', height: 340 },
      // Per series, by key: without a battery there are three.
      stroke: { width: data.series.map(() => 2), curve: 'straight' },
      fill: { type: 'solid', opacity: data.series.map((key: SeriesKey) => (key === 'pv' ? 0.25 : 1)) },
      markers: { size: 0 },
      xaxis: {
        type: 'numeric',
        min: data.xMin,
        max: data.xMax,
        tickAmount: hours,
        labels: {
          rotate: 0,
          hideOverlappingLabels: false,
          formatter: (value: string) => hourTickLabel(Number(value), lang, everyHours),
        },
        tooltip: { enabled: false },
      },
      yaxis: {
        labels: { formatter: (value: number) => formatWatts(value, lang) },
      },
      tooltip: {
        shared: true,
        x: { formatter: (value: number) => formatTime(value, lang) },
        y: { formatter: (value: number) => formatWatts(value, lang) },
      },
    };
  }

  const target = hasTarget(data);
  return {
    ...common,
    // With the target: a line over the bars (mixed chart); its markers show the days that have one.
    chart: { ...common.chart, type: target ? 'line' : 'bar', height: 340 },
    plotOptions: { bar: { columnWidth: data.rows.length > 14 ? '85%' : '70%' } },
    fill: { type: 'solid', opacity: 1 },
    stroke: target ? { show: true, width: data.series.map((key: SeriesKey) => (key === 'target' ? 3 : 0)), curve: 'straight' } : { show: false },
    ...(target ? { markers: { size: data.series.map((key: SeriesKey) => (key === 'target' ? 4 : 0)) } } : {}),
    states: { hover: { filter: { type: 'none' } }, active: { filter: { type: 'none' } } },
    xaxis: {
      type: 'category',
      labels: { rotate: 0, hideOverlappingLabels: true },
      tooltip: { enabled: false },
    },
    yaxis: {
      labels: { formatter: (value: number) => `${formatNumber(value, lang, Number.isInteger(value) ? 0 : 1)}\u00a0kWh` },
    },
    tooltip: {
      shared: true,
      intersect: false,
      x: {
        formatter: (value: number, options?: { dataPointIndex?: number }) =>
          data.rows[options?.dataPointIndex ?? -1]?.label ?? String(value),
      },
      y: { formatter: (value: number) => formatKwhValue(value, lang) },
    },
  };
}
