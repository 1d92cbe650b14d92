import { z } from 'zod';
import type { ServiceEndpoint } from '../config.ts';
import { DeviceStatusSchema, DeviceTypeSchema } from '../contracts/monitoring.ts';
import type { IotCloud } from '../ports/iot-cloud.ts';
import { createJsonClient } from './json-client.ts';

const Device = z.looseObject({
  deviceId: z.string(),
  type: z.enum(DeviceTypeSchema.options),
  manufacturer: z.string(),
  model: z.string(),
  serialNumber: z.string(),
  firmware: z.string(),
  status: z.enum(DeviceStatusSchema.options),
  lastSeenAt: z.string().nullable(),
});
const Site = z.looseObject({
  siteId: z.string(),
  externalId: z.string(),
  name: z.string(),
  pvPeakPowerKw: z.number(),
  batteryCapacityKwh: z.number().nullable(),
  annualConsumptionKwh: z.number(),
  commissionedAt: z.string().nullable(),
  location: z.looseObject({ lat: z.number(), lon: z.number() }).optional(),
  arrays: z.array(z.looseObject({ azimuthDeg: z.number(), tiltDeg: z.number(), peakPowerKw: z.number() })).optional(),
  devices: z.array(Device),
});
const Point = z.looseObject({
  timestamp: z.string(),
  pvW: z.number(),
  consumptionW: z.number(),
  batteryW: z.number(),
  gridW: z.number(),
  batterySocPct: z.number().nullable().default(null),
  /** Only sites with a wallbox report it (null or missing for the others). */
  wallboxW: z.number().nullable().optional(),
  /** Only on points the gateway uploaded late, after an outage. */
  backfilled: z.boolean().optional(),
});
const Totals = z.object({
  pvWh: z.number().int(),
  importWh: z.number().int(),
  exportWh: z.number().int(),
  chargeWh: z.number().int(),
  dischargeWh: z.number().int(),
  consumptionWh: z.number().int(),
  /** The wallbox meter's energy; only sites with a wallbox report it (null or missing for the others). */
  wallboxWh: z.number().int().nullable().optional(),
});
const Energy = z.looseObject({ start: z.string(), ...Totals.shape });

const totalsOf = ({ pvWh, importWh, exportWh, chargeWh, dischargeWh, consumptionWh, wallboxWh }: z.infer<typeof Totals>) => ({
  pvWh,
  importWh,
  exportWh,
  chargeWh,
  dischargeWh,
  consumptionWh,
  ...(typeof wallboxWh === 'number' ? { wallboxWh } : {}),
});

// The answers' shapes, built once: a zod schema made per call is built and compiled anew on every page.
const SitesAnswer = z.object({ items: z.array(Site) });
const PowerAnswer = z.object({ resolutionMinutes: z.number(), points: z.array(Point), totals: Totals });
const EnergyAnswer = z.object({ items: z.array(Energy) });

/** IotCloud over the vendor's REST API (`X-Api-Key`); the sandbox serves the same API locally. */
export function createHttpIotCloud(endpoint: ServiceEndpoint): IotCloud {
  const client = createJsonClient(endpoint);
  const site = (siteId: string) => `/sites/${encodeURIComponent(siteId)}`;

  return {
    async sitesOfProjects(projectIds) {
      if (projectIds.length === 0) return [];
      const query = new URLSearchParams({ externalId: projectIds.join(','), include: 'devices' });
      const { items } = await client.get(`/sites?${query}`, SitesAnswer);
      return items.map((s) => ({
        siteId: s.siteId,
        projectId: Number(s.externalId),
        name: s.name,
        pvPeakPowerKw: s.pvPeakPowerKw,
        batteryCapacityKwh: s.batteryCapacityKwh,
        annualConsumptionKwh: s.annualConsumptionKwh,
        commissionedAt: s.commissionedAt,
        ...(s.location ? { location: { lat: s.location.lat, lon: s.location.lon } } : {}),
        ...(s.arrays ? { arrays: s.arrays.map(({ azimuthDeg, tiltDeg, peakPowerKw }) => ({ azimuthDeg, tiltDeg, peakPowerKw })) } : {}),
        devices: s.devices.map(({ deviceId, type, manufacturer, model, serialNumber, firmware, status, lastSeenAt }) => ({
          id: deviceId,
          type,
          manufacturer,
          model,
          serialNumber,
          firmware,
          status,
          lastSeenAt,
        })),
      }));
    },
    async power(siteId, date) {
      const body = await client.get(
        `${site(siteId)}/power?date=${encodeURIComponent(date)}`,
        PowerAnswer,
      );
      return {
        resolutionMinutes: body.resolutionMinutes,
        points: body.points.map(({ timestamp, pvW, consumptionW, batteryW, gridW, batterySocPct, wallboxW, backfilled }) => ({
          timestamp,
          pvW,
          consumptionW,
          batteryW,
          gridW,
          batterySocPct,
          ...(typeof wallboxW === 'number' ? { wallboxW } : {}),
          ...(backfilled ? { backfilled: true } : {}),
        })),
        totals: totalsOf(body.totals),
      };
    },
    async energy(siteId, from, to, resolution) {
      const query = new URLSearchParams({ from, to, resolution });
      const { items } = await client.get(`${site(siteId)}/energy?${query}`, EnergyAnswer);
      return items.map((item) => ({ start: item.start, ...totalsOf(item) }));
    },
  };
}
