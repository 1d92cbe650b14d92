import { describe, expect, it } from 'vitest';
import { batterySpec, dispatchBattery } from './battery.ts';

const spec = batterySpec(10); // 10 kWh, 5 kW, eta 0.95, 5-100 %

describe('battery dispatch', () => {
  it('charges the surplus, limited by power and by the room left', () => {
    expect(dispatchBattery(spec, 5_000, 1_000, 200, 0.25)).toMatchObject({ chargeWh: 800, dischargeWh: 0 });
    expect(dispatchBattery(spec, 5_000, 3_000, 200, 0.25).chargeWh).toBe(1_250); // 5 kW for 15 min
    const nearlyFull = dispatchBattery(spec, 9_900, 3_000, 200, 0.25);
    expect(nearlyFull.chargeWh).toBeCloseTo(100 / 0.95, 9);
    expect(nearlyFull.storedWh).toBeCloseTo(10_000, 9);
  });

  it('discharges the deficit, limited by power and by the minimum state of charge', () => {
    const step = dispatchBattery(spec, 5_000, 0, 300, 0.25);
    expect(step).toMatchObject({ chargeWh: 0, dischargeWh: 300 });
    expect(step.storedWh).toBeCloseTo(5_000 - 300 / 0.95, 9);
    expect(dispatchBattery(spec, 5_000, 0, 3_000, 0.25).dischargeWh).toBe(1_250);
    const nearlyEmpty = dispatchBattery(spec, 600, 0, 3_000, 0.25);
    expect(nearlyEmpty.dischargeWh).toBeCloseTo(100 * 0.95, 9);
    expect(nearlyEmpty.storedWh).toBeCloseTo(500, 9);
    expect(dispatchBattery(spec, 500, 0, 3_000, 0.25).dischargeWh).toBe(0);
  });
});
