import { describe, expect, it } from 'vitest';
import type { EnergyBucket, PowerPoint } from '~/bff/contracts/monitoring.ts';
import { chartOptions, chartSeries, hourTickLabel, hoursOf } from './chartOptions.ts';
import { buildEnergyChart, buildPowerChart, gapRanges, packChart, tableColumns, unpackChart, type SeriesKey } from './series.ts';
import { serializeProps } from '../../../node_modules/astro/dist/runtime/server/serialize.js';

const names: Record<SeriesKey, string> = {
  pv: 'PV-Erzeugung',
  target: 'Soll',
  consumption: 'Verbrauch',
  battery: 'Batterie',
  grid: 'Netz',
  import: 'Netzbezug',
  export: 'Einspeisung',
};

const point = (timestamp: string, overrides: Partial<PowerPoint> = {}): PowerPoint => ({
  timestamp,
  pvW: 0,
  consumptionW: 300,
  batteryW: 0,
  gridW: 300,
  batterySocPct: 50,
  ...overrides,
});

const bucket = (start: string, overrides: Partial<EnergyBucket> = {}): EnergyBucket => ({
  start,
  pvWh: 0,
  importWh: 0,
  exportWh: 0,
  chargeWh: 0,
  dischargeWh: 0,
  consumptionWh: 0,
  ...overrides,
});

describe('power chart of a day', () => {
  it('lists the points in Berlin time with whole watts, in time order', () => {
    const data = buildPowerChart(
      [
        point('2026-07-01T10:15:00Z', { pvW: 6123.6, consumptionW: 410, batteryW: -3000, gridW: -2713.6 }),
        point('2026-07-01T10:00:00Z', { pvW: 6050 }),
      ],
      '2026-07-01',
      'de',
      { battery: true },
    );
    expect(data.kind).toBe('power');
    expect(data.rows.map((row) => row.label)).toEqual(['12:00', '12:15']);
    expect(data.rows[1]?.values).toEqual([6124, 410, -3000, -2714]);
  });

  it('spans Berlin midnight to midnight: 25 hours on the day clocks go back, with the repeated hour named', () => {
    const data = buildPowerChart([point('2026-10-25T00:15:00Z'), point('2026-10-25T01:15:00Z')], '2026-10-25', 'de', { battery: true });
    if (data.kind !== 'power') throw new Error('power chart expected');
    expect(hoursOf(data)).toBe(25);
    expect(data.rows.filter((row) => !row.gap).map((row) => row.label)).toEqual(['02:15 MESZ', '02:15 MEZ']);
  });

  it('labels every third Berlin hour on the axis, also on the 23-hour day', () => {
    const data = buildPowerChart([], '2026-03-29', 'de', { battery: true });
    if (data.kind !== 'power') throw new Error('power chart expected');
    expect(hoursOf(data)).toBe(23);
    const ticks = Array.from({ length: 24 }, (_, hour) => hourTickLabel(data.xMin + hour * 3_600_000, 'de', 3));
    expect(ticks.filter(Boolean)).toEqual(['00:00', '03:00', '06:00', '09:00', '12:00', '15:00', '18:00', '21:00', '00:00']);
  });
});

