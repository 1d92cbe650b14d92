import * as z from 'zod/mini';
import { defineErrors } from './errors.ts';
import { definePages } from './routes.ts';

/**
 * Installation monitoring (internal base: /installation, devices, power-history, work-history,
 * self-sufficiency-total, self-consumption-total, each with `period` and `date`). Energies are integer Wh and always
 * sums of the IoT cloud's counter differences, so periods add up exactly; percentages are computed from those sums.
 */
export const PeriodSchema = z.enum(['day', 'week', 'month', 'year', 'total']);
export type Period = z.infer<typeof PeriodSchema>;

const isCalendarDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
};
export const CalendarDateSchema = z.string().check(z.refine(isCalendarDate, 'Datum im Format JJJJ-MM-TT erwartet'));

export const MonitoringQuerySchema = z.object({ period: PeriodSchema, date: CalendarDateSchema });
export type MonitoringQuery = z.infer<typeof MonitoringQuerySchema>;

export const InstallationSchema = z.object({
  id: z.string(),
  projectId: z.number(),
  name: z.string(),
  pvPeakPowerKw: z.number(),
  batteryCapacityKwh: z.nullable(z.number()),
  annualConsumptionKwh: z.number(),
  /** Null while the installation is not commissioned yet: it exists, but has no data. */
  commissionedAt: z.nullable(z.string()),
  /** Where it stands and how its modules face: what its daily yield target is computed from (docs/monitoring.md). */
  location: z.optional(z.object({ lat: z.number(), lon: z.number() })),
  arrays: z.optional(z.array(z.object({ azimuthDeg: z.number(), tiltDeg: z.number(), peakPowerKw: z.number() }))),
});
export type Installation = z.infer<typeof InstallationSchema>;
export const InstallationsResponseSchema = z.object({ installations: z.array(InstallationSchema) });

export const DeviceTypeSchema = z.enum(['INVERTER', 'BATTERY', 'METER', 'WALLBOX', 'HEAT_PUMP']);
export const DeviceStatusSchema = z.enum(['ONLINE', 'OFFLINE', 'WARNING']);
export const DeviceSchema = z.object({
  id: z.string(),
  type: DeviceTypeSchema,
  manufacturer: z.string(),
  model: z.string(),
  serialNumber: z.string(),
  firmware: z.string(),
  status: DeviceStatusSchema,
  lastSeenAt: z.nullable(z.string()),
});
export type Device = z.infer<typeof DeviceSchema>;
export const DevicesResponseSchema = z.object({ devices: z.array(DeviceSchema) });

/**
 * Mean power of the 15-minute interval that starts at `timestamp`. Battery positive = discharging, grid positive =
 * import (W); `batterySocPct` is null without a battery.
 */
export const PowerPointSchema = z.object({
  timestamp: z.string(),
  pvW: z.number(),
  consumptionW: z.number(),
  batteryW: z.number(),
  gridW: z.number(),
  batterySocPct: z.nullable(z.number()),
  /** The wallbox's charging power (part of consumption); absent or null for an installation without a wallbox. */
  wallboxW: z.optional(z.nullable(z.number())),
  /** True on a point the gateway uploaded late, after an outage (docs/monitoring.md "Gaps and back-filled data"). */
  backfilled: z.optional(z.boolean()),
});
export type PowerPoint = z.infer<typeof PowerPointSchema>;

export const PeriodRangeSchema = z.object({
  period: PeriodSchema,
  date: z.string(),
  /** First and last calendar day of the period (inclusive), Europe/Berlin. */
  from: z.string(),
  to: z.string(),
});
export type PeriodRange = z.infer<typeof PeriodRangeSchema>;

export const PowerHistoryResponseSchema = z.object({
  range: PeriodRangeSchema,
  resolutionMinutes: z.number(),
  points: z.array(PowerPointSchema),
});
export type PowerHistoryResponse = z.infer<typeof PowerHistoryResponseSchema>;

export const EnergyTotalsSchema = z.object({
  pvWh: z.number(),
  importWh: z.number(),
  exportWh: z.number(),
  chargeWh: z.number(),
  dischargeWh: z.number(),
  consumptionWh: z.number(),
  /** What the wallbox charged (part of consumption); absent or null for an installation without a wallbox. */
  wallboxWh: z.optional(z.nullable(z.number())),
});
export type EnergyTotals = z.infer<typeof EnergyTotalsSchema>;

export const EnergyBucketSchema = z.extend(EnergyTotalsSchema, { start: z.string() });
export type EnergyBucket = z.infer<typeof EnergyBucketSchema>;

/** How consumption was covered and how PV was used (Home Assistant's flow split; see docs/monitoring.md). */
export const EnergyFlowsSchema = z.object({
  solarToHomeWh: z.number(),
  solarToBatteryWh: z.number(),
  solarToGridWh: z.number(),
  batteryToHomeWh: z.number(),
  batteryToGridWh: z.number(),
  gridToHomeWh: z.number(),
  gridToBatteryWh: z.number(),
});
export type EnergyFlows = z.infer<typeof EnergyFlowsSchema>;

