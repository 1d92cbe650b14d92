import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contracts/auth.ts';
import type { IotCloud, IotSite } from '../../ports/iot-cloud.ts';
import type { ManagementService } from '../../ports/management-service.ts';
import { createLayoutService } from '../layout/layout.service.ts';
import { createProjectAccess } from '../projects/project-access.ts';
import { createRequestContext } from '../request-context.ts';
import { createUpstreamCache, type UpstreamCache } from '../upstream-cache.ts';
import { createMonitoringService } from './monitoring.service.ts';
import { managedProject } from '../../../tests/support/managed-project.ts';

const jonas: SessionUser = { id: 'kp|jonas', email: 'jonas@example.de', firstName: 'Jonas', lastName: 'W', customerNumber: '1', phase: 'PROJECT' };
const project = (id: number) => managedProject({ id, contact: { name: 'Jonas', emails: ['jonas@example.de'] }, phase: 'COMPLETED', step: 'IN_OPERATION', portalUserIds: [jonas.id] });
const site = (siteId: string, projectId: number, commissionedAt: string | null): IotSite => ({
  siteId,
  projectId,
  name: `Anlage ${siteId}`,
  pvPeakPowerKw: 9.8,
  batteryCapacityKwh: 10,
  annualConsumptionKwh: 4500,
  commissionedAt,
  devices: [
    { id: `${siteId}-1`, type: 'INVERTER', manufacturer: 'H', model: 'M', serialNumber: 'S1', firmware: 'F', status: 'ONLINE', lastSeenAt: '2026-07-01T12:15:00+02:00' },
    { id: `${siteId}-2`, type: 'METER', manufacturer: 'H', model: 'M', serialNumber: 'S2', firmware: 'F', status: 'ONLINE', lastSeenAt: '2026-07-01T12:30:00+02:00' },
  ],
});
const totals = { pvWh: 30_000, importWh: 1_000, exportWh: 18_000, chargeWh: 3_000, dischargeWh: 2_500, consumptionWh: 12_500 };

/** Fakes of both ports that count every call, as each call is one upstream request. */
function world(cache?: UpstreamCache) {
  const calls: string[] = [];
  const management: ManagementService = {
    getProject: async (id) => (calls.push('management.getProject'), project(id)),
    findByCustomer: async () => (calls.push('management.findByCustomer'), []),
    projectsOfUser: async () => (calls.push('management.projectsOfUser'), [project(100240), project(100241)]),
    connectUser: async () => void calls.push('management.connectUser'),
    projectsWithoutPortalAccount: async () => (calls.push('management.projectsWithoutPortalAccount'), []),
    disconnectUser: async () => void calls.push('management.disconnectUser'),
  };
  const iot: IotCloud = {
    sitesOfProjects: async (ids) => (
      calls.push('iot.sitesOfProjects'),
      [site('SITE-A', 100240, '2025-04-15T11:30:00+02:00'), site('SITE-B', 100241, '2024-06-01T10:00:00+02:00'), site('SITE-X', 999, null)].filter((s) => ids.includes(s.projectId))
    ),
    // SITE-B (the carport) has a wallbox: the cloud reports its meter in the totals and its power in the points.
    power: async (id) => (
      calls.push('iot.power'),
      id === 'SITE-B'
        ? { resolutionMinutes: 15, points: [{ timestamp: '2026-07-01T18:00:00+02:00', pvW: 500, consumptionW: 11_600, batteryW: 0, gridW: 11_100, batterySocPct: null, wallboxW: 11_000 }], totals: { ...totals, wallboxWh: 7_000 } }
        : { resolutionMinutes: 15, points: [{ timestamp: '2026-07-01T12:00:00+02:00', pvW: 5000, consumptionW: 600, batteryW: 0, gridW: -4400, batterySocPct: 80 }], totals }
    ),
    energy: async (id, from) => (calls.push('iot.energy'), id === 'SITE-B' ? [{ start: from, ...totals, wallboxWh: 4_000 }, { start: '2026-07-01', ...totals, wallboxWh: 3_000 }] : [{ start: from, ...totals }]),
  };
  const projects = createProjectAccess(management);
  return {
    calls,
    monitoring: createMonitoringService({ iot, projects, ...(cache ? { cache } : {}), now: () => new Date('2026-07-01T12:40:00+02:00') }),
    layout: createLayoutService({ projects }),
  };
}

/** What one page render asks: the layout's data and the page's data, on one request context. */
async function render(w: ReturnType<typeof world>, request: Parameters<ReturnType<ReturnType<typeof world>['monitoring']['forRequest']>['page']>[0], currentProjectId?: number) {
  const ctx = createRequestContext(jonas, currentProjectId);
  const [layout, page] = await Promise.all([w.layout.forRequest(ctx).view(), w.monitoring.forRequest(ctx).page(request)]);
  return { layout, page };
}