describe('energy chart of a period', () => {
  const work = {
    buckets: [
      bucket('2026-11-17', { pvWh: 8_449, consumptionWh: 12_050, importWh: 6_001, exportWh: 2_400 }),
      bucket('2026-11-16', { pvWh: 10_000, consumptionWh: 11_000, importWh: 4_000, exportWh: 3_000 }),
    ],
    totals: bucket('', { pvWh: 18_449, consumptionWh: 23_050, importWh: 10_001, exportWh: 5_400 }),
  };

  it('has one bar per day in kWh with one decimal, in date order, and the rounded sums', () => {
    const data = buildEnergyChart(work, 'week', 'de');
    if (data.kind !== 'energy') throw new Error('energy chart expected');
    expect(data.rows.map((row) => [row.label, row.shortLabel])).toEqual([
      ['Montag, 16. November 2026', 'Mo., 16.11.'],
      ['Dienstag, 17. November 2026', 'Di., 17.11.'],
    ]);
    expect(data.rows[1]?.values).toEqual([8.4, 12.1, 6, 2.4]);
    expect(data.totals).toEqual([18.4, 23.1, 10, 5.4]);
  });

  it('labels months for a year and years for the total', () => {
    expect(buildEnergyChart({ ...work, buckets: [bucket('2026-03-01')] }, 'year', 'de').rows[0]).toMatchObject({
      label: 'März 2026',
      shortLabel: 'Mär',
    });
    expect(buildEnergyChart({ ...work, buckets: [bucket('2025')] }, 'total', 'de').rows[0]).toMatchObject({
      label: '2025',
      shortLabel: '2025',
    });
  });

  it('hands the chart exactly the numbers of the table', () => {
    const data = buildEnergyChart(work, 'month', 'de');
    const series = chartSeries(data, names);
    expect(series.map((s) => s.name)).toEqual(['PV-Erzeugung', 'Verbrauch', 'Netzbezug', 'Einspeisung']);
    data.rows.forEach((row, rowIndex) => {
      row.values.forEach((value, seriesIndex) => expect(series[seriesIndex]?.data[rowIndex]?.y).toBe(value));
    });
    expect(series[0]?.data.map((d) => d.x)).toEqual(['16', '17']);
  });
});

describe('chart options', () => {
  it('never lets apexcharts inject a <style> element (the CSP would block it)', () => {
    const settings = { reducedMotion: true, narrow: false };
    for (const data of [buildPowerChart([], '2026-11-22', 'de', { battery: true }), buildEnergyChart({ buckets: [], totals: bucket('') }, 'week', 'de')]) {
      const options = chartOptions(data, { label: 'Diagramm', names }, 'de', settings);
      expect(options.chart?.injectStyleSheet).toBe(false);
      expect(options.chart?.animations?.enabled).toBe(false);
      expect(options.chart?.accessibility?.description).toBe('Diagramm');
    }
  });
});

describe('an installation without a battery', () => {
  const points = [point('2026-07-01T10:00:00Z', { pvW: 5000, consumptionW: 800, batteryW: 0, gridW: -4200, batterySocPct: null })];

  it('has no battery series, so no legend entry (the legend lists the series) and no table column', () => {
    const without = buildPowerChart(points, '2026-07-01', 'de', { battery: false });
    expect(without.series).toEqual(['pv', 'consumption', 'grid']);
    expect(without.rows[0]?.values).toEqual([5000, 800, -4200]);
    const series = chartSeries(without, names);
    expect(series.map((s) => s.name)).toEqual(['PV-Erzeugung', 'Verbrauch', 'Netz']);
    expect(chartOptions(without, { label: 'Diagramm', names }, 'de', { reducedMotion: true, narrow: false }).colors).toHaveLength(3);
  });

  it('keeps the battery series for an installation with a battery', () => {
    expect(buildPowerChart(points, '2026-07-01', 'de', { battery: true }).series).toEqual(['pv', 'consumption', 'battery', 'grid']);
  });
});

