import Chart from 'react-apexcharts/core';
// Only the two chart types the page draws: `line` registers line and area, `bar` the bars (apexcharts' tree-shaking).
import 'apexcharts/line';
import 'apexcharts/bar';
// chart.injectStyleSheet is false (the page's CSP allows no <style> element), so the library's stylesheet comes as a file.
import 'apexcharts/dist/apexcharts.css';
import type { Language } from '~/bff/contracts/auth.ts';
import { chartOptions, chartSeries, type ChartTexts } from './chartOptions.ts';
import type { DrawnChart } from './series.ts';

export interface ApexChartProps {
  data: DrawnChart;
  texts: ChartTexts;
  lang: Language;
  settings: { reducedMotion: boolean; narrow: boolean };
}

/**
 * The chart itself, in a chunk of its own: MonitoringChart imports it dynamically, so apexcharts is loaded only on the
 * monitoring page and only once the chart is on screen (docs/architecture.md, Conventions: islands only where a page is interactive).
 */
export default function ApexChart({ data, texts, lang, settings }: ApexChartProps) {
  return (
    <Chart
      type={data.kind === 'power' ? 'line' : 'bar'}
      options={chartOptions(data, texts, lang, settings)}
      series={chartSeries(data, texts.names)}
      height={340}
      width="100%"
    />
  );
}
