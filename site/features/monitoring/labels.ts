import type { Device, Period } from '../../../bff/contracts/monitoring.ts';
import type { Translate } from '../../i18n/types.ts';
import type { SeriesKey } from './series.ts';

/** German names for the page's enums; the keys are spelled out so that the locale test sees them in use. */
export function periodLabel(t: Translate, period: Period): string {
  switch (period) {
    case 'day':
      return t('monitoring.periodDay');
    case 'week':
      return t('monitoring.periodWeek');
    case 'month':
      return t('monitoring.periodMonth');
    case 'year':
      return t('monitoring.periodYear');
    case 'total':
      return t('monitoring.periodTotal');
  }
}

export function previousLabel(t: Translate, period: Exclude<Period, 'total'>): string {
  switch (period) {
    case 'day':
      return t('monitoring.previousDay');
    case 'week':
      return t('monitoring.previousWeek');
    case 'month':
      return t('monitoring.previousMonth');
    case 'year':
      return t('monitoring.previousYear');
  }
}

export function nextLabel(t: Translate, period: Exclude<Period, 'total'>): string {
  switch (period) {
    case 'day':
      return t('monitoring.nextDay');
    case 'week':
      return t('monitoring.nextWeek');
    case 'month':
      return t('monitoring.nextMonth');
    case 'year':
      return t('monitoring.nextYear');
  }
}

export function deviceTypeLabel(t: Translate, type: Device['type']): string {
  switch (type) {
    case 'INVERTER':
      return t('monitoring.deviceInverter');
    case 'BATTERY':
      return t('monitoring.deviceBattery');
    case 'METER':
      return t('monitoring.deviceMeter');
    case 'WALLBOX':
      return t('monitoring.deviceWallbox');
    case 'HEAT_PUMP':
      return t('monitoring.deviceHeatPump');
  }
}

export function deviceStatusLabel(t: Translate, status: Device['status']): string {
  switch (status) {
    case 'ONLINE':
      return t('monitoring.statusOnline');
    case 'OFFLINE':
      return t('monitoring.statusOffline');
    case 'WARNING':
      return t('monitoring.statusWarning');
  }
}

/** Series names as the table's column headers and the chart's legend show them. */
export function seriesLabel(t: (key: SeriesMessageKey) => string, key: SeriesKey): string {
  switch (key) {
    case 'pv':
      return t('monitoring.seriesPv');
    case 'consumption':
      return t('monitoring.seriesConsumption');
    case 'battery':
      return t('monitoring.seriesBattery');
    case 'grid':
      return t('monitoring.seriesGrid');
    case 'import':
      return t('monitoring.seriesImport');
    case 'export':
      return t('monitoring.seriesExport');
  }
}

export const seriesMessageKeys = [
  'monitoring.seriesPv',
  'monitoring.seriesConsumption',
  'monitoring.seriesBattery',
  'monitoring.seriesGrid',
  'monitoring.seriesImport',
  'monitoring.seriesExport',
] as const;
export type SeriesMessageKey = (typeof seriesMessageKeys)[number];
