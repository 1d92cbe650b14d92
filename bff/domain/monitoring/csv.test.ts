import { describe, expect, it } from 'vitest';
import type { EnergyBucket, PowerPoint, WorkHistoryResponse } from '../../contracts/monitoring.ts';
import { powerHistoryCsv, workHistoryCsv } from './csv.ts';
import { flowsOf, sumBuckets } from './energy-flows.ts';

const range = { period: 'month' as const, date: '2026-06-15', from: '2026-06-01', to: '2026-06-30' };
const bucket = (start: string, extra: Partial<EnergyBucket> = {}): EnergyBucket => ({
  start,
  pvWh: 20_000,
  importWh: 4_000,
  exportWh: 9_000,
  chargeWh: 0,
  dischargeWh: 0,
  consumptionWh: 15_000,
  ...extra,
});
const work = (buckets: EnergyBucket[]): WorkHistoryResponse => {
  const totals = sumBuckets(buckets);
  return { range, resolution: 'day', buckets, totals, flows: flowsOf(totals) };
};
const rows = (csv: string) => csv.replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(';'));

describe('CSV of a period', () => {
  it('has a "davon Wallbox" column where the cloud reports the wallbox meter, and no battery columns without a battery', () => {
    const [header, first, second, sum] = rows(workHistoryCsv(work([bucket('2026-06-01', { wallboxWh: 12_345 }), bucket('2026-06-02', { wallboxWh: 0 })])));
    expect(header).toEqual(['Zeitraum', 'PV-Erzeugung (kWh)', 'Verbrauch (kWh)', 'davon Wallbox (kWh)', 'Netzbezug (kWh)', 'Einspeisung (kWh)']);
    expect(first).toEqual(['2026-06-01', '20,000', '15,000', '12,345', '4,000', '9,000']);
    expect(second?.[3]).toBe('0,000');
    expect(sum).toEqual(['Summe', '40,000', '30,000', '12,345', '8,000', '18,000']);
  });

  it('keeps the battery columns for an installation with a battery and has no wallbox column without a wallbox', () => {
    const [header, first] = rows(workHistoryCsv(work([bucket('2026-06-01', { chargeWh: 3_000, dischargeWh: 2_500, consumptionWh: 14_500 })])));
    expect(header).toEqual([
      'Zeitraum',
      'PV-Erzeugung (kWh)',
      'Verbrauch (kWh)',
      'Netzbezug (kWh)',
      'Einspeisung (kWh)',
      'Batterie geladen (kWh)',
      'Batterie entladen (kWh)',
    ]);
    expect(first).toEqual(['2026-06-01', '20,000', '14,500', '4,000', '9,000', '3,000', '2,500']);
  });
});

describe('CSV of a day', () => {
  const point = (extra: Partial<PowerPoint> = {}): PowerPoint => ({
    timestamp: '2026-06-15T18:00:00+02:00',
    pvW: 800,
    consumptionW: 11_400,
    batteryW: 0,
    gridW: 10_600,
    batterySocPct: null,
    ...extra,
  });
  const day = (points: PowerPoint[]) => ({ range: { ...range, period: 'day' as const, from: '2026-06-15', to: '2026-06-15' }, resolutionMinutes: 15, points });

  it('without a battery: no battery or state-of-charge column; with a wallbox: its power', () => {
    const [header, first] = rows(powerHistoryCsv(day([point({ wallboxW: 11_000 })])));
    expect(header).toEqual(['Zeitpunkt', 'PV (W)', 'Verbrauch (W)', 'davon Wallbox (W)', 'Netz (W, + Bezug)']);
    expect(first).toEqual(['2026-06-15T18:00:00+02:00', '800', '11400', '11000', '10600']);
  });

  it('with a battery: battery power and state of charge, no wallbox column', () => {
    const [header, first] = rows(powerHistoryCsv(day([point({ batteryW: 2_000, gridW: 8_600, batterySocPct: 54.5 })])));
    expect(header).toEqual(['Zeitpunkt', 'PV (W)', 'Verbrauch (W)', 'Batterie (W, + Entladen)', 'Netz (W, + Bezug)', 'Ladestand (%)']);
    expect(first).toEqual(['2026-06-15T18:00:00+02:00', '800', '11400', '2000', '8600', '54,5']);
  });
});
