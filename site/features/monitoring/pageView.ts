import type { Installation, MonitoringOverview, MonitoringPageData } from '../../../bff/contracts/monitoring.ts';
import { calendarDateOf, type CalendarDate, type PeriodBounds } from './periods.ts';
import type { MonitoringUrlState } from './urlState.ts';

/** What MonitoringPage.astro renders: the domain's page data plus the address state and the period bounds. */
export type MonitoringView =
  /** None of the customer's projects has an installation yet. */
  | { kind: 'noInstallation' }
  | {
      kind: 'ready';
      installations: Installation[];
      installation: Installation;
      state: MonitoringUrlState & { installationId: string };
      bounds: PeriodBounds;
      /** The address asked for an installation the customer does not have; the first one is shown instead. */
      fellBack: boolean;
      /** Null while the installation is not commissioned: there is nothing to fetch yet. */
      overview: MonitoringOverview | null;
    };

/**
 * The page's view of `services.monitoring.page()` (the domain picks the installation, falls back and reads the
 * list once): the address state follows the installation actually shown, and the period controls get their bounds.
 */
export function monitoringView(data: MonitoringPageData, url: MonitoringUrlState, today: CalendarDate): MonitoringView {
  if (data.kind === 'noInstallation') return data;
  const { installation } = data;
  return {
    ...data,
    state: { ...url, installationId: installation.id },
    bounds: { first: installation.commissionedAt ? calendarDateOf(installation.commissionedAt) : null, today },
  };
}

/** Whether the period holds any measured energy or power at all (a future day or a day before commissioning does not). */
export function hasData(overview: MonitoringOverview): boolean {
  const { totals } = overview.work;
  const energy = [totals.pvWh, totals.consumptionWh, totals.importWh, totals.exportWh, totals.chargeWh, totals.dischargeWh];
  const power = overview.power?.points ?? [];
  return energy.some((wh) => wh !== 0) || power.some((p) => p.pvW !== 0 || p.consumptionW !== 0 || p.gridW !== 0 || p.batteryW !== 0);
}