describe('an installation with a wallbox', () => {
  it('shows in the day table what the wallbox drew, as a column after the series (not drawn: consumption holds it)', () => {
    const data = buildPowerChart(
      [point('2026-07-01T16:00:00Z', { pvW: 400, consumptionW: 11_500, gridW: 11_100, batterySocPct: null, wallboxW: 11_000 })],
      '2026-07-01',
      'de',
      { battery: false },
    );
    expect(data.tableOnly).toEqual(['wallbox']);
    expect(data.rows[0]?.tableValues).toEqual([11_000]);
    expect(chartSeries(data, names)).toHaveLength(3);
    expect(tableColumns(data).map((c) => [c.key, c.values[0], c.total])).toEqual([
      ['pv', 400, null],
      ['consumption', 11_500, null],
      ['wallbox', 11_000, null],
      ['grid', 11_100, null],
    ]);
  });

  it('shows per bar and in the sum what the wallbox charged, in kWh', () => {
    const data = buildEnergyChart(
      {
        buckets: [bucket('2026-06-01', { consumptionWh: 20_000, wallboxWh: 12_345 }), bucket('2026-06-02', { consumptionWh: 9_000, wallboxWh: 0 })],
        totals: bucket('', { consumptionWh: 29_000, wallboxWh: 12_345 }),
      },
      'month',
      'de',
    );
    if (data.kind !== 'energy') throw new Error('energy chart expected');
    expect(data.tableOnly).toEqual(['wallbox']);
    expect(data.rows.map((row) => row.tableValues)).toEqual([[12.3], [0]]);
    expect(data.tableTotals).toEqual([12.3]);
    // In the table right after consumption, which it is part of (as in the CSV).
    const columns = tableColumns(data);
    expect(columns.map((c) => c.key)).toEqual(['pv', 'consumption', 'wallbox', 'import', 'export']);
    expect(columns[2]).toEqual({ key: 'wallbox', values: [12.3, 0], total: 12.3 });
    expect(columns[1]).toEqual({ key: 'consumption', values: [20, 9], total: 29 });
  });

  it('has no wallbox column without a wallbox', () => {
    const data = buildEnergyChart({ buckets: [bucket('2026-06-01', { consumptionWh: 9_000 })], totals: bucket('', { consumptionWh: 9_000 }) }, 'month', 'de');
    if (data.kind !== 'energy') throw new Error('energy chart expected');
    expect(data.tableOnly).toEqual([]);
    expect(data.tableTotals).toEqual([]);
    expect(buildPowerChart([point('2026-07-01T10:00:00Z')], '2026-07-01', 'de', { battery: true }).tableOnly).toEqual([]);
  });
});

/** The fixture day with a three-hour outage: 84 quarter hours of 96. */
async function dayWithGap(): Promise<{ date: string; points: PowerPoint[] }> {
  const { readFile } = await import('node:fs/promises');
  return JSON.parse(await readFile(new URL('../../../bff/domain/energy-value/fixtures/power-day-with-gap.json', import.meta.url), 'utf8')) as { date: string; points: PowerPoint[] };
}

describe('gaps and back-filled data (docs/monitoring.md "Gaps and back-filled data")', () => {
  it('keeps the fixture day\'s three-hour outage as twelve empty quarter hours, never filled', async () => {
    const fixture = await dayWithGap();
    expect(fixture.points).toHaveLength(84);
    const chart = buildPowerChart(fixture.points, fixture.date, 'de', { battery: true, resolutionMinutes: 15 });
    expect(chart.rows).toHaveLength(96);
    const gaps = chart.rows.filter((row) => row.gap);
    expect(gaps.map((row) => row.label)).toEqual(['12:00', '12:15', '12:30', '12:45', '13:00', '13:15', '13:30', '13:45', '14:00', '14:15', '14:30', '14:45']);
    expect(gaps.every((row) => row.values.every((v) => v === null))).toBe(true);
    expect(gapRanges(chart)).toEqual([{ from: Date.parse('2026-06-21T12:00:00+02:00'), to: Date.parse('2026-06-21T15:00:00+02:00') }]);
    // The chart draws null as a break in the line; the table column holds null, shown as "–" with "kein Wert".
    const pv = chartSeries(chart, names)[0];
    expect(pv?.data.filter((d) => d.y === null)).toHaveLength(12);
    expect(tableColumns(chart)[0]?.values.filter((v) => v === null)).toHaveLength(12);
  });

  it('adds nothing before the first or after the last point (later today, before commissioning)', () => {
    const chart = buildPowerChart([point('2026-06-21T10:00:00+02:00'), point('2026-06-21T10:15:00+02:00')], '2026-06-21', 'de', { battery: false });
    expect(chart.rows.map((row) => row.gap ?? false)).toEqual([false, false]);
  });

  it('marks a point the gateway uploaded late', () => {
    const chart = buildPowerChart(
      [point('2026-06-21T10:00:00+02:00'), point('2026-06-21T10:15:00+02:00', { backfilled: true }), point('2026-06-21T10:30:00+02:00')],
      '2026-06-21',
      'de',
      { battery: false },
    );
    expect(chart.rows.map((row) => row.backfilled ?? false)).toEqual([false, true, false]);
  });
});

