import type { EnergyBucket, EnergyFlows, EnergyTotals } from '../../contracts/monitoring.ts';

/** Sums buckets field by field (integers, so periods add up exactly). */
export function sumBuckets(buckets: readonly EnergyBucket[]): EnergyTotals {
  const totals: EnergyTotals = { pvWh: 0, importWh: 0, exportWh: 0, chargeWh: 0, dischargeWh: 0, consumptionWh: 0 };
  // The wallbox's share is summed only where the cloud reports one (an installation with a wallbox).
  const wallbox = buckets.flatMap((b) => (typeof b.wallboxWh === 'number' ? [b.wallboxWh] : []));
  if (wallbox.length > 0) totals.wallboxWh = wallbox.reduce((sum, wh) => sum + wh, 0);
  for (const b of buckets) {
    totals.pvWh += b.pvWh;
    totals.importWh += b.importWh;
    totals.exportWh += b.exportWh;
    totals.chargeWh += b.chargeWh;
    totals.dischargeWh += b.dischargeWh;
    totals.consumptionWh += b.consumptionWh;
  }
  return totals;
}

/**
 * Splits the period's energies into flows, in Home Assistant's order (computeConsumptionSingle; test vectors in
 * docs/monitoring.md): grid->battery beyond consumption, solar->battery, solar->grid, battery->grid,
 * remaining grid->battery, solar->home, battery->home, grid->home.
 */
export function energyFlows(input: { fromGrid: number; toGrid: number; solar: number; toBattery: number; fromBattery: number }) {
  let fromGrid = Math.max(input.fromGrid, 0);
  let toGrid = Math.max(input.toGrid, 0);
  // Each step takes from what the earlier steps left over.
  let solar = Math.max(input.solar, 0);
  let toBattery = Math.max(input.toBattery, 0);
  let fromBattery = Math.max(input.fromBattery, 0);
  const usedTotal = fromGrid + solar + fromBattery - toGrid - toBattery;
  let remaining = Math.max(usedTotal, 0);

  const take = (available: number, wanted: number) => Math.max(0, Math.min(available, wanted));

  let gridToBattery = take(toBattery, fromGrid - remaining);
  toBattery -= gridToBattery;
  fromGrid -= gridToBattery;

  const solarToBattery = take(solar, toBattery);
  toBattery -= solarToBattery;
  solar -= solarToBattery;

  const solarToGrid = take(solar, toGrid);
  toGrid -= solarToGrid;
  solar -= solarToGrid;

  const batteryToGrid = take(fromBattery, toGrid);
  fromBattery -= batteryToGrid;

  const moreGridToBattery = take(fromGrid, toBattery);
  gridToBattery += moreGridToBattery;
  fromGrid -= moreGridToBattery;

  const usedSolar = take(solar, remaining);
  remaining -= usedSolar;
  const usedBattery = take(fromBattery, remaining);
  remaining -= usedBattery;
  const usedGrid = take(fromGrid, remaining);

  return { usedTotal, usedSolar, usedBattery, usedGrid, gridToBattery, solarToBattery, solarToGrid, batteryToGrid };
}

export function flowsOf(totals: EnergyTotals): EnergyFlows {
  const f = energyFlows({
    fromGrid: totals.importWh,
    toGrid: totals.exportWh,
    solar: totals.pvWh,
    toBattery: totals.chargeWh,
    fromBattery: totals.dischargeWh,
  });
  return {
    solarToHomeWh: f.usedSolar,
    solarToBatteryWh: f.solarToBattery,
    solarToGridWh: f.solarToGrid,
    batteryToHomeWh: f.usedBattery,
    batteryToGridWh: f.batteryToGrid,
    gridToHomeWh: f.usedGrid,
    gridToBatteryWh: f.gridToBattery,
  };
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const percent = (ratio: number) => Math.round(ratio * 1000) / 10;

/** Autarkiegrad: 1 - grid import / consumption, from summed energies; no consumption counts as 100 %. */
export function selfSufficiencyPercent(totals: Pick<EnergyTotals, 'importWh' | 'consumptionWh'>): number {
  return totals.consumptionWh <= 0 ? 100 : percent(clamp01(1 - totals.importWh / totals.consumptionWh));
}

/** Eigenverbrauchsquote: 1 - feed-in / PV production, from summed energies; no PV counts as 0 %. */
export function selfConsumptionPercent(totals: Pick<EnergyTotals, 'exportWh' | 'pvWh'>): number {
  return totals.pvWh <= 0 ? 0 : percent(clamp01(1 - totals.exportWh / totals.pvWh));
}
