import type { Language } from '~/bff/contracts/auth.ts';
import { formatNumber } from '~/site/lib/format.ts';
import { escapeHtml } from '~/bff/contracts/html.ts';
import type { DataRow, TableColumn } from './series.ts';

export interface TableRowTexts {
  /** The flag of a quarter hour the cloud never received ("keine Daten"). */
  gap: string;
  /** The flag of a point the gateway uploaded late. */
  backfilled: string;
  /** What a screen reader hears for an empty cell (the eye sees a dash). */
  noValue: string;
}

/** An empty cell: a dash for the eye, words for a screen reader. */
const emptyCell = (noValue: string) => `<td><span aria-hidden="true">–</span><span class="visually-hidden">${escapeHtml(noValue)}</span></td>`;

/**
 * The chart table's body rows as one escaped HTML string. A day has 96 rows of up to six cells; written as Astro
 * expressions, each cell was a render step of its own and a scoped-style attribute (docs/performance.md "Rows written
 * as one string"). Every text in it is escaped here.
 */
export function tableRowsHtml(rows: readonly DataRow[], columns: readonly TableColumn[], digits: number, lang: Language, texts: TableRowTexts): string {
  const gap = `<span class="data-table__flag">${escapeHtml(texts.gap)}</span>`;
  const late = `<span class="data-table__flag data-table__flag--late">${escapeHtml(texts.backfilled)}</span>`;
  const empty = emptyCell(texts.noValue);
  let html = '';
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index] as DataRow;
    html += row.gap ? '<tr class="data-table__gap">' : '<tr>';
    html += `<th scope="row">${escapeHtml(row.label)}${row.gap ? gap : ''}${row.backfilled ? late : ''}</th>`;
    for (const column of columns) {
      const value = column.values[index] ?? null;
      html += value === null ? empty : `<td>${escapeHtml(formatNumber(value, lang, digits))}</td>`;
    }
    html += '</tr>';
  }
  return html;
}

/**
 * The sums row's cells (an energy table's footer): its row header, then each column's total with one decimal, or the
 * same empty cell as the body's where a column has none.
 */
export function tableSumsHtml(columns: readonly TableColumn[], lang: Language, texts: { sum: string; noValue: string }): string {
  let html = `<th scope="row">${escapeHtml(texts.sum)}</th>`;
  for (const column of columns) {
    html += column.total === null ? emptyCell(texts.noValue) : `<td>${escapeHtml(formatNumber(column.total, lang, 1))}</td>`;
  }
  return html;
}
