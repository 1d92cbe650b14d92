import { randomBytes } from 'node:crypto';
import express from 'express';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { backTo, messageOf, sendPage } from '../shared/html.ts';
import { badRequest, controlGuard, controlJson, createStandIn, notFound } from '../shared/stand-in.ts';
import { StandInClock } from './clock.ts';
import { CommissioningSchema, commissionedSite, defaultDevices, loadInstallations, NewInstallationSchema, type Installation } from './installations.ts';
import { SiteSimulator, type Resolution } from './sim/simulator.ts';
import { isOffline, OutageSchema, ProductionFaultSchema, receivedUntil, stepVisibility, toOutage, toProductionFactor, type Outage, type ProductionFault } from './site-faults.ts';
import { formatBerlin, parseDay, TIMEZONE } from './sim/time.ts';
import { testerPage } from './tester-page.ts';

const RESOLUTIONS: readonly Resolution[] = ['day', 'month', 'year'];

const SIGN_CONVENTION = {
  pvW: 'PV generation, always >= 0',
  consumptionW: 'household consumption (incl. heat pump and wallbox), always >= 0; = pvW + batteryW + gridW',
  batteryW: 'positive = battery discharging, negative = charging',
  gridW: 'positive = import from the grid, negative = export (feed-in)',
  wallboxW: 'wallbox charging power, always >= 0, part of consumptionW; null for a site without a wallbox',
  interval: 'each point is the mean power of the 15-minute interval that starts at its timestamp',
  backfilled: 'true only on points the gateway uploaded late, after it was offline (measured values all the same); absent otherwise',
} as const;

/**
 * Simulators are pure functions of the installation's data (and never of the current time), so they are shared by
 * every router in the process: tests that start many sandboxes simulate each installation once.
 */
const simulators = new Map<string, SiteSimulator>();

/** A tester's weak days are part of what is simulated: the same site with other weak days is another simulation. */
function simulatorFor(installation: Installation, production: readonly ProductionFault[] = []): SiteSimulator {
  const key = JSON.stringify([installation, production]);
  let simulator = simulators.get(key);
  if (!simulator) {
    simulator = new SiteSimulator(installation, production.map(toProductionFactor));
    simulators.set(key, simulator);
  }
  return simulator;
}

/** The faults a tester switched on for one site (`/_control/sites/:siteId/...`); a reset or restart clears them. */
interface SiteFaults {
  production: ProductionFault[];
  outage?: Outage;
}


/** A single, non-empty query parameter; undefined when missing, repeated or empty. */
function queryValue(req: Request, name: string): string | undefined {
  const raw = (req.query as Record<string, unknown>)[name];
  return typeof raw === 'string' && raw !== '' ? raw : undefined;
}

function siteDto(installation: Installation) {
  const peak = installation.arrays.reduce((sum, a) => sum + a.peakPowerKw, 0);
  return {
    siteId: installation.siteId,
    externalId: installation.externalId,
    name: installation.name,
    location: { lat: installation.location.lat, lon: installation.location.lon, timezone: TIMEZONE },
    pvPeakPowerKw: Math.round(peak * 100) / 100,
    arrays: installation.arrays.map(({ azimuthDeg, tiltDeg, peakPowerKw }) => ({ azimuthDeg, tiltDeg, peakPowerKw })),
    batteryCapacityKwh: installation.battery?.capacityKwh ?? null,
    annualConsumptionKwh: installation.annualConsumptionKwh,
    commissionedAt: installation.commissionedAt ? formatBerlin(Date.parse(installation.commissionedAt)) : null,
  };
}

export interface IotRouterOptions {
  /** The portal's IOT_API_KEY; sent as `X-Api-Key`. */
  apiKey: string;
  /** Default: `installations.json` beside this file. */
  installations?: Installation[];
  /** The current time (ms); default Date.now. `POST /_control/clock` overrides it at run time. */
  now?: () => number;
  /** Sites created or commissioned since (the stand-in's saved state), laid over the demo data. */
  saved?: readonly Installation[];
  /** Called with every site that differs from the demo data after each change (the stand-in saves them). */
  onChange?: (sites: Installation[]) => void;
}

