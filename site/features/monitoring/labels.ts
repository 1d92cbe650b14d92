import type { Device, Period } from '~/bff/contracts/monitoring.ts';
import type { Translate } from '~/site/i18n/types.ts';
import type { SeriesKey } from './series.ts';

/** German names for the page's enums; the keys are spelled out so that the locale test sees them in use. */
export function periodLabel(t: Translate, period: Period): string {
  const texts = {
    day: t('monitoring.periodDay'),
    week: t('monitoring.periodWeek'),
    month: t('monitoring.periodMonth'),
    year: t('monitoring.periodYear'),
    total: t('monitoring.periodTotal'),
  } satisfies Record<Period, string>;
  return texts[period];
}

export function previousLabel(t: Translate, period: Exclude<Period, 'total'>): string {
  const texts = {
    day: t('monitoring.previousDay'),
    week: t('monitoring.previousWeek'),
    month: t('monitoring.previousMonth'),
    year: t('monitoring.previousYear'),
  } satisfies Record<Exclude<Period, 'total'>, string>;
  return texts[period];
}

export function nextLabel(t: Translate, period: Exclude<Period, 'total'>): string {
  const texts = {
    day: t('monitoring.nextDay'),
    week: t('monitoring.nextWeek'),
    month: t('monitoring.nextMonth'),
    year: t('monitoring.nextYear'),
  } satisfies Record<Exclude<Period, 'total'>, string>;
  return texts[period];
}

export function deviceTypeLabel(t: Translate, type: Device['type']): string {
  const texts = {
    INVERTER: t('monitoring.deviceInverter'),
    BATTERY: t('monitoring.deviceBattery'),
    METER: t('monitoring.deviceMeter'),
    WALLBOX: t('monitoring.deviceWallbox'),
    HEAT_PUMP: t('monitoring.deviceHeatPump'),
  } satisfies Record<Device['type'], string>;
  return texts[type];
}

export function deviceStatusLabel(t: Translate, status: Device['status']): string {
  const texts = {
    ONLINE: t('monitoring.statusOnline'),
    OFFLINE: t('monitoring.statusOffline'),
    WARNING: t('monitoring.statusWarning'),
  } satisfies Record<Device['status'], string>;
  return texts[status];
}

/** Series names as the table's column headers and the chart's legend show them. */
export function seriesLabel(t: (key: SeriesMessageKey) => string, key: SeriesKey): string {
  const texts = {
    pv: t('monitoring.seriesPv'),
    target: t('monitoring.seriesTarget'),
    consumption: t('monitoring.seriesConsumption'),
    battery: t('monitoring.seriesBattery'),
    grid: t('monitoring.seriesGrid'),
    import: t('monitoring.seriesImport'),
    export: t('monitoring.seriesExport'),
  } satisfies Record<SeriesKey, string>;
  return texts[key];
}

export const seriesMessageKeys = [
  'monitoring.seriesPv',
  'monitoring.seriesTarget',
  'monitoring.seriesConsumption',
  'monitoring.seriesBattery',
  'monitoring.seriesGrid',
  'monitoring.seriesImport',
  'monitoring.seriesExport',
] as const;
export type SeriesMessageKey = (typeof seriesMessageKeys)[number];
