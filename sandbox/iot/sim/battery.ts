/**
 * Home battery, PV-surplus only (no grid charging), as in the reference:
 *   charge    = max(0, min(surplus, (SOCmax - SOC) / eta, Pmax * dt))
 *   discharge = min(deficit, Pmax * dt, (SOC - SOCmin) * eta)
 * Energies in Wh on the AC side; `eta` applies once on the way in and once on the way out.
 */
export interface BatterySpec {
  capacityWh: number;
  maxPowerW: number;
  efficiency: number;
  socMin: number;
  socMax: number;
}

const BATTERY_DEFAULTS = { efficiency: 0.95, socMin: 0.05, socMax: 1, cRate: 0.5 } as const;

export function batterySpec(capacityKwh: number): BatterySpec {
  return {
    capacityWh: capacityKwh * 1000,
    maxPowerW: capacityKwh * 1000 * BATTERY_DEFAULTS.cRate,
    efficiency: BATTERY_DEFAULTS.efficiency,
    socMin: BATTERY_DEFAULTS.socMin,
    socMax: BATTERY_DEFAULTS.socMax,
  };
}

export interface BatteryStep {
  chargeWh: number;
  dischargeWh: number;
  /** Stored energy after the step, Wh. */
  storedWh: number;
}

export function dispatchBattery(
  spec: BatterySpec,
  storedWh: number,
  pvWh: number,
  loadWh: number,
  hours: number,
): BatteryStep {
  const surplus = Math.max(0, pvWh - loadWh);
  const deficit = Math.max(0, loadWh - pvWh);
  const maxWh = spec.maxPowerW * hours;
  const eta = spec.efficiency;
  const chargeWh = Math.max(0, Math.min(surplus, (spec.socMax * spec.capacityWh - storedWh) / eta, maxWh));
  const dischargeWh = Math.max(0, Math.min(deficit, maxWh, (storedWh - spec.socMin * spec.capacityWh) * eta));
  return { chargeWh, dischargeWh, storedWh: storedWh + chargeWh * eta - dischargeWh / eta };
}
