import {
  EnergyValueErrors,
  type BreakdownRow,
  type EnergyValuePageData,
  type EnergyValuePageRequest,
  type EnergyValueServices,
  type FieldProblem,
  type InstallationFactsView,
  type MoneyView,
  type SolarspitzenView,
  type TariffView,
} from '../../contracts/energy-value.ts';
import type { EnergyBucket, PowerPoint } from '../../contracts/monitoring.ts';
import type { IotCloud, IotSite } from '../../ports/iot-cloud.ts';
import type { MarketData } from '../../ports/market-data.ts';
import { AppError } from '../errors.ts';
import { Lru } from '../lru.ts';
import { CommonErrors } from '../../contracts/errors.ts';
import { Money } from '../money/amounts.ts';
import { latestReport } from '../monitoring/monitoring.service.ts';
import { berlinToday } from '../berlin-time.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { EnergyValueRepository, InstallationFactsRow, StoredTariff } from '../repositories/energy-value.ts';
import type { RequestContext } from '../request-context.ts';
import { amortisation, effectivePriceExplanation, meteringFeesExplanation, meteringFeesOf, netSavingsExplanation, type Investment, type MeteringFee } from './amortisation.ts';
import { enteredFeedInRate, tableFeedInRate, type FeedInRate } from './eeg-rates.ts';
import { berlinDateOf, intervalsFromPowerPoints, type IntervalEnergy } from './intervals.ts';
import {
  batteryShareExplanation,
  batteryShareOf,
  eurString,
  savingsExplanation,
  savingsOf,
  sumPeriod,
  sumsBy,
  valueDays,
  type DayTotals,
} from './savings.ts';
import {
  capLossExplanation,
  feedInCap,
  negativePriceRuleApplies,
  negativePriceRuleStart,
  paymentExtension,
  paymentExtensionExplanation,
  solarspitzenDays,
  unpaidFeedInExplanation,
  type InstallationFacts,
} from './solarspitzen.ts';
import { ElectricityPrices, type DayAheadPrice, type Tariff, type TariffPeriod } from './tariffs.ts';

/**
 * The "Geld" page and its forms (docs/energy-value.md): savings, battery share, metering fees, amortisation and
 * effective price of an installation from its daily energies and the customer's tariffs, and the Solarspitzen view.
 *
 * Cost of a render: the customer's projects and installations (memoised per request), one energy call for every day
 * since commissioning (finished days kept in memory by `cacheFinishedPeriods`), two database reads, and, only where a
 * dynamic tariff or the Solarspitzen rules need them, the day-ahead prices (past days kept, `cachePastDays`) and the
 * 15-minute power of those days that must be priced per quarter hour (finished days kept too).
 */

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const isCalendarDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** The instant a Berlin calendar day starts (00:00 is +02:00 in summer, +01:00 in winter). */
export function berlinMidnightMs(date: string): number {
  const summer = Date.parse(`${date}T00:00:00+02:00`);
  return berlinDateOf(summer) === date ? summer : Date.parse(`${date}T00:00:00+01:00`);
}

/** A day bucket of the IoT cloud as one interval of the whole day: enough for a fixed tariff (one price all day). */
function dayInterval(bucket: EnergyBucket): IntervalEnergy {
  const date = bucket.start.slice(0, 10);
  return {
    date,
    startMs: berlinMidnightMs(date),
    endMs: berlinMidnightMs(addDays(date, 1)),
    pvWh: bucket.pvWh,
    importWh: bucket.importWh,
    exportWh: bucket.exportWh,
    chargeWh: bucket.chargeWh,
    dischargeWh: bucket.dischargeWh,
    consumptionWh: bucket.consumptionWh,
  };
}

/** At most this many 15-minute days are asked of the cloud at once. */
const POWER_CONCURRENCY = 4;

async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const toTariffView = (t: StoredTariff): TariffView => ({
  id: t.id,
  validFrom: t.validFrom,
  validTo: t.validTo,
  kind: t.tariff.kind,
  grossCentsPerKwh: t.tariff.kind === 'fixed' ? t.tariff.grossCentsPerKwh : null,
  surchargeNetCentsPerKwh: t.tariff.kind === 'dynamic' ? t.tariff.surchargeNetCentsPerKwh : null,
  vatPercent: t.tariff.kind === 'dynamic' ? t.tariff.vatPercent : null,
});

