import type { Language } from '~/bff/contracts/auth.ts';
import { formatNumber } from '~/site/lib/format.ts';
import { escapeHtml } from '~/site/lib/html.ts';
import type { DataRow, TableColumn } from './series.ts';

export interface TableRowTexts {
  /** The flag of a quarter hour the cloud never received ("keine Daten"). */
  gap: string;
  /** The flag of a point the gateway uploaded late. */
  backfilled: string;
  /** What a screen reader hears for an empty cell (the eye sees a dash). */
  noValue: string;
}

/**
 * The chart table's body rows as one escaped HTML string. A day has 96 rows of up to six cells; written as Astro
 * expressions, each cell was a render step of its own and a scoped-style attribute (docs/performance.md "Rows written
 * as one string"). Every text in it is escaped here.
 */
export function tableRowsHtml(rows: readonly DataRow[], columns: readonly TableColumn[], digits: number, lang: Language, texts: TableRowTexts): string {
  const gap = `<span class="data-table__flag">${escapeHtml(texts.gap)}</span>`;
  const late = `<span class="data-table__flag data-table__flag--late">${escapeHtml(texts.backfilled)}</span>`;
  const empty = `<td><span aria-hidden="true">–</span><span class="visually-hidden">${escapeHtml(texts.noValue)}</span></td>`;
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
