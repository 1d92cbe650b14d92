import type { Language } from '~/bff/contracts/auth.ts';
import type { Installation, MonitoringOverview, MonitoringPageData } from '~/bff/contracts/monitoring.ts';
import type { ExpectedYield } from '~/bff/contracts/yield.ts';
import { calendarDateOf, type CalendarDate, type PeriodBounds } from './periods.ts';
import { buildEnergyChart, buildPowerChart, type ChartData } from './series.ts';
import type { MonitoringUrlState } from './urlState.ts';
import { currentPower, type CurrentPower } from './view.ts';

/** What MonitoringPage.astro renders: the domain's page data plus the address state and the period bounds. */
export type MonitoringView =
  /** None of the customer's projects has an installation yet. */
  | { kind: 'noInstallation' }
  | ReadyView;

export interface ReadyView {
  kind: 'ready';
  installations: Installation[];
  installation: Installation;
  state: MonitoringUrlState & { installationId: string };
  bounds: PeriodBounds;
  /** The address asked for an installation the customer does not have; the first one is shown instead. */
  fellBack: boolean;
  /** Null while the installation is not commissioned: there is nothing to fetch yet. */
  overview: MonitoringOverview | null;
}

/**
 * The page's view of `services.monitoring.page()` (the domain picks the installation, falls back and reads the
 * list once): the address state follows the installation and the date actually shown (the domain clamps a date
 * outside commissioning .. today to the nearest period with data), and the period controls get their bounds.
 */
export function monitoringView(data: MonitoringPageData, url: MonitoringUrlState, today: CalendarDate): MonitoringView {
  if (data.kind === 'noInstallation') return data;
  const { installation, overview } = data;
  return {
    ...data,
    state: { ...url, installationId: installation.id, date: overview?.work.range.date ?? url.date },
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

/**
 * The chart (and its table) of the shown period, null without data: a day's power, otherwise energy per bar. An
 * installation without a battery gets no battery series (docs/monitoring.md).
 */
export function chartOf(view: ReadyView, lang: Language, expected?: ExpectedYield): ChartData | null {
  const { overview, state, installation } = view;
  if (!overview || !hasData(overview)) return null;
  return state.period === 'day'
    ? buildPowerChart(overview.power?.points ?? [], state.date, lang, { battery: installation.batteryCapacityKwh !== null, resolutionMinutes: overview.power?.resolutionMinutes ?? 15 })
    : buildEnergyChart(overview.work, state.period, lang, targetsOf(expected));
}

/** The days' targets (kWh per date) the energy chart draws beside PV; none without a ready answer. */
export function targetsOf(expected: ExpectedYield | undefined): Map<string, number> | undefined {
  if (expected?.kind !== 'ready') return undefined;
  return new Map(expected.days.flatMap((day) => (day.targetKwh === null ? [] : [[day.date, day.targetKwh] as const])));
}

/** "Gerade eben": only on the day view of today, from the points that answer already holds (no extra call). */
export function nowOf(view: ReadyView): CurrentPower | null {
  const power = view.overview?.power;
  if (view.state.period !== 'day' || !power) return null;
  return currentPower(power.points, {
    isToday: view.state.date === view.bounds.today,
    hasBattery: view.installation.batteryCapacityKwh !== null,
    resolutionMinutes: power.resolutionMinutes,
  });
}
