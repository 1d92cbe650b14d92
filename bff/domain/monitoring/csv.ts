import type { EnergyBucket, EnergyTotals, PowerHistoryResponse, PowerPoint, WorkHistoryResponse } from '../../contracts/monitoring.ts';

/**
 * CSV for German spreadsheet programs: semicolon separated, decimal comma, UTF-8 with BOM. Energies in kWh with three
 * decimals (exact to the Wh), so the file holds the same numbers the page shows, only less rounded.
 *
 * Columns follow the installation like the page does (docs/monitoring.md): the wallbox column only where the cloud
 * reports a wallbox meter (`wallboxWh` / `wallboxW`); no battery columns where they could only hold zeros (no state of
 * charge in any point, or no charging and discharging in the whole period).
 */
const kWh = (wh: number) => (wh / 1000).toFixed(3).replace('.', ',');
/** One CSV line without its line break (the export of docs/exports.md writes the same lines). */
export const csvLine = (cells: (string | number)[]) => cells.map(String).join(';');
export const CSV_BOM = '\uFEFF';
export const CSV_NEWLINE = '\r\n';

export interface Column<T> {
  header: string;
  cell: (row: T) => string | number;
}

function file<T>(columns: readonly Column<T>[], rows: readonly T[], footer?: (string | number)[]): string {
  const lines = [csvLine(columns.map((c) => c.header)), ...rows.map((row) => csvLine(columns.map((c) => c.cell(row))))];
  if (footer) lines.push(csvLine(footer));
  return `${CSV_BOM}${lines.join(CSV_NEWLINE)}${CSV_NEWLINE}`;
}

export function workHistoryCsv(work: WorkHistoryResponse): string {
  // Sums of non-negative counter differences: zero totals mean zero in every bucket.
  const battery = work.totals.chargeWh !== 0 || work.totals.dischargeWh !== 0;
  const wallbox = typeof work.totals.wallboxWh === 'number';
  const columns: Column<EnergyTotals>[] = [
    { header: 'PV-Erzeugung (kWh)', cell: (b) => kWh(b.pvWh) },
    { header: 'Verbrauch (kWh)', cell: (b) => kWh(b.consumptionWh) },
    ...(wallbox ? [{ header: 'davon Wallbox (kWh)', cell: (b: EnergyTotals) => kWh(b.wallboxWh ?? 0) }] : []),
    { header: 'Netzbezug (kWh)', cell: (b) => kWh(b.importWh) },
    { header: 'Einspeisung (kWh)', cell: (b) => kWh(b.exportWh) },
    ...(battery
      ? [
          { header: 'Batterie geladen (kWh)', cell: (b: EnergyTotals) => kWh(b.chargeWh) },
          { header: 'Batterie entladen (kWh)', cell: (b: EnergyTotals) => kWh(b.dischargeWh) },
        ]
      : []),
  ];
  const withStart: Column<EnergyBucket>[] = [{ header: 'Zeitraum', cell: (b) => b.start }, ...columns];
  return file(withStart, work.buckets, ['Summe', ...columns.map((c) => c.cell(work.totals))]);
}

export function powerHistoryCsv(power: PowerHistoryResponse): string {
  const battery = power.points.some((p) => p.batterySocPct !== null);
  const wallbox = power.points.some((p) => typeof p.wallboxW === 'number');
  return file(powerColumns({ battery, wallbox }), power.points);
}

/** The columns of 15-minute power, following the installation (battery, wallbox). */
export function powerColumns({ battery, wallbox }: { battery: boolean; wallbox: boolean }): Column<PowerPoint>[] {
  return [
    { header: 'Zeitpunkt', cell: (p) => p.timestamp },
    { header: 'PV (W)', cell: (p) => p.pvW },
    { header: 'Verbrauch (W)', cell: (p) => p.consumptionW },
    ...(wallbox ? [{ header: 'davon Wallbox (W)', cell: (p: PowerPoint) => p.wallboxW ?? 0 }] : []),
    ...(battery ? [{ header: 'Batterie (W, + Entladen)', cell: (p: PowerPoint) => p.batteryW }] : []),
    { header: 'Netz (W, + Bezug)', cell: (p) => p.gridW },
    ...(battery
      ? [{ header: 'Ladestand (%)', cell: (p: PowerPoint) => (p.batterySocPct === null ? '' : String(p.batterySocPct).replace('.', ',')) }]
      : []),
  ];
}
