import { z } from 'zod';
import { UpstreamUnavailable } from '../domain/errors.ts';
import type { IotCloud } from '../ports/iot-cloud.ts';

const SERVICE_NAME = 'Die Datenverbindung zu Deiner Anlage';

const Site = z.looseObject({
  siteId: z.string(),
  externalId: z.string(),
  name: z.string(),
  pvPeakPowerKw: z.number(),
  batteryCapacityKwh: z.number().nullable(),
  annualConsumptionKwh: z.number(),
  commissionedAt: z.string().nullable(),
});
const Device = z.looseObject({
  deviceId: z.string(),
  type: z.enum(['INVERTER', 'BATTERY', 'METER', 'WALLBOX', 'HEAT_PUMP']),
  manufacturer: z.string(),
  model: z.string(),
  serialNumber: z.string(),
  firmware: z.string(),
  status: z.enum(['ONLINE', 'OFFLINE', 'WARNING']),
  lastSeenAt: z.string().nullable(),
});
const Point = z.looseObject({
  timestamp: z.string(),
  pvW: z.number(),
  consumptionW: z.number(),
  batteryW: z.number(),
  gridW: z.number(),
  batterySocPct: z.number().nullable().default(null),
});
const Energy = z.looseObject({
  start: z.string(),
  pvWh: z.number().int(),
  importWh: z.number().int(),
  exportWh: z.number().int(),
  chargeWh: z.number().int(),
  dischargeWh: z.number().int(),
  consumptionWh: z.number().int(),
});

/** IotCloud over the vendor's REST API (`X-Api-Key`); the sandbox serves the same API locally. */
export function createHttpIotCloud(options: { baseUrl: string; apiKey: string; timeoutMs: number }): IotCloud {
  async function get<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>> {
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}${path}`, {
        headers: { 'x-api-key': options.apiKey, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (cause) {
      throw new UpstreamUnavailable(SERVICE_NAME, { cause });
    }
    if (!response.ok) throw new UpstreamUnavailable(SERVICE_NAME, { cause: new Error(`GET ${path} answered ${response.status}`) });
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new UpstreamUnavailable(SERVICE_NAME, { cause: parsed.error });
    return parsed.data;
  }
  const site = (siteId: string) => `/sites/${encodeURIComponent(siteId)}`;

  return {
    async sitesOfProject(projectId) {
      const { items } = await get(`/sites?externalId=${projectId}`, z.object({ items: z.array(Site) }));
      return items.map((s) => ({
        siteId: s.siteId,
        projectId: Number(s.externalId),
        name: s.name,
        pvPeakPowerKw: s.pvPeakPowerKw,
        batteryCapacityKwh: s.batteryCapacityKwh,
        annualConsumptionKwh: s.annualConsumptionKwh,
        commissionedAt: s.commissionedAt,
      }));
    },
    async devices(siteId) {
      const { items } = await get(`${site(siteId)}/devices`, z.object({ items: z.array(Device) }));
      return items.map(({ deviceId, type, manufacturer, model, serialNumber, firmware, status, lastSeenAt }) => ({
        id: deviceId,
        type,
        manufacturer,
        model,
        serialNumber,
        firmware,
        status,
        lastSeenAt,
      }));
    },
    async power(siteId, date) {
      const body = await get(`${site(siteId)}/power?date=${date}`, z.object({ resolutionMinutes: z.number(), points: z.array(Point) }));
      return {
        resolutionMinutes: body.resolutionMinutes,
        points: body.points.map(({ timestamp, pvW, consumptionW, batteryW, gridW, batterySocPct }) => ({
          timestamp,
          pvW,
          consumptionW,
          batteryW,
          gridW,
          batterySocPct,
        })),
      };
    },
    async energy(siteId, from, to, resolution) {
      const { items } = await get(
        `${site(siteId)}/energy?from=${from}&to=${to}&resolution=${resolution}`,
        z.object({ items: z.array(Energy) }),
      );
      return items.map(({ start, pvWh, importWh, exportWh, chargeWh, dischargeWh, consumptionWh }) => ({
        start,
        pvWh,
        importWh,
        exportWh,
        chargeWh,
        dischargeWh,
        consumptionWh,
      }));
    },
    async latest(siteId) {
      return (await get(`${site(siteId)}/latest`, z.object({ timestamp: z.string().nullable() }))).timestamp;
    },
  };
}
