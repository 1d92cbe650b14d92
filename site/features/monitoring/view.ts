import type { EnergyFlows, EnergyTotals, Installation, MonitoringOverview, Period, PowerPoint } from '~/bff/contracts/monitoring.ts';
import type { Language } from '~/bff/contracts/auth.ts';
import type { Translate } from '~/site/i18n/types.ts';
import { formatCalendarDate, shareOf } from '~/site/lib/format.ts';
import { isoWeek, periodRange, type CalendarDate, type PeriodBounds } from './periods.ts';

/** The shown period in words: "Dienstag, 12. Mai 2026", "KW 20: 11. Mai – 17. Mai 2026", "Mai 2026", "2026". */
export function periodTitle(t: Translate, lang: Language, period: Period, date: CalendarDate, bounds: PeriodBounds): string {
  const { from, to } = periodRange(period, date, bounds);
  switch (period) {
    case 'day':
      return formatCalendarDate(date, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, lang);
    case 'week':
      return t('monitoring.weekRange', {
        week: isoWeek(date).week,
        from: formatCalendarDate(from, { day: 'numeric', month: 'long' }, lang),
        to: formatCalendarDate(to, { day: 'numeric', month: 'long', year: 'numeric' }, lang),
      });
    case 'month':
      return formatCalendarDate(date, { month: 'long', year: 'numeric' }, lang);
    case 'year':
      return date.slice(0, 4);
    case 'total': {
      const [first, last] = [from.slice(0, 4), to.slice(0, 4)];
      return t('monitoring.totalRange', { years: first === last ? first : `${first}–${last}` });
    }
  }
}

export interface Kpis {
  selfSufficiency: { percent: number; ownWh: number; consumptionWh: number; importWh: number };
  selfConsumption: { percent: number; ownWh: number; pvWh: number; exportWh: number };
}

/**
 * The two KPIs with the energies behind them (users distrust bare percentages, docs/monitoring.md): the share of
 * consumption not drawn from the grid, and the share of PV not fed in. Percentages come from the BFF, computed from
 * the same summed energies.
 */
export function kpisOf(overview: Pick<MonitoringOverview, 'selfSufficiency' | 'selfConsumption'>): Kpis {
  const { selfSufficiency: ss, selfConsumption: sc } = overview;
  return {
    selfSufficiency: {
      percent: ss.percent,
      ownWh: Math.max(0, ss.consumptionWh - ss.gridImportWh),
      consumptionWh: ss.consumptionWh,
      importWh: ss.gridImportWh,
    },
    selfConsumption: {
      percent: sc.percent,
      ownWh: Math.max(0, sc.pvWh - sc.exportWh),
      pvWh: sc.pvWh,
      exportWh: sc.exportWh,
    },
  };
}

export interface FlowPart<K extends string> {
  key: K;
  wh: number;
  /** Percent of the whole (one decimal). */
  share: number;
}

export interface EnergyBalance {
  /** How consumption was covered: PV directly, battery, grid. */
  coverage: FlowPart<'solar' | 'battery' | 'grid'>[];
  /** How PV was used: directly, into the battery, into the grid. */
  usage: FlowPart<'direct' | 'battery' | 'grid'>[];
  /** The flows that fit neither picture, shown as a note when not zero. */
  gridToBatteryWh: number;
  batteryToGridWh: number;
}

function parts<K extends string>(entries: [K, number][]): FlowPart<K>[] {
  const whole = entries.reduce((sum, [, wh]) => sum + Math.max(0, wh), 0);
  return entries.map(([key, wh]) => ({ key, wh: Math.max(0, wh), share: shareOf(Math.max(0, wh), whole) }));
}

/**
 * Whether the page shows battery figures: for an installation with a battery, and wherever the cloud measured battery
 * energy anyway (a battery the site data does not list yet). Without, its rows would always read 0 kWh.
 */
export function showsBattery(installation: Pick<Installation, 'batteryCapacityKwh'>, totals: Pick<EnergyTotals, 'chargeWh' | 'dischargeWh'>): boolean {
  return installation.batteryCapacityKwh !== null || totals.chargeWh > 0 || totals.dischargeWh > 0;
}

