import type {
  Installation,
  MonitoringOverview,
  MonitoringQuery,
  PowerHistoryResponse,
  SelfConsumptionResponse,
  SelfSufficiencyResponse,
  WorkHistoryResponse,
} from '../../contracts/monitoring.ts';
import type { IotCloud, IotSite } from '../../ports/iot-cloud.ts';
import { BadRequest, NotFound } from '../errors.ts';
import type { ProjectAccess } from '../projects/project-access.ts';
import { flowsOf, selfConsumptionPercent, selfSufficiencyPercent, sumBuckets } from './energy-flows.ts';
import { berlinToday, bucketResolution, periodRange } from './periods.ts';

const toInstallation = (site: IotSite): Installation => ({
  id: site.siteId,
  projectId: site.projectId,
  name: site.name,
  pvPeakPowerKw: site.pvPeakPowerKw,
  batteryCapacityKwh: site.batteryCapacityKwh,
  annualConsumptionKwh: site.annualConsumptionKwh,
  commissionedAt: site.commissionedAt,
});

/**
 * Monitoring for the customer's installations. Authorisation goes through the customer's projects: an installation
 * of another customer's project answers 404 exactly like an unknown one.
 */
export function createMonitoringService(deps: { iot: IotCloud; projects: ProjectAccess; now?: () => Date }) {
  const today = () => berlinToday(deps.now?.() ?? new Date());

  async function installationsOf(userId: string, currentProjectId?: number): Promise<Installation[]> {
    const projects = await deps.projects.projectsOf(userId);
    const ordered = [...projects].sort((a, b) => Number(b.id === currentProjectId) - Number(a.id === currentProjectId));
    const sites = await Promise.all(ordered.map((p) => deps.iot.sitesOfProject(p.id)));
    return sites.flat().filter((s) => ordered.some((p) => p.id === s.projectId)).map(toInstallation);
  }

  async function ownedInstallation(userId: string, installationId: string): Promise<Installation> {
    const installation = (await installationsOf(userId)).find((i) => i.id === installationId);
    if (!installation) throw new NotFound('Diese Anlage haben wir nicht gefunden.');
    return installation;
  }

  function range(installation: Installation, query: MonitoringQuery) {
    return periodRange(query.period, query.date, { commissionedAt: installation.commissionedAt, today: today() });
  }

  async function work(installation: Installation, query: MonitoringQuery): Promise<WorkHistoryResponse> {
    const r = range(installation, query);
    const resolution = bucketResolution(query.period);
    const buckets = installation.commissionedAt ? await deps.iot.energy(installation.id, r.from, r.to, resolution) : [];
    const totals = sumBuckets(buckets);
    return { range: r, resolution, buckets, totals, flows: flowsOf(totals) };
  }

  async function power(installation: Installation, query: MonitoringQuery): Promise<PowerHistoryResponse> {
    if (query.period !== 'day') {
      throw new BadRequest('MONITORING.PERIOD_NOT_SUPPORTED', 'Den Leistungsverlauf gibt es nur für einen einzelnen Tag (period=day).');
    }
    const r = range(installation, query);
    const data = installation.commissionedAt ? await deps.iot.power(installation.id, query.date) : { resolutionMinutes: 15, points: [] };
    return { range: r, ...data };
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

  return {
    installationsOf,
    async devices(userId: string, installationId: string) {
      return deps.iot.devices((await ownedInstallation(userId, installationId)).id);
    },
    async powerHistory(userId: string, installationId: string, query: MonitoringQuery) {
      return power(await ownedInstallation(userId, installationId), query);
    },
    async workHistory(userId: string, installationId: string, query: MonitoringQuery) {
      return work(await ownedInstallation(userId, installationId), query);
    },
    async selfSufficiency(userId: string, installationId: string, query: MonitoringQuery) {
      return selfSufficiency(await work(await ownedInstallation(userId, installationId), query));
    },
    async selfConsumption(userId: string, installationId: string, query: MonitoringQuery) {
      return selfConsumption(await work(await ownedInstallation(userId, installationId), query));
    },
    /** Everything the page shows, fetched side by side. */
    async overview(userId: string, installationId: string, query: MonitoringQuery): Promise<MonitoringOverview> {
      const installation = await ownedInstallation(userId, installationId);
      const hasData = installation.commissionedAt !== null;
      const [devices, w, p, latestAt] = await Promise.all([
        deps.iot.devices(installation.id),
        work(installation, query),
        query.period === 'day' ? power(installation, query) : Promise.resolve(null),
        hasData ? deps.iot.latest(installation.id) : Promise.resolve(null),
      ]);
      return { installation, devices, work: w, power: p, selfSufficiency: selfSufficiency(w), selfConsumption: selfConsumption(w), latestAt };
    },
  };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
