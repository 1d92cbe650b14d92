import type { IntervalEnergy } from './intervals.ts';

/**
 * Test data for the energy-value core: an interval of energy from what a reader checks by hand (Wh), the rest derived
 * as the IoT cloud derives it (consumption = pv + import + discharge − export − charge).
 */
export function interval(
  start: string,
  minutes: number,
  wh: Partial<Pick<IntervalEnergy, 'pvWh' | 'importWh' | 'exportWh' | 'chargeWh' | 'dischargeWh'>> & { consumptionWh?: number },
): IntervalEnergy {
  const startMs = Date.parse(start);
  const pvWh = wh.pvWh ?? 0;
  const importWh = wh.importWh ?? 0;
  const exportWh = wh.exportWh ?? 0;
  const chargeWh = wh.chargeWh ?? 0;
  const dischargeWh = wh.dischargeWh ?? 0;
  return {
    date: start.slice(0, 10),
    startMs,
    endMs: startMs + minutes * 60_000,
    pvWh,
    importWh,
    exportWh,
    chargeWh,
    dischargeWh,
    consumptionWh: wh.consumptionWh ?? pvWh + importWh + dischargeWh - exportWh - chargeWh,
  };
}
