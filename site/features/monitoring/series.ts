import type { EnergyBucket, Period, PowerPoint, WorkHistoryResponse } from '~/bff/contracts/monitoring.ts';
import type { Language } from '~/bff/contracts/auth.ts';
import { formatCalendarDate, formatTime, whToKwh } from '~/site/lib/format.ts';
import { addDays, berlinMidnight, calendarDateOf, type CalendarDate } from './periods.ts';

/**
 * The chart's numbers, built once on the server and handed both to the accessible table and (as the island's
 * props) to the chart, so the two cannot disagree: watts as whole numbers for a day, kWh with one decimal otherwise.
 */
export type PowerSeriesKey = 'pv' | 'consumption' | 'battery' | 'grid';
/** `target`: the day's yield target from the weather (docs/monitoring.md "Expected vs actual"), beside the PV bars. */
export type EnergySeriesKey = 'pv' | 'target' | 'consumption' | 'import' | 'export';
export type SeriesKey = PowerSeriesKey | EnergySeriesKey;

export const POWER_SERIES: readonly PowerSeriesKey[] = ['pv', 'consumption', 'battery', 'grid'];
export const ENERGY_SERIES: readonly EnergySeriesKey[] = ['pv', 'consumption', 'import', 'export'];
export const ENERGY_SERIES_WITH_TARGET: readonly EnergySeriesKey[] = ['pv', 'target', 'consumption', 'import', 'export'];

/**
 * Columns only the table shows, after the series: what the wallbox charged, part of consumption (docs/monitoring.md).
 * Present where the cloud reports a wallbox meter; not drawn, the chart's consumption already holds it.
 */
export type TableOnlyKey = 'wallbox';

export interface DataRow {
  /** Table row header, written out ("Montag, 11. Mai 2026", "14:15"). */
  label: string;
  /** Axis label of a bar ("Mo. 11.05.", "Jan.", "2025"); unused for the time axis. */
  shortLabel: string;
  /** For the power chart: the point's time in ms (the axis is real time, labelled in Berlin time). */
  x: number;
  /**
   * One value per series, in the order of `series`; null where there is none: a quarter hour the cloud never received
   * (a gap, drawn as a break and listed as "keine Daten", never filled) or a day without a target.
   */
  values: (number | null)[];
  /** One value per table-only column, in the order of `tableOnly`. */
  tableValues: (number | null)[];
  /** A missing quarter hour inside the day's data (docs/monitoring.md "Gaps and back-filled data"). */
  gap?: boolean;
  /** The gateway uploaded this point late, after an outage. */
  backfilled?: boolean;
}

export type ChartData =
  | {
      kind: 'power';
      unit: 'W';
      series: readonly PowerSeriesKey[];
      tableOnly: readonly TableOnlyKey[];
      rows: DataRow[];
      /** Berlin midnight to the next midnight: 23, 24 or 25 hours. */
      xMin: number;
      xMax: number;
    }
  | {
      kind: 'energy';
      unit: 'kWh';
      series: readonly EnergySeriesKey[];
      tableOnly: readonly TableOnlyKey[];
      rows: DataRow[];
      /**
       * The period's sums, rounded from the exact Wh (so they may differ from the sum of rounded rows by 0.1); the
       * target's sum covers the days that have one.
       */
      totals: (number | null)[];
      tableTotals: (number | null)[];
    };

/** What the chart draws of a row: its position, its names and one value per series. */
export type DrawnRow = Pick<DataRow, 'label' | 'shortLabel' | 'x' | 'values'>;

/** What the chart draws of ChartData: the series and their rows, without the table's own columns and marks. */
export type DrawnChart =
  | { kind: 'power'; series: readonly PowerSeriesKey[]; rows: DrawnRow[]; xMin: number; xMax: number }
  | { kind: 'energy'; series: readonly EnergySeriesKey[]; rows: DrawnRow[] };

/** One row as the island gets it: x, label, the short label where it differs (else null), then the values. */
type PackedRow = [number, string, string | null, ...(number | null)[]];
type PackedChart = { kind: 'power'; series: PowerSeriesKey[]; xMin: number; xMax: number; rows: PackedRow[] } | { kind: 'energy'; series: EnergySeriesKey[]; rows: PackedRow[] };

/**
 * The chart island's data as one JSON text. Astro writes an object prop value by value into the page (`[0,1234]` for
 * each number, its quotes escaped), which made a day's chart props 21 KB, a quarter of the monitoring page; as text
 * they are about 6 KB (docs/monitoring.md "What a page asks").
 */