const EMPTY_TOTALS = { pvWh: 0, importWh: 0, exportWh: 0, chargeWh: 0, dischargeWh: 0, wallboxWh: 0, consumptionWh: 0 };

/** The wallbox's meter is part of the answer only for a site that has a wallbox (`null` otherwise), like the vendor's. */
function withWallbox<T extends { wallboxWh: number }>(installation: Installation, energy: T): Omit<T, 'wallboxWh'> & { wallboxWh: number | null } {
  return installation.wallbox ? energy : { ...energy, wallboxWh: null };
}

/** A new, unused site id in the vendor's format. */
function newSiteId(taken: ReadonlyMap<string, unknown>): string {
  for (;;) {
    const id = `SITE-${randomBytes(3).toString('hex').toUpperCase()}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * The installer's IoT cloud (inverter and battery monitoring) as a vendor REST API, backed by a deterministic
 * simulator (`sim/`). Mount at `/iot`: the API lives under `/api/v2` (header `X-Api-Key`), test controls under
 * `/_control` (see sandbox/shared/stand-in.ts). See README.md beside this file.
 */
export function createIotRouter(options: IotRouterOptions): express.Router {
  const demo = options.installations ?? loadInstallations();
  const demoIds = new Set(demo.map((i) => i.siteId));
  const bySiteId = new Map<string, Installation>();
  /** Sites created through the control API; reset removes them. */
  const created = new Set<string>();
  /** Sites that differ from the demo data (created, or commissioned since): what is saved across a restart. */
  const changed = new Map<string, Installation>();
  const restore = (saved: readonly Installation[]) => {
    bySiteId.clear();
    created.clear();
    changed.clear();
    for (const installation of demo) bySiteId.set(installation.siteId, installation);
    for (const installation of saved) {
      bySiteId.set(installation.siteId, installation);
      changed.set(installation.siteId, installation);
      if (!demoIds.has(installation.siteId)) created.add(installation.siteId);
    }
  };
  restore(options.saved ?? []);
  const remember = (installation: Installation) => {
    bySiteId.set(installation.siteId, installation);
    changed.set(installation.siteId, installation);
    options.onChange?.([...changed.values()]);
  };
  const clock = new StandInClock(options.now);
  const now = () => clock.now();
  const faults = new Map<string, SiteFaults>();
  const faultsOf = (siteId: string): SiteFaults => faults.get(siteId) ?? { production: [] };
  const simulate = (installation: Installation) => simulatorFor(installation, faultsOf(installation.siteId).production);
  /** What the cloud has received from the site by now (an outage holds it back). */
  const received = (installation: Installation) => receivedUntil(faultsOf(installation.siteId).outage, now());

  const devicesOf = (installation: Installation) => {
    const seen = simulate(installation).dataEndMs(received(installation));
    const offline = isOffline(faultsOf(installation.siteId).outage, now());
    return installation.devices.map((device) => ({
      ...device,
      ...(offline ? { status: 'OFFLINE' as const } : {}),
      lastSeenAt: seen === undefined ? null : formatBerlin(seen),
    }));
  };

  /** Resolves `:siteId` or answers 404. */
  const site = (req: Request, res: Response): Installation | undefined => {
    const installation = bySiteId.get(String(req.params.siteId));
    if (!installation) notFound(res);
    return installation;
  };

  const standIn = createStandIn({
    apiPath: '/api/v2',
    auth: { apiKeyHeader: 'x-api-key', apiKey: options.apiKey },
    onReset: () => {
      clock.reset();
      faults.clear();
      restore([]);
      options.onChange?.([]);
    },
    api(api) {
      /** `externalId` takes one id or a comma-separated list; `include=devices` embeds each site's devices. */
      api.get('/sites', (req, res) => {
        const hasParam = Object.hasOwn(req.query, 'externalId');
        const externalIds = queryValue(req, 'externalId')?.split(',');
        if (hasParam && (!externalIds || externalIds.some((id) => id.trim() === ''))) {
          badRequest(res, 'externalId must be one non-empty value or a comma-separated list of them');
          return;
        }
        const include = queryValue(req, 'include');
        if (Object.hasOwn(req.query, 'include') && include !== 'devices') {
          badRequest(res, 'include must be devices');
          return;
        }
        const wanted = externalIds && new Set(externalIds.map((id) => id.trim()));
        const items = [...bySiteId.values()]
          .filter((i) => !wanted || wanted.has(i.externalId))
          .map((i) => (include === 'devices' ? { ...siteDto(i), devices: devicesOf(i) } : siteDto(i)));
        res.json({ items });
      });

      api.get('/sites/:siteId', (req, res) => {
        const installation = site(req, res);
        if (installation) res.json(siteDto(installation));
      });

      api.get('/sites/:siteId/devices', (req, res) => {
        const installation = site(req, res);
        if (installation) res.json({ items: devicesOf(installation) });
      });

      api.get('/sites/:siteId/latest', (req, res) => {
        const installation = site(req, res);
        if (!installation) return;
        const latest = simulate(installation).latestMs(received(installation));
        res.json({ siteId: installation.siteId, timestamp: latest === undefined ? null : formatBerlin(latest) });
      });

      /** The day's 15-minute points and its energy totals (the same numbers `/energy` gives for that day). */
      api.get('/sites/:siteId/power', (req, res) => {
        const installation = site(req, res);
        if (!installation) return;
        const date = queryValue(req, 'date');
        const dayNo = date === undefined ? undefined : parseDay(date);
        if (dayNo === undefined) {
          badRequest(res, 'date must be a calendar date YYYY-MM-DD');
          return;
        }
        const simulator = simulate(installation);
        const until = received(installation);
        const [day] = simulator.energy(dayNo, dayNo, 'day', until);
        const { start: _start, ...totals } = day ?? { start: date, ...EMPTY_TOTALS };
        const { outage } = faultsOf(installation.siteId);
        const points = simulator.power(dayNo, until).flatMap((point) => {
          const seen = stepVisibility(outage, Date.parse(point.timestamp), now());
          if (seen === 'gap') return [];
          return seen === 'backfilled' ? [{ ...point, backfilled: true }] : [point];
        });
        res.json({
          siteId: installation.siteId,
          date,
          timezone: TIMEZONE,
          resolutionMinutes: 15,
          unit: 'W',
          signConvention: SIGN_CONVENTION,
          points,
          totals: withWallbox(installation, totals),
        });
      });

      api.get('/sites/:siteId/energy', (req, res) => {
        const installation = site(req, res);
        if (!installation) return;
        const from = queryValue(req, 'from');
        const to = queryValue(req, 'to');
        const resolution = queryValue(req, 'resolution');
        const fromDay = from === undefined ? undefined : parseDay(from);
        const toDay = to === undefined ? undefined : parseDay(to);
        if (fromDay === undefined || toDay === undefined) {
          badRequest(res, 'from and to must be calendar dates YYYY-MM-DD');
          return;
        }
        if (fromDay > toDay) {
          badRequest(res, 'from must not be after to');
          return;
        }
        if (!RESOLUTIONS.includes(resolution as Resolution)) {
          badRequest(res, 'resolution must be day, month or year');
          return;
        }
        res.json({
          siteId: installation.siteId,
          from,
          to,
          timezone: TIMEZONE,
          unit: 'Wh',
          resolution,
          items: simulate(installation)
            .energy(fromDay, toDay, resolution as Resolution, received(installation))
            .map((item) => withWallbox(installation, item)),
        });
      });
    },
    control(control) {
      /** An installation for one test or tester: 201 with the site (and its generated id and devices). */
      control.post('/installations', controlJson, (req, res) => {
        const parsed = NewInstallationSchema.safeParse(req.body);
        if (!parsed.success) {
          badRequest(res, z.prettifyError(parsed.error));
          return;
        }
        if ([...bySiteId.values()].some((i) => i.externalId === parsed.data.externalId)) {
          res.status(409).json({ error: 'conflict', detail: 'a site with this externalId exists' });
          return;
        }
        const siteId = newSiteId(bySiteId);
        const installation: Installation = {
          ...parsed.data,
          siteId,
          devices: parsed.data.devices ?? defaultDevices(siteId, parsed.data),
        };
        created.add(siteId);
        remember(installation);
        res.status(201).json({ ...siteDto(installation), devices: devicesOf(installation) });
      });

      /**
       * The installer's back office commissioned a project's installation (the management service reports it): the
       * project's site is commissioned then (with its devices), or created when the cloud had none. Idempotent: a
       * commissioned site stays as it is (200), so the management service and the cloud always agree on which
       * projects have an installation.
       */
      control.post('/projects/:externalId/commissioning', controlJson, (req, res) => {
        const externalId = String(req.params.externalId);
        const parsed = CommissioningSchema.safeParse(req.body);
        if (!/^\d+$/.test(externalId) || !parsed.success) {
          badRequest(res, parsed.success ? 'externalId must be digits' : z.prettifyError(parsed.error));
          return;
        }
        const existing = [...bySiteId.values()].find((i) => i.externalId === externalId);
        if (existing) {
          if (existing.commissionedAt === null) {
            const commissioned = { ...existing, commissionedAt: parsed.data.commissionedAt };
            remember({ ...commissioned, devices: existing.devices.length > 0 ? existing.devices : defaultDevices(existing.siteId, commissioned) });
          }
          const site = bySiteId.get(existing.siteId) as Installation;
          res.status(200).json({ ...siteDto(site), devices: devicesOf(site) });
          return;
        }
        const siteId = newSiteId(bySiteId);
        const site = commissionedSite(externalId, parsed.data);
        const installation: Installation = { ...site, siteId, devices: defaultDevices(siteId, site) };
        created.add(siteId);
        remember(installation);
        res.status(201).json({ ...siteDto(installation), devices: devicesOf(installation) });
      });

      /**
       * The installation delivers `factor` of its PV from `from` to `to` (calendar days): a failed string, shading,
       * soiling. Several ranges may be set; where they overlap, the last one set wins. 204; 404 for an unknown site.
       */
      control.post('/sites/:siteId/production', controlJson, (req, res) => {
        const installation = bySiteId.get(String(req.params.siteId));
        if (!installation) return notFound(res);
        const parsed = ProductionFaultSchema.safeParse(req.body);
        if (!parsed.success) return badRequest(res, z.prettifyError(parsed.error));
        const current = faultsOf(installation.siteId);
        faults.set(installation.siteId, { ...current, production: [...current.production, parsed.data] });
        res.status(204).end();
      });

      /**
       * The site's gateway stops sending at `from` (until `until`, or for good): the cloud's data and the devices' last
       * contact stop there and the devices are OFFLINE. When it is back, `backfill: true` uploads the buffered points
       * (marked `backfilled`), otherwise they stay a gap; the meter counters never lose energy. Replaces an earlier one.
       */
      control.post('/sites/:siteId/outage', controlJson, (req, res) => {
        const installation = bySiteId.get(String(req.params.siteId));
        if (!installation) return notFound(res);
        const parsed = OutageSchema.safeParse(req.body);
        if (!parsed.success) return badRequest(res, z.prettifyError(parsed.error));
        faults.set(installation.siteId, { ...faultsOf(installation.siteId), outage: toOutage(parsed.data) });
        res.status(204).end();
      });

      control.get('/sites/:siteId/faults', (req, res) => {
        const installation = bySiteId.get(String(req.params.siteId));
        if (!installation) return notFound(res);
        const { production, outage } = faultsOf(installation.siteId);
        res.json({
          production,
          outage: outage
            ? { from: formatBerlin(outage.fromMs), until: outage.untilMs === null ? null : formatBerlin(outage.untilMs), backfill: outage.backfill, offline: isOffline(outage, now()) }
            : null,
        });
      });

      control.delete('/sites/:siteId/production', (req, res) => {
        const siteId = String(req.params.siteId);
        if (!bySiteId.has(siteId)) return notFound(res);
        faults.set(siteId, { ...faultsOf(siteId), production: [] });
        res.status(204).end();
      });

      control.delete('/sites/:siteId/outage', (req, res) => {
        const siteId = String(req.params.siteId);
        if (!bySiteId.has(siteId)) return notFound(res);
        const { production } = faultsOf(siteId);
        faults.set(siteId, { production });
        res.status(204).end();
      });

      control.delete('/installations/:siteId', (req, res) => {
        const siteId = String(req.params.siteId);
        if (!created.has(siteId)) {
          notFound(res);
          return;
        }
        created.delete(siteId);
        bySiteId.delete(siteId);
        changed.delete(siteId);
        options.onChange?.([...changed.values()]);
        res.status(204).end();
      });

      clock.controls(control);
    },
  });

  // The page for testers (German, plain forms, same-origin only like every control): faults per installation.
  const tester = express.Router();
  tester.use(controlGuard);
  tester.get('/', (req, res) => {
    const sites = [...bySiteId.values()].map((installation) => {
      const { production, outage } = faultsOf(installation.siteId);
      return { installation, production, outage: outage && { ...outage, offline: isOffline(outage, now()) } };
    });
    sendPage(res, testerPage(sites, now(), messageOf(req)));
  });
  const form = express.urlencoded({ extended: false, limit: '8kb' });
  const back = (res: Response, text: string, siteId: string, error = false) => backTo(res, '/iot/', text, { error, anchor: `anlage-${siteId}` });
  tester.post('/tester/sites/:siteId/production', form, (req, res) => {
    const siteId = String(req.params.siteId);
    if (!bySiteId.has(siteId)) return notFound(res);
    const fields = (req.body ?? {}) as Record<string, string | undefined>;
    const percent = Number(fields.percent);
    const parsed = ProductionFaultSchema.safeParse({ from: fields.day, to: fields.day, factor: percent / 100 });
    if (!parsed.success || fields.percent === undefined || fields.percent === '') return back(res, 'Bitte gib einen Tag und eine Leistung zwischen 0 und 100 % an.', siteId, true);
    const current = faultsOf(siteId);
    faults.set(siteId, { ...current, production: [...current.production, parsed.data] });
    back(res, `${siteId}: Am ${parsed.data.from} liefert die Anlage ${Math.round(parsed.data.factor * 100)} % ihrer Leistung.`, siteId);
  });
  tester.post('/tester/sites/:siteId/outage', form, (req, res) => {
    const siteId = String(req.params.siteId);
    if (!bySiteId.has(siteId)) return notFound(res);
    const fields = (req.body ?? {}) as Record<string, string | undefined>;
    const hoursAgo = Number(fields.hoursAgo);
    const backHoursAgo = fields.backHoursAgo ? Number(fields.backHoursAgo) : null;
    const at = (hours: number) => new Date(now() - hours * 3_600_000).toISOString();
    const parsed =
      Number.isFinite(hoursAgo) && hoursAgo > 0 && (backHoursAgo === null || (Number.isFinite(backHoursAgo) && backHoursAgo >= 0))
        ? OutageSchema.safeParse({ from: at(hoursAgo), until: backHoursAgo === null ? null : at(backHoursAgo), backfill: fields.backfill === '1' })
        : null;
    if (!parsed?.success) return back(res, 'Bitte gib an, seit wie vielen Stunden keine Daten kommen (und ob sie früher wieder da waren).', siteId, true);
    faults.set(siteId, { ...faultsOf(siteId), outage: toOutage(parsed.data) });
    back(res, `${siteId}: Das Gateway sendet seit ${hoursAgo} Stunden nicht mehr${backHoursAgo === null ? '' : ` (wieder da vor ${backHoursAgo} Stunden)`}.`, siteId);
  });
  tester.post('/tester/sites/:siteId/clear', (req, res) => {
    const siteId = String(req.params.siteId);
    if (!bySiteId.has(siteId)) return notFound(res);
    faults.delete(siteId);
    back(res, `${siteId}: Alle Störungen aufgehoben.`, siteId);
  });

  const router = express.Router();
  router.use(standIn);
  router.use(tester);
  return router;
}
