import type { PowerHistoryResponse, WorkHistoryResponse } from '../../contracts/monitoring.ts';

/**
 * CSV for German spreadsheet programs: semicolon separated, decimal comma, UTF-8 with BOM. Energies in kWh with three
 * decimals (exact to the Wh), so the file holds the same numbers the page shows, only less rounded.
 */
const kWh = (wh: number) => (wh / 1000).toFixed(3).replace('.', ',');
const line = (cells: (string | number)[]) => cells.map(String).join(';');
const BOM = '\uFEFF';

export function workHistoryCsv(work: WorkHistoryResponse): string {
  const header = ['Zeitraum', 'PV-Erzeugung (kWh)', 'Verbrauch (kWh)', 'Netzbezug (kWh)', 'Einspeisung (kWh)', 'Batterie geladen (kWh)', 'Batterie entladen (kWh)'];
  const rows = work.buckets.map((b) =>
    line([b.start, kWh(b.pvWh), kWh(b.consumptionWh), kWh(b.importWh), kWh(b.exportWh), kWh(b.chargeWh), kWh(b.dischargeWh)]),
  );
  const t = work.totals;
  const total = line(['Summe', kWh(t.pvWh), kWh(t.consumptionWh), kWh(t.importWh), kWh(t.exportWh), kWh(t.chargeWh), kWh(t.dischargeWh)]);
  return `${BOM}${[line(header), ...rows, total].join('\r\n')}\r\n`;
}

export function powerHistoryCsv(power: PowerHistoryResponse): string {
  const header = ['Zeitpunkt', 'PV (W)', 'Verbrauch (W)', 'Batterie (W, + Entladen)', 'Netz (W, + Bezug)', 'Ladestand (%)'];
  const rows = power.points.map((p) =>
    line([p.timestamp, p.pvW, p.consumptionW, p.batteryW, p.gridW, p.batterySocPct === null ? '' : String(p.batterySocPct).replace('.', ',')]),
  );
  return `${BOM}${[line(header), ...rows].join('\r\n')}\r\n`;
}