export function packChart(data: ChartData): string {
  const rows = data.rows.map((row): PackedRow => [row.x, row.label, row.shortLabel === row.label ? null : row.shortLabel, ...row.values]);
  const packed: PackedChart =
    data.kind === 'power' ? { kind: 'power', series: [...data.series], xMin: data.xMin, xMax: data.xMax, rows } : { kind: 'energy', series: [...data.series], rows };
  return JSON.stringify(packed);
}

/** The chart island's side of `packChart`. */
export function unpackChart(text: string): DrawnChart {
  const packed = JSON.parse(text) as PackedChart;
  const rows = packed.rows.map(([x, label, shortLabel, ...values]): DrawnRow => ({ x, label, shortLabel: shortLabel ?? label, values }));
  return packed.kind === 'power' ? { kind: 'power', series: packed.series, xMin: packed.xMin, xMax: packed.xMax, rows } : { kind: 'energy', series: packed.series, rows };
}

/**
 * 15-minute power of one Berlin day. On the day clocks go back the repeated hour is labelled with its zone. Without a
 * battery there is no battery series (nor legend entry, nor table column): it would be a flat zero line. The caller
 * must say whether there is one (the installation's battery capacity); there is no default that could draw one.
 */
export function buildPowerChart(points: readonly PowerPoint[], date: CalendarDate, lang: Language, options: { battery: boolean; resolutionMinutes?: number }): ChartData {
  const series = options.battery ? POWER_SERIES : POWER_SERIES.filter((key) => key !== 'battery');
  const tableOnly: TableOnlyKey[] = points.some((p) => typeof p.wallboxW === 'number') ? ['wallbox'] : [];
  const valueOf: Record<PowerSeriesKey, (point: PowerPoint) => number> = {
    pv: (p) => p.pvW,
    consumption: (p) => p.consumptionW,
    battery: (p) => p.batteryW,
    grid: (p) => p.gridW,
  };
  const sorted = points
    .map((point) => ({ point, x: Date.parse(point.timestamp) }))
    .filter(({ x }) => !Number.isNaN(x))
    .sort((a, b) => a.x - b.x);
  const timed = withGaps(sorted, options.resolutionMinutes ?? 15);
  const plain = timed.map(({ x }) => formatTime(x, lang));
  const repeated = new Set(plain.filter((label, index) => plain.indexOf(label) !== index));
  return {
    kind: 'power',
    unit: 'W',
    series,
    tableOnly,
    rows: timed.map(({ point, x }, index) => {
      const label = repeated.has(plain[index] ?? '') ? formatTime(x, lang, true) : (plain[index] ?? '');
      if (!point) return { label, shortLabel: label, x, values: series.map(() => null), tableValues: tableOnly.map(() => null), gap: true };
      return {
        label,
        shortLabel: label,
        x,
        values: series.map((key) => Math.round(valueOf[key](point)) || 0),
        tableValues: tableOnly.map(() => Math.round(point.wallboxW ?? 0) || 0),
        ...(point.backfilled ? { backfilled: true } : {}),
      };
    }),
    xMin: berlinMidnight(date),
    xMax: berlinMidnight(addDays(date, 1)),
  };
}

/**
 * The points with one empty entry for every interval missing between two of them (docs/monitoring.md "Gaps and
 * back-filled data"): a gap longer than one interval stays visible as a gap, in the chart and in the table. Missing
 * intervals before the first point or after the last one are not data the cloud lost (before commissioning, later
 * today), so nothing is added there.
 */
export function withGaps<P>(sorted: readonly { point: P; x: number }[], resolutionMinutes: number): { point: P | null; x: number }[] {
  const step = resolutionMinutes * 60_000;
  const out: { point: P | null; x: number }[] = [];
  for (const entry of sorted) {
    const previous = out.at(-1);
    if (previous) for (let x = previous.x + step; x < entry.x && out.length < 2_000; x += step) out.push({ point: null, x });
    out.push(entry);
  }
  return out;
}

/** The gaps of a day's rows as time ranges (first missing start, end of the last missing interval), for the note. */
export function gapRanges(data: ChartData, resolutionMinutes = 15): { from: number; to: number }[] {
  const ranges: { from: number; to: number }[] = [];
  const step = resolutionMinutes * 60_000;
  for (const row of data.rows) {
    if (!row.gap) continue;
    const last = ranges.at(-1);
    if (last && last.to === row.x) last.to = row.x + step;
    else ranges.push({ from: row.x, to: row.x + step });
  }
  return ranges;
}

