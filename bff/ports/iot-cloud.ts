import type { Device, EnergyBucket, PowerPoint } from '../contracts/monitoring.ts';

export interface IotSite {
  siteId: string;
  /** The management-service project id the installation belongs to. */
  projectId: number;
  name: string;
  pvPeakPowerKw: number;
  batteryCapacityKwh: number | null;
  annualConsumptionKwh: number;
  commissionedAt: string | null;
}

/**
 * The installer's IoT cloud (installation monitoring). Adapter: adapters/iot-cloud.http.ts. Every method rejects
 * with UpstreamUnavailable when the cloud fails or does not answer in time.
 */
export interface IotCloud {
  /** Installations registered for a project (usually one, none before the order is placed). */
  sitesOfProject(projectId: number): Promise<IotSite[]>;
  devices(siteId: string): Promise<Device[]>;
  /** 15-minute power of one Berlin calendar day, up to now for today. */
  power(siteId: string, date: string): Promise<{ resolutionMinutes: number; points: PowerPoint[] }>;
  /** Energy per day, month or year for the buckets overlapping [from, to], from meter counters (integer Wh). */
  energy(siteId: string, from: string, to: string, resolution: 'day' | 'month' | 'year'): Promise<EnergyBucket[]>;
  /** Timestamp of the newest data point, null without data. */
  latest(siteId: string): Promise<string | null>;
}