export const WorkHistoryResponseSchema = z.object({
  range: PeriodRangeSchema,
  resolution: z.enum(['day', 'month', 'year']),
  buckets: z.array(EnergyBucketSchema),
  totals: EnergyTotalsSchema,
  flows: EnergyFlowsSchema,
});
export type WorkHistoryResponse = z.infer<typeof WorkHistoryResponseSchema>;

export const SelfSufficiencyResponseSchema = z.object({
  range: PeriodRangeSchema,
  /** 0..100, one decimal; 1 - grid import / consumption. */
  percent: z.number(),
  consumptionWh: z.number(),
  gridImportWh: z.number(),
});
export const SelfConsumptionResponseSchema = z.object({
  range: PeriodRangeSchema,
  /** 0..100, one decimal; 1 - feed-in / PV production. */
  percent: z.number(),
  pvWh: z.number(),
  exportWh: z.number(),
});
export type SelfSufficiencyResponse = z.infer<typeof SelfSufficiencyResponseSchema>;
export type SelfConsumptionResponse = z.infer<typeof SelfConsumptionResponseSchema>;

/** Everything the monitoring page renders on the server for one installation, period and date. */
export interface MonitoringOverview {
  installation: Installation;
  devices: Device[];
  work: WorkHistoryResponse;
  /** Only for the day period. */
  power: PowerHistoryResponse | null;
  selfSufficiency: SelfSufficiencyResponse;
  selfConsumption: SelfConsumptionResponse;
  /**
   * "Stand": the newest `lastSeenAt` of `devices`, the very string the device list shows as "Zuletzt gemeldet" (the
   * end of the latest 15-minute step); null while no device has reported.
   */
  latestAt: string | null;
}

export const MONITORING_PAGE = '/home/app/monitoring';
export const MONITORING_PAGE_ROUTES = definePages([
  { path: MONITORING_PAGE, access: 'customer', logVisit: true, needsProject: true, nav: { labelKey: 'nav.monitoring', order: 20 } },
]);

export const MONITORING_PATHS = {
  installations: 'installation',
  devices: (id: string) => `installation/${encodeURIComponent(id)}/devices`,
  powerHistory: (id: string) => `installation/${encodeURIComponent(id)}/power-history`,
  workHistory: (id: string) => `installation/${encodeURIComponent(id)}/work-history`,
  selfSufficiency: (id: string) => `installation/${encodeURIComponent(id)}/self-sufficiency-total`,
  selfConsumption: (id: string) => `installation/${encodeURIComponent(id)}/self-consumption-total`,
  /** The shown period as CSV (the portal's own addition to the monitoring calls). */
  export: (id: string) => `installation/${encodeURIComponent(id)}/export`,
} as const;

export const MonitoringErrors = defineErrors({
  INVALID_QUERY: {
    code: 'MONITORING.INVALID_QUERY',
    status: 400,
    message: 'Bitte gib einen Zeitraum (period: day, week, month, year oder total) und ein gültiges Datum (date: JJJJ-MM-TT) an.',
  },
  /** The period lies wholly before the installation's commissioning day or after today; `from`/`to` say what exists. */
  DATE_OUT_OF_RANGE: {
    code: 'MONITORING.DATE_OUT_OF_RANGE',
    status: 400,
    message: 'Für diesen Zeitraum gibt es keine Daten: Wähle ein Datum zwischen der Inbetriebnahme Deiner Anlage und heute.',
  },
  PERIOD_NOT_SUPPORTED: {
    code: 'MONITORING.PERIOD_NOT_SUPPORTED',
    status: 400,
    message: 'Den Leistungsverlauf gibt es nur für einen einzelnen Tag (period=day).',
  },
});

declare module './errors.ts' {
  interface ErrorTables {
    monitoring: typeof MonitoringErrors;
  }
}

/** What the monitoring page shows for the address it was opened with. */
export type MonitoringPageData =
  /** None of the customer's projects has an installation yet. */
  | { kind: 'noInstallation' }
  | {
      kind: 'ready';
      installations: Installation[];
      installation: Installation;
      /** The address asked for an installation the customer does not have; the first one is shown instead. */
      fellBack: boolean;
      /** Null while the installation is not commissioned: there is nothing to fetch yet. */
      overview: MonitoringOverview | null;
    };

/** Today at a glance, for the dashboard: what the current project's installation produced and does right now. */
export interface TodaySnapshot {
  installationId: string;
  name: string;
  /** Today's PV energy so far (Wh). */
  pvWh: number;
  /** The newest 15-minute point of today; null before the first report of the day. */
  latest: { at: string; pvW: number; consumptionW: number; batterySocPct: number | null } | null;
  hasBattery: boolean;
}

export interface MonitoringServices {
  /** The current project's installation today; null without a commissioned installation. Never rejects for a cloud outage: null. */
  today(): Promise<TodaySnapshot | null>;
  /**
   * The page in at most three upstream calls (projects, installations with devices, the period's data). Rejects with
   * UPSTREAM.UNAVAILABLE when the cloud or the management service fails.
   */
  page(request: { installationId: string | null } & MonitoringQuery): Promise<MonitoringPageData>;
}