describe('monitoring page', () => {
  it.each(['day', 'week', 'month', 'year', 'total'] as const)('a %s page with two projects costs at most three upstream calls, layout included', async (period) => {
    const w = world();
    const { layout, page } = await render(w, { installationId: null, period, date: '2026-07-01' });
    expect(layout?.projects).toMatchObject({ available: true });
    expect(page.kind).toBe('ready');
    expect(w.calls.length).toBeLessThanOrEqual(3);
    expect(w.calls.filter((c) => c === 'management.projectsOfUser')).toHaveLength(1);
  });

  it('shows the current project’s installation first and the asked one when it is the customer’s', async () => {
    const first = await render(world(), { installationId: null, period: 'month', date: '2026-07-01' }, 100241);
    expect(first.page).toMatchObject({ kind: 'ready', installation: { id: 'SITE-B' }, fellBack: false });
    const asked = await render(world(), { installationId: 'SITE-A', period: 'month', date: '2026-07-01' }, 100241);
    expect(asked.page).toMatchObject({ kind: 'ready', installation: { id: 'SITE-A' }, fellBack: false });
  });

  it('falls back to the first installation for an installation the customer does not have, without another call', async () => {
    const w = world();
    const { page } = await render(w, { installationId: 'SITE-X', period: 'day', date: '2026-07-01' });
    expect(page).toMatchObject({ kind: 'ready', installation: { id: 'SITE-A' }, fellBack: true });
    expect(page.kind === 'ready' && page.installations.map((i) => i.id)).toEqual(['SITE-A', 'SITE-B']);
    expect(w.calls).toHaveLength(3);
  });

  it('takes a day’s energy from the power answer and "Stand" from the newest device report', async () => {
    const { page } = await render(world(), { installationId: null, period: 'day', date: '2026-07-01' });
    if (page.kind !== 'ready' || !page.overview) throw new Error('expected an overview');
    expect(page.overview.work.totals).toEqual(totals);
    expect(page.overview.work.buckets).toEqual([{ start: '2026-07-01', ...totals }]);
    expect(page.overview.power?.points).toHaveLength(1);
    expect(page.overview.latestAt).toBe('2026-07-01T12:30:00+02:00');
    expect(page.overview.devices.map((d) => d.lastSeenAt)).toContain(page.overview.latestAt);
  });

  it.each(['day', 'week', 'month', 'year', 'total'] as const)('"Stand" on a %s page is the newest device report, the very value the device list shows', async (period) => {
    const { page } = await render(world(), { installationId: null, period, date: '2026-07-01' });
    if (page.kind !== 'ready' || !page.overview) throw new Error('expected an overview');
    const reports = page.overview.devices.flatMap((d) => (d.lastSeenAt ? [d.lastSeenAt] : []));
    const newest = reports.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
    expect(page.overview.latestAt).toBe(newest);
  });

  it('carries the wallbox’s energy of an installation with a wallbox to the page: a day from the power answer, other periods summed', async () => {
    const w = world();
    const day = await render(w, { installationId: 'SITE-B', period: 'day', date: '2026-07-01' });
    if (day.page.kind !== 'ready' || !day.page.overview) throw new Error('expected an overview');
    expect(day.page.overview.work.totals.wallboxWh).toBe(7_000);
    expect(day.page.overview.power?.points[0]?.wallboxW).toBe(11_000);
    const week = await render(w, { installationId: 'SITE-B', period: 'week', date: '2026-07-01' });
    if (week.page.kind !== 'ready' || !week.page.overview) throw new Error('expected an overview');
    expect(week.page.overview.work.totals.wallboxWh).toBe(7_000);
    expect(w.calls).toHaveLength(6);
    // The roof has no wallbox: no wallbox figure at all (not 0 kWh).
    const roof = await render(world(), { installationId: 'SITE-A', period: 'month', date: '2026-07-01' });
    expect(roof.page.kind === 'ready' && roof.page.overview?.work.totals).not.toHaveProperty('wallboxWh');
  });

  it('answers noInstallation for a visitor and for a customer without installations', async () => {
    const w = world();
    const visitor = await w.monitoring.forRequest(createRequestContext(null, undefined)).page({ installationId: null, period: 'day', date: '2026-07-01' });
    expect(visitor).toEqual({ kind: 'noInstallation' });
    expect(w.calls).toEqual([]);
  });
});

describe('today on the dashboard', () => {
  it('shows the current project’s production so far, the newest power and the battery level, in two cloud calls after the projects', async () => {
    const w = world();
    const today = await w.monitoring.forRequest(createRequestContext(jonas, 100240)).today();
    expect(today).toEqual({
      installationId: 'SITE-A',
      name: 'Anlage SITE-A',
      pvWh: 30_000,
      latest: { at: '2026-07-01T12:00:00+02:00', pvW: 5000, consumptionW: 600, batterySocPct: 80 },
      hasBattery: true,
    });
    expect(w.calls.filter((c) => c.startsWith('iot.'))).toEqual(['iot.sitesOfProjects', 'iot.power']);
  });

  it('keeps the installations between renders until an event of one of the projects, and always asks for today’s power', async () => {
    const cache = createUpstreamCache();
    const w = world(cache);
    const render = () => w.monitoring.forRequest(createRequestContext(jonas, 100241, 'de', 7)).today();
    expect(await render()).toMatchObject({ installationId: 'SITE-B' });
    expect(await render()).toMatchObject({ installationId: 'SITE-B' });
    expect(w.calls.filter((c) => c.startsWith('iot.'))).toEqual(['iot.sitesOfProjects', 'iot.power', 'iot.power']);
    // A commissioning arrives as the project's event: the installations are asked afresh.
    await cache.invalidateProject(100240);
    w.calls.length = 0;
    expect(await render()).toMatchObject({ installationId: 'SITE-B' });
    expect(w.calls.filter((c) => c.startsWith('iot.'))).toEqual(['iot.sitesOfProjects', 'iot.power']);
    // The monitoring page shows the devices' live state: it never takes the kept installations.
    w.calls.length = 0;
    await w.monitoring.forRequest(createRequestContext(jonas, 100241, 'de', 7)).page({ installationId: null, period: 'day', date: '2026-07-01' });
    expect(w.calls.filter((c) => c === 'iot.sitesOfProjects')).toHaveLength(1);
  });

  it('falls back to the customer’s first project when the session names another, and is null signed out', async () => {
    const w = world();
    expect(await w.monitoring.forRequest(createRequestContext(jonas, 999)).today()).toMatchObject({ installationId: 'SITE-A' });
    expect(await w.monitoring.forRequest(createRequestContext(null, undefined)).today()).toBeNull();
  });
});
