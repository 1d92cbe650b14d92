import type { Device, EnergyBucket, EnergyTotals, PowerPoint } from '../contracts/monitoring.ts';

export interface IotSite {
  siteId: string;
  /** The management-service project id the installation belongs to. */
  projectId: number;
  name: string;
  pvPeakPowerKw: number;
  batteryCapacityKwh: number | null;
  annualConsumptionKwh: number;
  commissionedAt: string | null;
  /** Where it stands and how its modules face (the vendor's site record; absent when the cloud does not know). */
  location?: { lat: number; lon: number };
  arrays?: { azimuthDeg: number; tiltDeg: number; peakPowerKw: number }[];
  devices: Device[];
}

/**
 * The installer's IoT cloud (installation monitoring). Adapter: adapters/iot-cloud.http.ts. Every method rejects
 * with UPSTREAM.UNAVAILABLE when the cloud fails or does not answer in time.
 */
export interface IotCloud {
  /** The installations of these projects with their devices, in one call (none before a project's order is placed). */
  sitesOfProjects(projectIds: readonly number[]): Promise<IotSite[]>;
  /**
   * 15-minute power of one Berlin calendar day (up to now for today) and the day's meter-counter totals. For an
   * installation with a wallbox the points carry `wallboxW` and the totals `wallboxWh`; for others both are absent.
   */
  power(siteId: string, date: string): Promise<{ resolutionMinutes: number; points: PowerPoint[]; totals: EnergyTotals }>;
  /**
   * Energy per day, month or year for the buckets overlapping [from, to], from meter counters (integer Wh); with
   * `wallboxWh` for an installation with a wallbox.
   */
  energy(siteId: string, from: string, to: string, resolution: 'day' | 'month' | 'year'): Promise<EnergyBucket[]>;
}