const energyValues = (bucket: Pick<EnergyBucket, 'pvWh' | 'consumptionWh' | 'importWh' | 'exportWh'>) =>
  [bucket.pvWh, bucket.consumptionWh, bucket.importWh, bucket.exportWh].map(whToKwh);

function bucketLabels(start: CalendarDate, period: Period, lang: Language): { label: string; shortLabel: string } {
  switch (period) {
    case 'day':
    case 'week':
    case 'month':
      return {
        label: formatCalendarDate(start, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, lang),
        shortLabel:
          period === 'month'
            ? formatCalendarDate(start, { day: 'numeric' }, lang)
            : formatCalendarDate(start, { weekday: 'short', day: '2-digit', month: '2-digit' }, lang),
      };
    case 'year':
      return {
        label: formatCalendarDate(start, { month: 'long', year: 'numeric' }, lang),
        shortLabel: formatCalendarDate(start, { month: 'short' }, lang),
      };
    case 'total':
      return { label: start.slice(0, 4), shortLabel: start.slice(0, 4) };
  }
}

/**
 * Energy per day (week, month), per month (year) or per year (total), in kWh; the wallbox's share as a table column.
 * With `targets` (kWh per Berlin date; docs/monitoring.md "Expected vs actual") a "Soll" series follows PV: the days
 * without a target (today, no weather) have none, and the sum covers the days that have one.
 */
export function buildEnergyChart(work: Pick<WorkHistoryResponse, 'buckets' | 'totals'>, period: Period, lang: Language, targets?: ReadonlyMap<string, number>): ChartData {
  const tableOnly: TableOnlyKey[] = typeof work.totals.wallboxWh === 'number' ? ['wallbox'] : [];
  const tableValues = (bucket: Pick<EnergyBucket, 'wallboxWh'>) => tableOnly.map(() => whToKwh(bucket.wallboxWh ?? 0));
  const withTarget = targets !== undefined && targets.size > 0;
  const series: readonly EnergySeriesKey[] = withTarget ? ENERGY_SERIES_WITH_TARGET : ENERGY_SERIES;
  const dated = work.buckets
    .map((bucket) => ({ bucket, start: calendarDateOf(bucket.start) }))
    .filter((entry): entry is { bucket: EnergyBucket; start: CalendarDate } => entry.start !== null)
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const targetOf = (date: string) => {
    const kwh = targets?.get(date);
    return kwh === undefined ? null : Math.round(kwh * 10) / 10;
  };
  const withTargetValue = (values: number[], target: number | null): (number | null)[] => (withTarget ? [values[0] ?? 0, target, ...values.slice(1)] : values);
  const targetSum = withTarget ? Math.round([...(targets?.values() ?? [])].reduce((sum, kwh) => sum + kwh, 0) * 10) / 10 : null;
  return {
    kind: 'energy',
    unit: 'kWh',
    series,
    tableOnly,
    rows: dated.map(({ bucket, start }) => ({
      ...bucketLabels(start, period, lang),
      x: Date.parse(`${start}T00:00:00Z`),
      values: withTargetValue(energyValues(bucket), targetOf(start)),
      tableValues: tableValues(bucket),
    })),
    totals: withTargetValue(energyValues(work.totals), targetSum),
    tableTotals: tableValues(work.totals),
  };
}

export interface TableColumn {
  key: SeriesKey | TableOnlyKey;
  /** The column's value in each row, in the order of `rows` (null: none, see `DataRow.values`). */
  values: (number | null)[];
  /** The period's sum (energy tables only). */
  total: number | null;
}

/**
 * The table's columns: the chart's series, with the table-only wallbox column right after consumption, which it is a
 * part of ("davon Wallbox"), the same order as the CSV (bff/domain/monitoring/csv.ts).
 */
export function tableColumns(data: ChartData): TableColumn[] {
  const totals = data.kind === 'energy' ? data.totals : [];
  const tableTotals = data.kind === 'energy' ? data.tableTotals : [];
  const tableOnly = data.tableOnly.map((key, index) => ({
    key,
    values: data.rows.map((row) => row.tableValues[index] ?? null),
    total: data.kind === 'energy' ? (tableTotals[index] ?? 0) : null,
  }));
  return data.series.flatMap((key: SeriesKey, index) => [
    { key, values: data.rows.map((row) => row.values[index] ?? null), total: data.kind === 'energy' ? (totals[index] ?? null) : null },
    ...(key === 'consumption' ? tableOnly : []),
  ]);
}