const factsView = (row: InstallationFactsRow | null): InstallationFactsView => ({
  investmentEur: row?.investmentEur ?? null,
  meteringFeeEurPerYear: row?.meteringFeeEurPerYear ?? null,
  feedInMode: row?.feedInMode ?? 'partial',
  feedInRateCents: row?.feedInRateCents ?? null,
  smartMeterInstalledOn: row?.smartMeterInstalledOn ?? null,
  controlBoxWorkingOn: row?.controlBoxWorkingOn ?? null,
});

/** The range a period covers, clamped to the days with data (commissioning to today). */
function periodBounds(period: EnergyValuePageRequest['period'], date: string, first: string, last: string) {
  const [year, month] = [date.slice(0, 4), date.slice(0, 7)];
  let from = date;
  let to = date;
  if (period === 'month') {
    from = `${month}-01`;
    to = new Date(Date.UTC(Number(year), Number(date.slice(5, 7)), 0)).toISOString().slice(0, 10);
  } else if (period === 'year') {
    from = `${year}-01-01`;
    to = `${year}-12-31`;
  } else if (period === 'total') {
    from = first;
    to = last;
  }
  return { from: from < first ? first : from, to: to > last ? last : to };
}

/** The tariff form's input as typed (strings from a plain form or JSON). */
export interface TariffInput {
  installationId: string;
  kind: string;
  validFrom: string;
  validTo: string;
  grossCentsPerKwh: string;
  surchargeNetCentsPerKwh: string;
  vatPercent: string;
}

export interface InstallationInput {
  installationId: string;
  investmentEur: string;
  meteringFeeEurPerYear: string;
  feedInMode: string;
  feedInRateCents: string;
  smartMeterInstalledOn: string;
  controlBoxWorkingOn: string;
}

/** A decimal as typed: German "32,5" or "32.5"; thousands separators of German money ("12.500,00") too. */
export function parseDecimal(raw: string): string | null {
  let text = raw.trim().replace(/\s|€|ct/g, '');
  if (text === '') return null;
  if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.');
  // German thousands without a decimal part ("18.900"): dots in groups of three are separators, not a point.
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(text)) text = text.replace(/\./g, '');
  return /^-?\d+(\.\d+)?$/.test(text) ? new Money(text).toString() : 'NaN';
}

const refuse = (problems: Record<string, FieldProblem>) => {
  const fields = Object.entries(problems)
    .map(([name, problem]) => `${name}:${problem}`)
    .join(',');
  return new AppError(EnergyValueErrors.INVALID_INPUT, { params: { fields } });
};

/** The figures a render computes from the upstream data; everything else of the page is cheap. */
type Valuation = { money: MoneyView | null; solarspitzen: SolarspitzenView | null };

/** How long computed figures are reused at most, though none of their inputs changed (docs/energy-value.md). */
export const VALUATION_TTL_MS = 10 * 60_000;

