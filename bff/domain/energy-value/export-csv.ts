import type { PowerPoint } from '../../contracts/monitoring.ts';
import { CSV_BOM, CSV_NEWLINE, csvLine, powerColumns } from '../monitoring/csv.ts';

/**
 * The full-resolution history as CSV, streamed (docs/exports.md "History"): every 15-minute point the IoT cloud
 * has, in the monitoring page's CSV format (semicolon, decimal comma, UTF-8 with BOM), plus a status column. A quarter
 * hour without a point is written as a row with only its time and "Lücke"; a point the gateway uploaded late says
 * "nachgeliefert". Nothing is filled in. Rows are read one by one from the source and written in chunks, so three
 * years take as little memory as a day.
 */

export type ExportPoint = PowerPoint & { backfilled?: boolean };

export interface ExportOptions {
  battery: boolean;
  wallbox: boolean;
  /** The quarter hours the file covers, [fromMs, toMs): missing points at its start and end are gaps too. */
  range?: { fromMs: number; toMs: number };
  /** Lines per chunk handed on (default 1,000, about 60 KB). */
  linesPerChunk?: number;
}

export const STATUS_HEADER = 'Status';
export const GAP = 'Lücke';
export const BACKFILLED = 'nachgeliefert';
const QUARTER_HOUR_MS = 900_000;

const offsetOf = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', timeZoneName: 'longOffset' });
const berlinParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the IoT cloud writes it: Berlin wall clock with its offset, `2026-06-21T12:15:00+02:00`. */
export function berlinTimestamp(ms: number): string {
  const date = new Date(ms);
  const p = Object.fromEntries(berlinParts.formatToParts(date).map((part) => [part.type, part.value]));
  const offset = (offsetOf.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT+01:00').replace('GMT', '');
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${offset === '' ? '+00:00' : offset}`;
}

/**
 * The CSV as chunks of text, pulled from `points` (in time order) only as fast as the reader takes the chunks: a slow
 * download holds one chunk, not the file.
 */
export async function* fullResolutionCsv(points: AsyncIterable<ExportPoint>, options: ExportOptions): AsyncGenerator<string> {
  const columns = powerColumns(options);
  const empty = columns.slice(1).map(() => '');
  const perChunk = options.linesPerChunk ?? 1_000;
  let lines: string[] = [`${CSV_BOM}${csvLine([...columns.map((c) => c.header), STATUS_HEADER])}`];
  const gapRows = function* (fromMs: number, toMs: number) {
    for (let t = fromMs; t < toMs; t += QUARTER_HOUR_MS) yield csvLine([berlinTimestamp(t), ...empty, GAP]);
  };
  const flushIfFull = () => {
    if (lines.length < perChunk) return undefined;
    const chunk = lines.join(CSV_NEWLINE) + CSV_NEWLINE;
    lines = [];
    return chunk;
  };

  let next = options.range?.fromMs;
  for await (const point of points) {
    const startMs = Date.parse(point.timestamp);
    if (next !== undefined) {
      for (const row of gapRows(next, startMs)) {
        lines.push(row);
        const chunk = flushIfFull();
        if (chunk) yield chunk;
      }
    }
    lines.push(csvLine([...columns.map((c) => c.cell(point)), point.backfilled ? BACKFILLED : '']));
    next = Math.max(next ?? 0, startMs + QUARTER_HOUR_MS);
    const chunk = flushIfFull();
    if (chunk) yield chunk;
  }
  if (options.range && next !== undefined) {
    for (const row of gapRows(next, options.range.toMs)) {
      lines.push(row);
      const chunk = flushIfFull();
      if (chunk) yield chunk;
    }
  }
  if (lines.length > 0) yield lines.join(CSV_NEWLINE) + CSV_NEWLINE;
}
