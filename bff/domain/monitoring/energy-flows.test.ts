import { describe, expect, it } from 'vitest';
import { energyFlows, selfConsumptionPercent, selfSufficiencyPercent, sumBuckets } from './energy-flows.ts';

describe('energy flow split (reference test vectors, Home Assistant energy.test.ts)', () => {
  it('5, 3, 7, 3, 0 -> used_solar 1, used_grid 5, used_total 6, solar_to_battery 3, solar_to_grid 3', () => {
    const f = energyFlows({ fromGrid: 5, toGrid: 3, solar: 7, toBattery: 3, fromBattery: 0 });
    expect(f).toMatchObject({ usedSolar: 1, usedGrid: 5, usedTotal: 6, solarToBattery: 3, solarToGrid: 3 });
  });

  it('6, 0, 3, 6, 6 -> grid_to_battery 3, used_grid 3, used_battery 6, used_total 9', () => {
    const f = energyFlows({ fromGrid: 6, toGrid: 0, solar: 3, toBattery: 6, fromBattery: 6 });
    expect(f).toMatchObject({ gridToBattery: 3, usedGrid: 3, usedBattery: 6, usedTotal: 9 });
  });

  it('every source and sink is accounted for', () => {
    const input = { fromGrid: 1234, toGrid: 4321, solar: 9876, toBattery: 2000, fromBattery: 1500 };
    const f = energyFlows(input);
    expect(f.usedSolar + f.solarToBattery + f.solarToGrid).toBe(input.solar);
    expect(f.usedSolar + f.usedBattery + f.usedGrid).toBe(f.usedTotal);
  });
});

describe('KPIs from summed energies, never averaged percentages', () => {
  it('self-sufficiency = 1 - import / consumption', () => {
    expect(selfSufficiencyPercent({ importWh: 1500, consumptionWh: 6000 })).toBe(75);
    expect(selfSufficiencyPercent({ importWh: 0, consumptionWh: 0 })).toBe(100);
    expect(selfSufficiencyPercent({ importWh: 7000, consumptionWh: 6000 })).toBe(0);
  });

  it('self-consumption = 1 - export / PV', () => {
    expect(selfConsumptionPercent({ exportWh: 6000, pvWh: 10000 })).toBe(40);
    expect(selfConsumptionPercent({ exportWh: 0, pvWh: 0 })).toBe(0);
  });

  it('a period’s KPI comes from its sums, not from the average of its days', () => {
    const [dayA, dayB] = [
      { start: 'a', pvWh: 20000, importWh: 1000, exportWh: 12000, chargeWh: 0, dischargeWh: 0, consumptionWh: 9000 },
      { start: 'b', pvWh: 1000, importWh: 9000, exportWh: 0, chargeWh: 0, dischargeWh: 0, consumptionWh: 10000 },
    ];
    const totals = sumBuckets([dayA, dayB]);
    const averaged = (selfSufficiencyPercent(dayA) + selfSufficiencyPercent(dayB)) / 2;
    expect(selfSufficiencyPercent(totals)).toBe(47.4);
    expect(averaged).not.toBe(47.4);
  });
});