export function createEnergyValueService(deps: { iot: IotCloud; marketData: MarketData; projects: ProjectAccess; repository: EnergyValueRepository; now?: () => Date }) {
  const now = () => deps.now?.() ?? new Date();
  const today = () => berlinToday(now());
  /**
   * Computed figures per installation and everything they are computed from: the tariffs and facts as stored, the
   * installation's newest report (new data changes it), today's date and the period asked. Valuing every day since
   * commissioning costs tens of milliseconds of CPU; a render whose inputs are unchanged reuses the figures. Concurrent
   * renders share one computation; a failed one is not kept.
   */
  const valuations = new Lru<{ at: number; value: Promise<Valuation> }>(1_000);

  async function sitesOf(userId: string, ctx?: RequestContext): Promise<IotSite[]> {
    const projects = await deps.projects.projectsOf(userId, ctx);
    const current = ctx?.currentProjectId;
    const ordered = [...projects].sort((a, b) => Number(b.id === current) - Number(a.id === current));
    const load = () => deps.iot.sitesOfProjects(ordered.map((p) => p.id));
    const sites = ctx ? await ctx.once(`iot.sites|${ordered.map((p) => p.id).join(',')}`, load, 'iot') : await load();
    const rank = (site: IotSite) => ordered.findIndex((p) => p.id === site.projectId);
    return sites.filter((s) => rank(s) >= 0).sort((a, b) => rank(a) - rank(b));
  }

  async function ownedSite(userId: string, installationId: string, ctx?: RequestContext): Promise<IotSite> {
    const site = (await sitesOf(userId, ctx)).find((s) => s.siteId === installationId);
    if (!site) throw new AppError(EnergyValueErrors.UNKNOWN_INSTALLATION);
    return site;
  }

  const commissionedOn = (site: IotSite) => (site.commissionedAt ? berlinToday(new Date(site.commissionedAt)) : null);

  function feedInRateOf(site: IotSite, facts: InstallationFactsView, on: string): FeedInRate | undefined {
    if (facts.feedInRateCents !== null) return enteredFeedInRate(facts.feedInRateCents);
    return tableFeedInRate({ commissionedOn: on, peakPowerKwp: site.pvPeakPowerKw, mode: facts.feedInMode });
  }

  const solarFacts = (site: IotSite, on: string, facts: InstallationFactsView): InstallationFacts => ({
    commissionedOn: on,
    peakPowerKwp: site.pvPeakPowerKw,
    smartMeterInstalledOn: facts.smartMeterInstalledOn,
    controlBoxWorkingOn: facts.controlBoxWorkingOn,
  });

  /** The 15-minute power of the days, as intervals, and their counter totals. */
  async function quarterHours(siteId: string, dates: readonly string[]) {
    const days = await mapLimited(dates, POWER_CONCURRENCY, async (date) => ({ date, day: await deps.iot.power(siteId, date) }));
    const intervals: IntervalEnergy[] = [];
    const totals = new Map<string, DayTotals>();
    for (const { date, day } of days) {
      intervals.push(...intervalsFromPowerPoints(day.points as PowerPoint[]));
      totals.set(date, day.totals);
    }
    return { intervals, totals };
  }

  async function page(ctx: RequestContext, request: EnergyValuePageRequest): Promise<EnergyValuePageData> {
    if (!ctx.user) return { kind: 'noInstallation' };
    const userId = ctx.user.id;
    const sites = (await sitesOf(userId, ctx)).filter((s) => s.pvPeakPowerKw > 0);
    const first = sites[0];
    if (!first) return { kind: 'noInstallation' };
    const asked = request.installationId === null ? first : sites.find((s) => s.siteId === request.installationId);
    const site = asked ?? first;
    const [stored, factsRow] = await Promise.all([deps.repository.tariffs(userId, site.siteId), deps.repository.facts(userId, site.siteId)]);
    const facts = factsView(factsRow);
    const on = commissionedOn(site);
    const stand = latestReport(site.devices);
    const common = {
      kind: 'ready' as const,
      installations: sites.map((s) => ({ id: s.siteId, name: s.name })),
      installation: { id: site.siteId, name: site.name, pvPeakPowerKw: site.pvPeakPowerKw, hasBattery: site.batteryCapacityKwh !== null, commissionedOn: on },
      fellBack: request.installationId !== null && site.siteId !== request.installationId,
      tariffs: stored.map(toTariffView),
      facts,
      stand,
    };
    const rate = on ? feedInRateOf(site, facts, on) : undefined;
    const feedInRate = rate ? { explanation: rate.explanation, stand: null } : null;
    if (!on || !rate) return { ...common, feedInRate, money: null, solarspitzen: null };

    const last = today();
    const key = JSON.stringify([site.siteId, site.pvPeakPowerKw, site.batteryCapacityKwh, on, last, stand, stored, factsRow, request.period, request.date, request.month]);
    const kept = valuations.get(key);
    if (kept && now().getTime() - kept.at < VALUATION_TTL_MS) return { ...common, feedInRate, ...(await kept.value) };
    const value = valuation(ctx, { site, on, last, facts, stored, stand, rate, request });
    valuations.set(key, { at: now().getTime(), value });
    value.catch(() => (valuations.get(key)?.value === value ? valuations.delete(key) : undefined));
    return { ...common, feedInRate, ...(await value) };
  }

  /** Money and Solarspitzen figures of an installation: the costly part of a render (see `valuations`). */
  async function valuation(
    ctx: RequestContext,
    { site, on, last, facts, stored, stand, rate, request }: { site: IotSite; on: string; last: string; facts: InstallationFactsView; stored: StoredTariff[]; stand: string | null; rate: FeedInRate; request: EnergyValuePageRequest },
  ): Promise<Valuation> {
    const solar = solarFacts(site, on, facts);
    const ruleStart = negativePriceRuleStart(solar);
    const cap = feedInCap(solar);
    const rulesTouch = ruleStart !== null || cap.applies;
    const periods: TariffPeriod[] = stored.map((t) => ({ from: t.validFrom, to: t.validTo, tariff: t.tariff }));
    const dynamicDays = (date: string) => periods.some((p) => p.tariff.kind === 'dynamic' && p.from <= date && (p.to === null || date <= p.to));
    const needPrices = rulesTouch || periods.some((p) => p.tariff.kind === 'dynamic');

    const [buckets, dayAhead] = await Promise.all([
      ctx.once(`energy|${site.siteId}|${on}|${last}`, () => deps.iot.energy(site.siteId, on, last, 'day'), 'iot'),
      needPrices ? ctx.once(`dayAhead|${on}|${last}`, () => deps.marketData.dayAhead(on, last), 'marketData') : Promise.resolve([] as DayAheadPrice[]),
    ]);

    // Which days need their quarter hours: those of a dynamic tariff, those whose feed-in § 51 may leave unpaid, and
    // (for the cap) the days of the Solarspitzen month shown.
    const negativeStarts = new Set<number>();
    const negativeDays = new Set<string>();
    for (const price of dayAhead) {
      // The sign of a decimal string survives the conversion to a float.
      if (Number(price.eurPerMwh) < 0) {
        for (let t = price.startMs; t < price.endMs; t += 900_000) negativeStarts.add(t);
        negativeDays.add(berlinDateOf(price.startMs));
      }
    }
    const months = [...new Set([...negativeDays].map((d) => d.slice(0, 7)))].sort().reverse();
    const bucketDays = buckets.map((b) => b.start.slice(0, 10)).filter((d) => d >= on && d <= last);
    const priced = bucketDays.filter((d) => dynamicDays(d) || (negativeDays.has(d) && negativePriceRuleApplies(solar, d)));
    const base = await quarterHours(site.siteId, priced);
    // The Solarspitzen month shown by default: the newest with feed-in during negative prices (what the rule costs),
    // else the newest with negative prices at all.
    const unpaidMonths = new Set(base.intervals.filter((i) => i.exportWh > 0 && negativeStarts.has(i.startMs)).map((i) => i.date.slice(0, 7)));
    const month = request.month && /^\d{4}-\d{2}$/.test(request.month) ? request.month : (months.find((m) => unpaidMonths.has(m)) ?? months[0] ?? last.slice(0, 7));
    // The cap's loss needs the quarter hours of every day of that month.
    const pricedSet = new Set(priced);
    const capDays = rulesTouch && cap.applies ? bucketDays.filter((d) => d.startsWith(month) && !pricedSet.has(d)) : [];
    const extra = await quarterHours(site.siteId, capDays);
    const quarter = { intervals: [...base.intervals, ...extra.intervals], totals: new Map([...base.totals, ...extra.totals]) };
    const detailed = [...priced, ...capDays];
    const detailedSet = new Set(detailed);
    const intervals = [...quarter.intervals, ...buckets.filter((b) => !detailedSet.has(b.start.slice(0, 10)) && b.start.slice(0, 10) >= on).map(dayInterval)];

    let money: MoneyView | null = null;
    if (periods.length > 0) {
      const prices = new ElectricityPrices(periods, dayAhead);
      const days = valueDays(
        intervals,
        { prices, feedInRate: rate, unpaid: (i) => negativeStarts.has(i.startMs) && i.endMs - i.startMs <= 3_600_000 && negativePriceRuleApplies(solar, i.date) },
        quarter.totals,
      );
      const fees: MeteringFee[] = facts.meteringFeeEurPerYear === null ? [] : [{ from: on, to: null, euroPerYear: facts.meteringFeeEurPerYear }];
      const date = isCalendarDate(request.date) ? (request.date < on ? on : request.date > last ? last : request.date) : last;
      const bounds = periodBounds(request.period, date, on, last);
      const p = sumPeriod(days, bounds.from, bounds.to);
      const investment: Investment | undefined = facts.investmentEur === null ? undefined : { amountEur: facts.investmentEur, source: 'entered' };
      const amort = investment ? amortisation(investment, days, fees) : undefined;
      const resolution = request.period === 'total' ? 'year' : request.period === 'year' ? 'month' : 'day';
      const rows: BreakdownRow[] =
        request.period === 'day'
          ? []
          : sumsBy(days, resolution, bounds.from, bounds.to)
              .map((row) => ({
                from: row.from < bounds.from ? bounds.from : row.from,
                to: row.to > bounds.to ? bounds.to : row.to,
                savings: eurString(savingsOf(row)),
                batteryShare: eurString(batteryShareOf(row)),
                netSavings: eurString(savingsOf(row).minus(meteringFeesOf(fees, days, row.from, row.to))),
                daysWithData: row.daysWithData,
              }))
              .filter((row) => row.daysWithData > 0);
      const figure = <E>(explanation: E) => ({ explanation, stand });
      money = {
        period: request.period,
        date,
        from: bounds.from,
        to: bounds.to,
        savings: figure(savingsExplanation(p, rate)),
        batteryShare: site.batteryCapacityKwh === null ? null : figure(batteryShareExplanation(p, rate)),
        meteringFees: figure(meteringFeesExplanation(p, fees, days)),
        netSavings: figure(netSavingsExplanation(p, fees, days)),
        effectivePrice: figure(effectivePriceExplanation(p, fees, days, investment)),
        amortisation: amort ? { ...figure(amort.explanation), status: amort.status, date: amort.date } : null,
        breakdown: { resolution, rows },
      };
    }

    let solarspitzen: SolarspitzenView | null = null;
    if (rulesTouch) {
      const detailedIntervals = quarter.intervals;
      const all = solarspitzenDays(solar, detailedIntervals, dayAhead, rate, berlinDateOf);
      const shown = all.filter((d) => d.date.startsWith(month) && (d.negativeQuarterHours > 0 || d.capLossKwh.gt(0)));
      const monthDays = all.filter((d) => d.date.startsWith(month));
      const lastDay = all.at(-1);
      const counted = lastDay?.cumulativeQuarterHours ?? 0;
      const extension = paymentExtension(on, counted);
      const pricesEnd = dayAhead.reduce((max, p) => Math.max(max, p.endMs), 0);
      const pricesStand = pricesEnd === 0 ? null : new Date(Math.min(pricesEnd, now().getTime())).toISOString();
      solarspitzen = {
        month,
        months,
        ruleStart,
        days: shown.map((d) => ({
          date: d.date,
          negativeQuarterHours: d.negativeQuarterHours,
          ruleApplies: d.ruleApplies,
          feedInKwh: d.feedInKwh.toDecimalPlaces(3, Money.ROUND_HALF_UP).toString(),
          unpaidEur: eurString(d.unpaidEur),
          capLossKwh: d.capLossKwh.toDecimalPlaces(3, Money.ROUND_HALF_UP).toString(),
          cumulativeQuarterHours: d.cumulativeQuarterHours,
          cumulativeFullLoadQuarterHours: d.cumulativeFullLoadQuarterHours,
        })),
        unpaidFeedIn: { explanation: unpaidFeedInExplanation(monthDays, rate), stand },
        capLoss: { explanation: capLossExplanation(solar, monthDays), stand },
        paymentExtension: { explanation: paymentExtensionExplanation(on, counted), stand: pricesStand, regularEnd: extension.regularEnd, extendedEnd: extension.extendedEnd, months: extension.months },
        cap: { applies: cap.applies, capKw: cap.capKw?.toString() ?? null, liftedOn: cap.liftedOn, missing: cap.missing },
        pricesStand,
      };
    }
    return { money, solarspitzen };
  }

  // ----- the forms -----

  function checkDate(raw: string, name: string, problems: Record<string, FieldProblem>, required: boolean): string | null {
    const value = raw.trim();
    if (value === '') {
      if (required) problems[name] = 'required';
      return null;
    }
    if (!isCalendarDate(value)) {
      problems[name] = 'date';
      return null;
    }
    return value;
  }

  function checkAmount(raw: string, name: string, problems: Record<string, FieldProblem>, options: { required: boolean; max: string }): string | null {
    const value = parseDecimal(raw);
    if (value === null) {
      if (options.required) problems[name] = 'required';
      return null;
    }
    if (value === 'NaN') problems[name] = 'number';
    else if (new Money(value).isNegative()) problems[name] = 'negative';
    else if (new Money(value).gt(options.max)) problems[name] = 'tooLarge';
    else return value;
    return null;
  }

  /** Adds a tariff; refuses bad dates, overlaps with another tariff of the installation, and negative prices. */
  async function addTariff(userId: string, input: TariffInput): Promise<TariffView> {
    const site = await ownedSite(userId, input.installationId);
    const problems: Record<string, FieldProblem> = {};
    const kind = input.kind === 'dynamic' ? 'dynamic' : 'fixed';
    const from = checkDate(input.validFrom, 'validFrom', problems, true);
    const to = checkDate(input.validTo, 'validTo', problems, false);
    if (from && to && to < from) problems.validTo = 'order';
    let tariff: Tariff | null = null;
    if (kind === 'fixed') {
      const price = checkAmount(input.grossCentsPerKwh, 'grossCentsPerKwh', problems, { required: true, max: '500' });
      if (price) tariff = { kind: 'fixed', grossCentsPerKwh: price };
    } else {
      const surcharge = checkAmount(input.surchargeNetCentsPerKwh, 'surchargeNetCentsPerKwh', problems, { required: true, max: '200' });
      const vat = checkAmount(input.vatPercent, 'vatPercent', problems, { required: true, max: '100' });
      if (surcharge && vat) tariff = { kind: 'dynamic', surchargeNetCentsPerKwh: surcharge, vatPercent: vat };
    }
    const on = commissionedOn(site);
    if (from && on && to && to < on) problems.validTo = 'beforeCommissioning';
    if (from && !problems.validTo) {
      const existing = await deps.repository.tariffs(userId, site.siteId);
      const end = to ?? '9999-12-31';
      const clash = existing.find((t) => t.validFrom <= end && (t.validTo ?? '9999-12-31') >= from);
      if (clash) problems[clash.validFrom <= from ? 'validFrom' : 'validTo'] = 'overlap';
    }
    if (Object.keys(problems).length > 0 || !from || !tariff) throw refuse(problems);
    return toTariffView(await deps.repository.addTariff(userId, { installationId: site.siteId, validFrom: from, validTo: to, tariff }));
  }

  async function removeTariff(userId: string, installationId: string, tariffId: number): Promise<void> {
    const site = await ownedSite(userId, installationId);
    if (!(await deps.repository.removeTariff(userId, site.siteId, tariffId))) throw new AppError(CommonErrors.NOT_FOUND);
  }

  /** Saves the installation's money facts; refuses negative amounts and bad dates. */
  async function saveInstallation(userId: string, input: InstallationInput): Promise<InstallationFactsView> {
    const site = await ownedSite(userId, input.installationId);
    const problems: Record<string, FieldProblem> = {};
    const investmentEur = checkAmount(input.investmentEur, 'investmentEur', problems, { required: false, max: '10000000' });
    const meteringFeeEurPerYear = checkAmount(input.meteringFeeEurPerYear, 'meteringFeeEurPerYear', problems, { required: false, max: '10000' });
    const feedInRateCents = checkAmount(input.feedInRateCents, 'feedInRateCents', problems, { required: false, max: '100' });
    const smartMeterInstalledOn = checkDate(input.smartMeterInstalledOn, 'smartMeterInstalledOn', problems, false);
    const controlBoxWorkingOn = checkDate(input.controlBoxWorkingOn, 'controlBoxWorkingOn', problems, false);
    for (const [name, value] of [['smartMeterInstalledOn', smartMeterInstalledOn], ['controlBoxWorkingOn', controlBoxWorkingOn]] as const) {
      if (value && value > today()) problems[name] = 'future';
    }
    if (Object.keys(problems).length > 0) throw refuse(problems);
    const facts = { investmentEur, meteringFeeEurPerYear, feedInMode: input.feedInMode === 'full' ? ('full' as const) : ('partial' as const), feedInRateCents, smartMeterInstalledOn, controlBoxWorkingOn };
    await deps.repository.saveFacts(userId, { installationId: site.siteId, ...facts });
    return facts;
  }

  return {
    addTariff,
    removeTariff,
    saveInstallation,
    forRequest: (ctx: RequestContext): EnergyValueServices => ({ page: (request) => page(ctx, request) }),
  };
}

export type EnergyValueService = ReturnType<typeof createEnergyValueService>;
