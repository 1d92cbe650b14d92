import { useEffect, useMemo, useState, useSyncExternalStore, type ComponentType } from 'react';
import type { Language } from '~/bff/contracts/auth.ts';
import { translatorFor, type IslandMessages } from '~/site/i18n/island.ts';
import type { ApexChartProps } from './ApexChart.tsx';
import { seriesLabel, seriesMessageKeys } from './labels.ts';
import { unpackChart, type SeriesKey } from './series.ts';
import './MonitoringChart.css';

export const monitoringChartMessageKeys = [
  ...seriesMessageKeys,
  'monitoring.chartLoading',
  'monitoring.chartFailed',
  'monitoring.chartNeedsJavascript',
] as const;

interface Props {
  /** The same rows the table shows, as `packChart` (series.ts) writes them. */
  chart: string;
  /** The chart's accessible name; it points to the table with the numbers. */
  label: string;
  lang: Language;
  messages: IslandMessages<(typeof monitoringChartMessageKeys)[number]>;
}

type Loaded = { Chart: ComponentType<ApexChartProps>; reducedMotion: boolean; narrow: boolean };

const noSubscription = () => () => {};

/**
 * The power or energy chart. The server renders the legend (and, for browsers without JavaScript, a note); the island loads
 * apexcharts (ApexChart.tsx, its own chunk) and draws the chart. The numbers are in the table beside it either way.
 */
export default function MonitoringChart({ chart, label, lang, messages }: Props) {
  const data = useMemo(() => unpackChart(chart), [chart]);
  const t = translatorFor(messages);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  // False in the server's HTML: without JavaScript the box says so instead of "loading" for ever.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);

  useEffect(() => {
    let active = true;
    import('./ApexChart.tsx').then(
      (module) => {
        if (!active) return;
        setLoaded({
          Chart: module.default,
          reducedMotion: window.matchMedia('(prefers-reduced-motion: reduce)').matches,
          narrow: window.matchMedia('(max-width: 599.98px)').matches,
        });
      },
      (error: unknown) => {
        console.error('[monitoring] the chart could not be loaded', error);
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, []);

  const names = Object.fromEntries(data.series.map((key: SeriesKey) => [key, seriesLabel(t, key)])) as Record<SeriesKey, string>;
  return (
    <div className="monitoring-chart">
      <ul className="monitoring-chart__legend">
        {data.series.map((key: SeriesKey) => (
          <li key={key} className="monitoring-chart__legend-item">
            <span className={`monitoring-chart__swatch monitoring-chart__swatch--${key}`} aria-hidden="true"></span>
            {names[key]}
          </li>
        ))}
      </ul>
      <div className="monitoring-chart__canvas">
        {loaded ? (
          <loaded.Chart
            data={data}
            texts={{ label, names }}
            lang={lang}
            settings={{ reducedMotion: loaded.reducedMotion, narrow: loaded.narrow }}
          />
        ) : hydrated ? (
          <p className="monitoring-chart__status">{failed ? t('monitoring.chartFailed') : t('monitoring.chartLoading')}</p>
        ) : (
          <noscript>
            <p className="monitoring-chart__status">{t('monitoring.chartNeedsJavascript')}</p>
          </noscript>
        )}
      </div>
    </div>
  );
}
