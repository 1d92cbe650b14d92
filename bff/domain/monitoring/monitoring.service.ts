import type {
  Device,
  EnergyTotals,
  Installation,
  MonitoringOverview,
  MonitoringPageData,
  MonitoringQuery,
  MonitoringServices,
  PowerHistoryResponse,
  SelfConsumptionResponse,
  SelfSufficiencyResponse,
  TodaySnapshot,
  WorkHistoryResponse,
} from '../../contracts/monitoring.ts';
import { MonitoringErrors } from '../../contracts/monitoring.ts';
import type { IotCloud, IotSite } from '../../ports/iot-cloud.ts';
import { AppError, notFound } from '../errors.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import type { RequestContext } from '../request-context.ts';
import type { UpstreamCache } from '../upstream-cache.ts';
import { flowsOf, selfConsumptionPercent, selfSufficiencyPercent, sumBuckets } from './energy-flows.ts';
import { berlinToday } from '../berlin-time.ts';
import { bucketResolution, periodRange } from './periods.ts';

/** An installation with what the cloud listed for it; the devices come in the same call as the installation. */
interface Site {
  installation: Installation;
  devices: Device[];
}

const toSite = (site: IotSite): Site => ({
  installation: {
    id: site.siteId,
    projectId: site.projectId,
    name: site.name,
    pvPeakPowerKw: site.pvPeakPowerKw,
    batteryCapacityKwh: site.batteryCapacityKwh,
    annualConsumptionKwh: site.annualConsumptionKwh,
    commissionedAt: site.commissionedAt,
    ...(site.location ? { location: site.location } : {}),
    ...(site.arrays ? { arrays: site.arrays } : {}),
  },
  devices: site.devices,
});

/** "Stand": the newest time a device reported, so it always agrees with the devices' "Zuletzt gemeldet". */
export function latestReport(devices: readonly Device[]): string | null {
  const seen = devices.flatMap((d) => (d.lastSeenAt ? [{ at: d.lastSeenAt, ms: Date.parse(d.lastSeenAt) }] : []));
  return seen.length === 0 ? null : seen.reduce((a, b) => (b.ms > a.ms ? b : a)).at;
}

const noEnergy = (totals: EnergyTotals) => Object.values(totals).every((wh) => typeof wh !== 'number' || wh === 0);

/**
 * Monitoring for the customer's installations. Authorisation goes through the customer's projects: an installation
 * of another customer's project answers 404 exactly like an unknown one.
 */
