import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { berlinDay, resolveRelativeDates } from '../shared/relative-dates.ts';

const DeviceSchema = z.strictObject({
  deviceId: z.string().min(1),
  type: z.enum(['INVERTER', 'BATTERY', 'METER', 'WALLBOX', 'HEAT_PUMP']),
  manufacturer: z.string().min(1),
  model: z.string().min(1),
  serialNumber: z.string().min(1),
  firmware: z.string().min(1),
  status: z.enum(['ONLINE', 'OFFLINE', 'WARNING']),
});
export type Device = z.infer<typeof DeviceSchema>;

/** ISO 8601 with an explicit offset, e.g. `2025-04-15T11:00:00+02:00`. */
const timestampWithOffset = z.iso.datetime({ offset: true });

/**
 * One installation as the IoT cloud knows it: the vendor's site data plus the simulator's parameters (heat pump and
 * wallbox sizes, device list). Demo data in `installations.json`, keyed to the management service's project ids.
 */
export const InstallationSchema = z.strictObject({
  siteId: z.string().regex(/^SITE-[0-9A-F]{6}$/),
  externalId: z.string().regex(/^\d+$/),
  name: z.string().min(1),
  location: z.strictObject({ lat: z.number().min(47).max(55.5), lon: z.number().min(5.5).max(15.5) }),
  arrays: z
    .array(
      z.strictObject({
        azimuthDeg: z.number().min(0).max(360),
        tiltDeg: z.number().min(0).max(90),
        peakPowerKw: z.number().positive().max(100),
      }),
    )
    .min(1),
  battery: z.strictObject({ capacityKwh: z.number().positive().max(100) }).nullable(),
  /** Household consumption (H0) per year, without heat pump and wallbox. */
  annualConsumptionKwh: z.number().positive().max(100_000),
  heatPump: z.strictObject({ annualKwh: z.number().positive(), maxPowerKw: z.number().positive() }).nullable(),
  wallbox: z.strictObject({ powerKw: z.number().positive().max(22) }).nullable(),
  commissionedAt: timestampWithOffset.nullable(),
  devices: z.array(DeviceSchema),
});
export type Installation = z.infer<typeof InstallationSchema>;

/** What a test sends to `POST /_control/installations`: the site id is generated, devices default to a sensible set. */
export const NewInstallationSchema = InstallationSchema.omit({ siteId: true }).extend({
  devices: z.array(DeviceSchema).optional(),
});
export type NewInstallation = z.infer<typeof NewInstallationSchema>;

/**
 * The devices a commissioned site of this shape has: an inverter and a meter, plus battery, wallbox and heat pump when
 * configured. A site that is not commissioned has none yet.
 */
export function defaultDevices(siteId: string, site: Omit<NewInstallation, 'devices'>): Device[] {
  if (site.commissionedAt === null) return [];
  const code = siteId.replace(/^SITE-/, '');
  const peakKw = site.arrays.reduce((sum, array) => sum + array.peakPowerKw, 0);
  const kinds: Omit<Device, 'deviceId' | 'serialNumber' | 'status'>[] = [
    { type: 'INVERTER', manufacturer: 'Huawei', model: `SUN2000-${Math.max(3, Math.ceil(peakKw))}KTL-M1`, firmware: 'V100R001C10SPC140' },
    ...(site.battery ? [{ type: 'BATTERY' as const, manufacturer: 'Huawei', model: 'LUNA2000-10-S0', firmware: 'V100R002C00SPC113' }] : []),
    { type: 'METER', manufacturer: 'Huawei', model: 'DTSU666-H', firmware: 'V100R001' },
    ...(site.wallbox ? [{ type: 'WALLBOX' as const, manufacturer: 'ABL', model: 'eMH1', firmware: '1.8.2' }] : []),
    ...(site.heatPump ? [{ type: 'HEAT_PUMP' as const, manufacturer: 'Vaillant', model: 'aroTHERM plus', firmware: '3.2' }] : []),
  ];
  return kinds.map((kind, index) => {
    const number = String(index + 1).padStart(2, '0');
    return { ...kind, deviceId: `DEV-${code}-${number}`, serialNumber: `SN${code}${number}`, status: 'ONLINE' };
  });
}

const InstallationsSchema = z
  .array(InstallationSchema)
  .refine((list) => new Set(list.map((i) => i.siteId)).size === list.length, { message: 'duplicate siteId' })
  .refine((list) => new Set(list.map((i) => i.externalId)).size === list.length, { message: 'duplicate externalId' });

const INSTALLATIONS_FILE = new URL('./installations.json', import.meta.url);

/**
 * Reads and checks the reviewable demo data; a broken file stops the sandbox with a message naming the field. A
 * commissioning written relative to the start day ("-9d@15:30", like the management service's journeys) follows it,
 * so a site the management demo commissioned days ago is commissioned as long ago here.
 */
export function loadInstallations(file: URL | string = INSTALLATIONS_FILE, today: string = berlinDay(new Date())): Installation[] {
  const parsed = InstallationsSchema.safeParse(resolveRelativeDates(JSON.parse(readFileSync(file, 'utf8')), today));
  if (!parsed.success) {
    throw new Error(`IoT: Demodaten ungültig (${String(file)}): ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** The installer's product lines whose installation the IoT cloud monitors: PV on the roof (or off the grid). */
export const MONITORED_PRODUCT_LINES: readonly string[] = ['SOLAR', 'OFFGRID'];

/** Rough coordinates of a German zip's first digit (the simulator's sun position needs no more). */
const ZIP_REGIONS: Record<string, { lat: number; lon: number }> = {
  '0': { lat: 51.05, lon: 13.74 },
  '1': { lat: 52.52, lon: 13.4 },
  '2': { lat: 53.55, lon: 9.99 },
  '3': { lat: 52.37, lon: 9.73 },
  '4': { lat: 51.23, lon: 6.78 },
  '5': { lat: 50.94, lon: 6.96 },
  '6': { lat: 50.11, lon: 8.68 },
  '7': { lat: 48.78, lon: 9.18 },
  '8': { lat: 48.14, lon: 11.58 },
  '9': { lat: 49.45, lon: 11.08 },
};
const regionOfZip = (zip: string) => ZIP_REGIONS[zip.trim().charAt(0)] ?? { lat: 51.16, lon: 10.45 };

/** What the installer's back office tells the IoT cloud when it commissions a project's installation. */
export const CommissioningSchema = z.strictObject({
  commissionedAt: timestampWithOffset,
  name: z.string().min(1).max(200),
  zip: z.string().regex(/^\d{5}$/),
  peakPowerKw: z.number().positive().max(100),
  batteryKwh: z.number().positive().max(100).nullable(),
});
export type Commissioning = z.infer<typeof CommissioningSchema>;

/** A site for a project commissioned by the back office: one south-facing array, a typical household. */
export function commissionedSite(externalId: string, commissioning: Commissioning): Omit<NewInstallation, 'devices'> {
  return {
    externalId,
    name: commissioning.name,
    location: regionOfZip(commissioning.zip),
    arrays: [{ azimuthDeg: 180, tiltDeg: 30, peakPowerKw: commissioning.peakPowerKw }],
    battery: commissioning.batteryKwh === null ? null : { capacityKwh: commissioning.batteryKwh },
    annualConsumptionKwh: 4000,
    heatPump: null,
    wallbox: null,
    commissionedAt: commissioning.commissionedAt,
  };
}
