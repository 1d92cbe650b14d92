import { describe, expect, it } from 'vitest';
import type { Device, EnergyBucket } from '../../contracts/monitoring.ts';
import { sumBuckets } from './energy-flows.ts';
import { latestReport } from './monitoring.service.ts';

const device = (lastSeenAt: string | null): Device => ({
  id: 'd',
  type: 'INVERTER',
  manufacturer: 'Huawei',
  model: 'SUN2000',
  serialNumber: 'S',
  firmware: 'F',
  status: 'ONLINE',
  lastSeenAt,
});

describe('"Stand" and the devices\u2019 "Zuletzt gemeldet"', () => {
  it('Stand is exactly the newest device report, the same string the device list shows', () => {
    const devices = [device('2026-07-01T12:00:00+02:00'), device('2026-07-01T12:15:00+02:00'), device(null)];
    expect(latestReport(devices)).toBe('2026-07-01T12:15:00+02:00');
    expect(devices.map((d) => d.lastSeenAt)).toContain(latestReport(devices));
    // Different offsets: compared as instants, not as text.
    expect(latestReport([device('2026-10-25T02:15:00+01:00'), device('2026-10-25T02:30:00+02:00')])).toBe('2026-10-25T02:15:00+01:00');
  });

  it('is null when no device has reported', () => {
    expect(latestReport([device(null)])).toBeNull();
    expect(latestReport([])).toBeNull();
  });
});

describe('the wallbox share of consumption', () => {
  const bucket = (wallboxWh?: number | null): EnergyBucket => ({
    start: '2026-07-01',
    pvWh: 1000,
    importWh: 500,
    exportWh: 200,
    chargeWh: 0,
    dischargeWh: 0,
    consumptionWh: 1300,
    ...(wallboxWh === undefined ? {} : { wallboxWh }),
  });

  it('sums where the cloud reports it', () => {
    expect(sumBuckets([bucket(1200), bucket(800)]).wallboxWh).toBe(2000);
  });

  it('is absent for an installation without a wallbox', () => {
    expect(sumBuckets([bucket(), bucket(null)])).not.toHaveProperty('wallboxWh');
  });
});
