import { describe, expect, it } from 'vitest';
import type { DataRow, TableColumn } from './series.ts';
import { tableRowsHtml, tableSumsHtml } from './tableRows.ts';

const texts = { gap: 'keine Daten', backfilled: 'nachgeliefert', noValue: 'kein Wert' };
const row = (label: string, extra: Partial<DataRow> = {}): DataRow => ({ label, shortLabel: label, x: 0, values: [], tableValues: [], ...extra }) as DataRow;

describe('tableRowsHtml', () => {
  it('writes one row per data row, the label as row header and every value formatted in the language', () => {
    const rows = [row('14:00'), row('14:15')];
    const columns: TableColumn[] = [
      { key: 'pv', values: [4230, 1234567], total: null },
      { key: 'consumption', values: [-0, 800], total: null },
    ] as TableColumn[];
    expect(tableRowsHtml(rows, columns, 0, 'de', texts)).toBe(
      '<tr><th scope="row">14:00</th><td>4.230</td><td>0</td></tr><tr><th scope="row">14:15</th><td>1.234.567</td><td>800</td></tr>',
    );
    expect(tableRowsHtml(rows, columns, 1, 'en', texts)).toContain('<td>4,230.0</td>');
  });

  it('names a gap and a late point, and gives an empty cell a dash for the eye and words for a screen reader', () => {
    const rows = [row('11:00', { gap: true }), row('11:15', { backfilled: true })];
    const columns = [{ key: 'pv', values: [null, 500], total: null }] as TableColumn[];
    const html = tableRowsHtml(rows, columns, 0, 'de', texts);
    expect(html).toBe(
      '<tr class="data-table__gap"><th scope="row">11:00<span class="data-table__flag">keine Daten</span></th>' +
        '<td><span aria-hidden="true">–</span><span class="visually-hidden">kein Wert</span></td></tr>' +
        '<tr><th scope="row">11:15<span class="data-table__flag data-table__flag--late">nachgeliefert</span></th><td>500</td></tr>',
    );
  });

  it('escapes every text it writes', () => {
    const rows = [row('<b>"Mo" & Di\'</b>', { gap: true })];
    const columns = [{ key: 'pv', values: [null], total: null }] as TableColumn[];
    const html = tableRowsHtml(rows, columns, 0, 'de', { gap: '<i>', backfilled: '&', noValue: '"x"' });
    expect(html).toContain('&lt;b&gt;&quot;Mo&quot; &amp; Di&#39;&lt;/b&gt;');
    expect(html).toContain('<span class="data-table__flag">&lt;i&gt;</span>');
    expect(html).toContain('<span class="visually-hidden">&quot;x&quot;</span>');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<i>');
  });

  it('is empty without rows', () => {
    expect(tableRowsHtml([], [], 0, 'de', texts)).toBe('');
  });
});

describe('tableSumsHtml', () => {
  const columns = [
    { key: 'pv', values: [], total: 1234.56 },
    { key: 'wallbox', values: [], total: null },
  ] as TableColumn[];

  it('writes the row header and each total with one decimal in the language', () => {
    expect(tableSumsHtml(columns, 'de', { sum: 'Summe', noValue: 'kein Wert' })).toBe(
      '<th scope="row">Summe</th><td>1.234,6</td><td><span aria-hidden="true">–</span><span class="visually-hidden">kein Wert</span></td>',
    );
    expect(tableSumsHtml(columns, 'en', { sum: 'Total', noValue: 'no value' })).toContain('<td>1,234.6</td>');
  });

  it('gives a column without a total the same empty cell as the body and escapes its texts', () => {
    const html = tableSumsHtml(columns, 'de', { sum: '<Summe>', noValue: '"—"' });
    expect(html).toContain('<th scope="row">&lt;Summe&gt;</th>');
    expect(html).toContain('<td><span aria-hidden="true">–</span><span class="visually-hidden">&quot;—&quot;</span></td>');
  });
});