describe('the target beside the actual', () => {
  const work = {
    buckets: [bucket('2026-06-15', { pvWh: 40_000 }), bucket('2026-06-16', { pvWh: 20_000 }), bucket('2026-06-17', { pvWh: 5_000 })],
    totals: { pvWh: 65_000, importWh: 0, exportWh: 0, chargeWh: 0, dischargeWh: 0, consumptionWh: 0 },
  };

  it('puts a "Soll" column right after PV; a day without a target has none, the sum covers the days that have one', () => {
    const chart = buildEnergyChart(work, 'week', 'de', new Map([['2026-06-15', 41.26], ['2026-06-16', 39.9]]));
    expect(chart.series).toEqual(['pv', 'target', 'consumption', 'import', 'export']);
    expect(chart.rows.map((row) => row.values.slice(0, 2))).toEqual([[40, 41.3], [20, 39.9], [5, null]]);
    expect(chart.kind === 'energy' && chart.totals.slice(0, 2)).toEqual([65, 81.2]);
    // Drawn as a line over the bars, with the same numbers.
    const series = chartSeries(chart, names);
    expect(series.map((s) => s.type)).toEqual(['column', 'line', 'column', 'column', 'column']);
    expect(series[1]?.data.map((d) => d.y)).toEqual([41.3, 39.9, null]);
    expect(chartOptions(chart, { label: 'x', names }, 'de', { reducedMotion: true, narrow: false }).chart?.type).toBe('line');
  });

  it('without targets the chart is the bar chart it was', () => {
    const chart = buildEnergyChart(work, 'week', 'de');
    expect(chart.series).toEqual(['pv', 'consumption', 'import', 'export']);
    expect(chartSeries(chart, names)[0]?.type).toBeUndefined();
    expect(chartOptions(chart, { label: 'x', names }, 'de', { reducedMotion: true, narrow: false }).chart?.type).toBe('bar');
  });
});

describe('the chart island’s props', () => {
  it('carry what the chart draws, gaps and a differing short label included, as one text far smaller than the rows', async () => {
    const fixture = await dayWithGap();
    const day = buildPowerChart(fixture.points, fixture.date, 'de', { battery: true, resolutionMinutes: 15 });
    if (day.kind !== 'power') throw new Error('power chart expected');
    const drawn = unpackChart(packChart(day));
    expect(drawn).toEqual({ kind: 'power', series: day.series, xMin: day.xMin, xMax: day.xMax, rows: day.rows.map(({ x, label, shortLabel, values }) => ({ x, label, shortLabel, values })) });
    expect(chartSeries(drawn, names)).toEqual(chartSeries(day, names));
    const week = buildEnergyChart({ buckets: [bucket('2026-11-16', { pvWh: 10_000 }), bucket('2026-11-17', { pvWh: 8_449 })], totals: bucket('') }, 'week', 'de');
    expect(unpackChart(packChart(week))).toEqual({ kind: 'energy', series: week.series, rows: week.rows.map(({ x, label, shortLabel, values }) => ({ x, label, shortLabel, values })) });
    // What Astro's serialiser of island props writes into the page's attribute, quotes escaped: rows as objects against the text.
    const inPage = (props: unknown) => serializeProps(props as Record<string, unknown>, {} as never).replaceAll('"', '&quot;').length;
    expect(inPage({ chart: packChart(day) })).toBeLessThan(inPage({ data: day }) / 2.5);
  });
});