export function createMonitoringService(deps: { iot: IotCloud; projects: ProjectAccess; cache?: UpstreamCache; now?: () => Date }) {
  const today = () => berlinToday(deps.now?.() ?? new Date());

  /**
   * The customer's installations (current project first) in two calls: projects, then every project's sites at once.
   * `kept`: the dashboard's, kept like the customer's projects (docs/monitoring.md "What a page asks"); only their facts
   * are read from them (which change at commissioning, whose event drops them), never the devices' live state.
   */
  async function sitesOf(userId: string, currentProjectId: number | undefined, ctx?: RequestContext, kept = false): Promise<Site[]> {
    const ids = (await deps.projects.projectsOf(userId, ctx)).map((p) => p.id);
    const load = () => deps.iot.sitesOfProjects(ids);
    const sites = await (kept && ctx && deps.cache ? deps.cache.through(ctx, `sites:${ids.join(',')}`, load, () => ids, 'iot') : load());
    const rank = (site: IotSite) => (site.projectId === currentProjectId ? -1 : ids.indexOf(site.projectId));
    return sites.filter((s) => ids.includes(s.projectId)).sort((a, b) => rank(a) - rank(b)).map(toSite);
  }

  async function ownedSite(userId: string, installationId: string): Promise<Site> {
    const site = (await sitesOf(userId, undefined)).find((s) => s.installation.id === installationId);
    if (!site) throw notFound('Diese Anlage haben wir nicht gefunden.');
    return site;
  }

  function range(installation: Installation, query: MonitoringQuery) {
    return periodRange(query.period, query.date, { commissionedAt: installation.commissionedAt, today: today() });
  }

  /** The days that can have data: from the commissioning day (Berlin) to today. */
  function dataDays(installation: Installation) {
    const first = installation.commissionedAt ? berlinToday(new Date(installation.commissionedAt)) : today();
    return { first, last: today() };
  }

  /**
   * Dates at the API's edge: a period wholly before commissioning or after today is a 400 with the range
   * that exists, never a call to the cloud (which would answer nonsense dates like 0100-01-01 with an error).
   */
  function checked(installation: Installation, query: MonitoringQuery): MonitoringQuery {
    const r = range(installation, query);
    const { first, last } = dataDays(installation);
    if (r.to < first || r.from > last) throw new AppError(MonitoringErrors.DATE_OUT_OF_RANGE, { params: { from: first, to: last } });
    return query;
  }

  /** The page clamps instead: an old bookmark or a hand-edited address shows the nearest period that has data. */
  function clamped(installation: Installation, query: MonitoringQuery): MonitoringQuery {
    const r = range(installation, query);
    const { first, last } = dataDays(installation);
    if (r.to < first) return { ...query, date: first };
    if (r.from > last) return { ...query, date: last };
    return query;
  }

  function workOf(installation: Installation, query: MonitoringQuery, buckets: WorkHistoryResponse['buckets']): WorkHistoryResponse {
    const totals = sumBuckets(buckets);
    return { range: range(installation, query), resolution: bucketResolution(query.period), buckets, totals, flows: flowsOf(totals) };
  }

  async function work(installation: Installation, query: MonitoringQuery): Promise<WorkHistoryResponse> {
    const r = range(installation, query);
    const buckets = installation.commissionedAt
      ? await deps.iot.energy(installation.id, r.from, r.to, bucketResolution(query.period))
      : [];
    return workOf(installation, query, buckets);
  }

  async function power(installation: Installation, query: MonitoringQuery) {
    if (query.period !== 'day') throw new AppError(MonitoringErrors.PERIOD_NOT_SUPPORTED);
    const data = installation.commissionedAt
      ? await deps.iot.power(installation.id, query.date)
      : { resolutionMinutes: 15, points: [], totals: sumBuckets([]) };
    const response: PowerHistoryResponse = { range: range(installation, query), resolutionMinutes: data.resolutionMinutes, points: data.points };
    return { response, totals: data.totals };
  }

  const selfSufficiency = (w: WorkHistoryResponse): SelfSufficiencyResponse => ({
    range: w.range,
    percent: selfSufficiencyPercent(w.totals),
    consumptionWh: w.totals.consumptionWh,
    gridImportWh: w.totals.importWh,
  });
  const selfConsumption = (w: WorkHistoryResponse): SelfConsumptionResponse => ({
    range: w.range,
    percent: selfConsumptionPercent(w.totals),
    pvWh: w.totals.pvWh,
    exportWh: w.totals.exportWh,
  });

  /** Everything the page shows for one period, in one call to the cloud: a day's power carries the day's energy. */
  async function overview(site: Site, query: MonitoringQuery): Promise<MonitoringOverview> {
    const { installation, devices } = site;
    let w: WorkHistoryResponse;
    let p: PowerHistoryResponse | null = null;
    if (query.period === 'day') {
      const day = await power(installation, query);
      p = day.response;
      // The energy endpoint lists no bucket for a day without data; neither does this.
      const empty = day.response.points.length === 0 && noEnergy(day.totals);
      w = workOf(installation, query, empty ? [] : [{ start: query.date, ...day.totals }]);
    } else {
      w = await work(installation, query);
    }
    return {
      installation,
      devices,
      work: w,
      power: p,
      selfSufficiency: selfSufficiency(w),
      selfConsumption: selfConsumption(w),
      latestAt: latestReport(devices),
    };
  }

  /** The monitoring page: pick the asked installation (or fall back to the first), then its period. */
  async function page(ctx: RequestContext, request: { installationId: string | null } & MonitoringQuery): Promise<MonitoringPageData> {
    if (!ctx.user) return { kind: 'noInstallation' };
    const sites = await sitesOf(ctx.user.id, ctx.currentProjectId, ctx);
    const first = sites[0];
    if (!first) return { kind: 'noInstallation' };
    const asked = request.installationId === null ? first : sites.find((s) => s.installation.id === request.installationId);
    const site = asked ?? first;
    const query = clamped(site.installation, { period: request.period, date: request.date });
    return {
      kind: 'ready',
      installations: sites.map((s) => s.installation),
      installation: site.installation,
      fellBack: request.installationId !== null && site.installation.id !== request.installationId,
      overview: site.installation.commissionedAt === null ? null : await overview(site, query),
    };
  }

  /** The dashboard's snapshot of the current project's first commissioned installation (one call to the cloud). */
  async function todayOf(ctx: RequestContext): Promise<TodaySnapshot | null> {
    if (!ctx.user) return null;
    try {
      const sites = await sitesOf(ctx.user.id, ctx.currentProjectId, ctx, true);
      const current = await deps.projects.current(ctx);
      // "What did my roof produce today" needs PV: a wallbox-only installation has no production to show.
      const site = sites.find(
        (s) => s.installation.projectId === current?.id && s.installation.commissionedAt !== null && s.installation.pvPeakPowerKw > 0,
      );
      if (!site) return null;
      const day = await deps.iot.power(site.installation.id, today());
      const last = day.points.reduce<(typeof day.points)[number] | undefined>((a, b) => (!a || b.timestamp > a.timestamp ? b : a), undefined);
      const hasBattery = site.installation.batteryCapacityKwh !== null;
      return {
        installationId: site.installation.id,
        name: site.installation.name,
        pvWh: day.totals.pvWh,
        latest: last ? { at: last.timestamp, pvW: last.pvW, consumptionW: last.consumptionW, batterySocPct: hasBattery ? last.batterySocPct : null } : null,
        hasBattery,
      };
    } catch (error) {
      if ((error as { code?: string }).code === 'UPSTREAM.UNAVAILABLE') return null;
      throw error;
    }
  }

  return {
    async installationsOf(userId: string, currentProjectId?: number) {
      return (await sitesOf(userId, currentProjectId)).map((s) => s.installation);
    },
    async devices(userId: string, installationId: string) {
      return (await ownedSite(userId, installationId)).devices;
    },
    async powerHistory(userId: string, installationId: string, query: MonitoringQuery) {
      const { installation } = await ownedSite(userId, installationId);
      return (await power(installation, checked(installation, query))).response;
    },
    async workHistory(userId: string, installationId: string, query: MonitoringQuery) {
      const { installation } = await ownedSite(userId, installationId);
      return work(installation, checked(installation, query));
    },
    async selfSufficiency(userId: string, installationId: string, query: MonitoringQuery) {
      const { installation } = await ownedSite(userId, installationId);
      return selfSufficiency(await work(installation, checked(installation, query)));
    },
    async selfConsumption(userId: string, installationId: string, query: MonitoringQuery) {
      const { installation } = await ownedSite(userId, installationId);
      return selfConsumption(await work(installation, checked(installation, query)));
    },
    forRequest: (ctx: RequestContext): MonitoringServices => ({ page: (request) => page(ctx, request), today: () => todayOf(ctx) }),
  };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