/** The energy balance from the BFF's flow split (Home Assistant’s order, docs/monitoring.md); battery parts only with one. */
export function balanceOf(flows: EnergyFlows, options: { battery: boolean }): EnergyBalance {
  const keep = <K extends string>(entries: [K, number][]) => entries.filter(([key]) => options.battery || key !== 'battery');
  return {
    coverage: parts(
      keep([
        ['solar', flows.solarToHomeWh],
        ['battery', flows.batteryToHomeWh],
        ['grid', flows.gridToHomeWh],
      ]),
    ),
    usage: parts(
      keep([
        ['direct', flows.solarToHomeWh],
        ['battery', flows.solarToBatteryWh],
        ['grid', flows.solarToGridWh],
      ]),
    ),
    gridToBatteryWh: options.battery ? flows.gridToBatteryWh : 0,
    batteryToGridWh: options.battery ? flows.batteryToGridWh : 0,
  };
}

export type TotalKey = 'pv' | 'consumption' | 'wallbox' | 'import' | 'export' | 'charge' | 'discharge';

/**
 * The period's sums as the "Summen im Zeitraum" list shows them. The wallbox's charged energy follows consumption as
 * its part ("davon Wallbox") where the cloud reports a wallbox meter; the battery rows only where `showsBattery`.
 */
export function totalsList(totals: EnergyTotals, options: { battery: boolean }): { key: TotalKey; wh: number; part: boolean }[] {
  const row = (key: TotalKey, wh: number, part = false) => ({ key, wh, part });
  return [
    row('pv', totals.pvWh),
    row('consumption', totals.consumptionWh),
    ...(typeof totals.wallboxWh === 'number' ? [row('wallbox', totals.wallboxWh, true)] : []),
    row('import', totals.importWh),
    row('export', totals.exportWh),
    ...(options.battery ? [row('charge', totals.chargeWh), row('discharge', totals.dischargeWh)] : []),
  ];
}

/** Left edges of stacked segments (percent), for the balance bars' SVG `x` attributes (no inline styles under the CSP). */
export function segmentOffsets(shares: readonly number[]): number[] {
  let offset = 0;
  return shares.map((share) => {
    const start = offset;
    offset += share;
    return Math.min(100, start);
  });
}

/** What the installation does right now: the newest 15-minute point of today (docs/monitoring.md, "Gerade eben"). */
export interface CurrentPower {
  /** The interval the values are the mean of: from its start to its end (the end is the "Stand" of fresh data). */
  from: string;
  until: string;
  pvW: number;
  consumptionW: number;
  /** Positive: import from the grid; negative: feed-in. */
  gridW: number;
  /** Positive: the battery discharges; negative: it charges; null without a battery. */
  batteryW: number | null;
  /** State of charge in percent, where the cloud has one. */
  socPct: number | null;
  /** What the wallbox draws (part of consumption), where the cloud reports a wallbox. */
  wallboxW: number | null;
}

/** The end of an interval as an instant (ISO, UTC); the page shows every time in Berlin time anyway. */
const plusMinutes = (timestamp: string, minutes: number) => new Date(Date.parse(timestamp) + minutes * 60_000).toISOString();

/**
 * The current values, shown on the day view of today only: that answer already holds today's points, so "now"
 * costs no extra call to the cloud. Other periods and past days show no "now" block.
 */
export function currentPower(
  points: readonly PowerPoint[],
  options: { isToday: boolean; hasBattery: boolean; resolutionMinutes: number },
): CurrentPower | null {
  if (!options.isToday) return null;
  const latest = points
    .filter((p) => !Number.isNaN(Date.parse(p.timestamp)))
    .reduce<PowerPoint | undefined>((a, b) => (a === undefined || Date.parse(b.timestamp) > Date.parse(a.timestamp) ? b : a), undefined);
  if (!latest) return null;
  return {
    from: latest.timestamp,
    until: plusMinutes(latest.timestamp, options.resolutionMinutes),
    pvW: latest.pvW,
    consumptionW: latest.consumptionW,
    gridW: latest.gridW,
    batteryW: options.hasBattery ? latest.batteryW : null,
    socPct: options.hasBattery ? latest.batterySocPct : null,
    wallboxW: typeof latest.wallboxW === 'number' ? latest.wallboxW : null,
  };
}
