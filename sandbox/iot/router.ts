import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { faultInjection, type Fault } from '../shared/faults.ts';
import { loadInstallations, type Installation } from './installations.ts';
import { SiteSimulator, type Resolution } from './sim/simulator.ts';
import { formatBerlin, parseDay, TIMEZONE } from './sim/time.ts';

/** Longest delay a test may ask for; a slow request also delays the sandbox's shutdown by up to this long. */
export const MAX_FAULT_DELAY_MS = 60_000;
const DEFAULT_SLOW_DELAY_MS = 2_000;

const FaultRequestSchema = z.strictObject({
  mode: z.enum(['fail', 'slow']),
  delayMs: z.number().int().min(0).max(MAX_FAULT_DELAY_MS).optional(),
  status: z.number().int().min(400).max(599).optional(),
});

/** The simulation runs from commissioning up to `now`; a clock far in the future would take seconds to reach. */
const ClockRequestSchema = z.strictObject({
  now: z.iso
    .datetime({ offset: true })
    .refine((value) => Date.parse(value) >= Date.UTC(2000, 0, 1) && Date.parse(value) < Date.UTC(2051, 0, 1)),
});


const RESOLUTIONS: readonly Resolution[] = ['day', 'month', 'year'];

export const SIGN_CONVENTION = {
  pvW: 'PV generation, always >= 0',
  consumptionW: 'household consumption (incl. heat pump and wallbox), always >= 0; = pvW + batteryW + gridW',
  batteryW: 'positive = battery discharging, negative = charging',
  gridW: 'positive = import from the grid, negative = export (feed-in)',
  interval: 'each point is the mean power of the 15-minute interval that starts at its timestamp',
} as const;

/**
 * Simulators are pure functions of the installation's data (and never of the current time), so they are shared by
 * every router in the process: tests that start many sandboxes simulate each installation once.
 */
const simulators = new Map<string, SiteSimulator>();

function simulatorFor(installation: Installation): SiteSimulator {
  const key = JSON.stringify(installation);
  let simulator = simulators.get(key);
  if (!simulator) {
    simulator = new SiteSimulator(installation);
    simulators.set(key, simulator);
  }
  return simulator;
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function requireApiKey(apiKey: string): RequestHandler {
  const expected = sha256(apiKey);
  return (req, res, next) => {
    const given = req.get('x-api-key');
    // Hashing first gives equal lengths, so the comparison takes the same time for every wrong key.
    if (given && timingSafeEqual(sha256(given), expected)) {
      next();
      return;
    }
    res.status(401).json({ error: 'unauthorized' });
  };
}

/** A browser page on another origin must not be able to change the tester's state; fetch from Node sends no Origin. */
function isSameOrigin(req: Request): boolean {
  const origin = req.get('origin');
  return origin === undefined || origin === `${req.protocol}://${req.get('host')}`;
}

function notFound(res: Response): void {
  res.status(404).json({ error: 'not_found' });
}

function badRequest(res: Response, detail: string): void {
  res.status(400).json({ error: 'bad_request', detail });
}

/** Keeps the vendor's error shape for whatever Express itself rejects (bad JSON, malformed percent-encoding). */
const vendorErrors: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
  const status = (err as { status?: unknown }).status;
  const code = typeof status === 'number' && status >= 400 && status < 500 ? status : 500;
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(code).json({ error: code === 500 ? 'internal' : 'bad_request' });
};

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
}

/**
 * The installer's IoT cloud (inverter and battery monitoring) as a vendor REST API, backed by a deterministic
 * simulator (`sim/`). Mount at `/iot`: the API lives under `/api/v2` (header `X-Api-Key`), test controls under
 * `/_control`. See README.md beside this file.
 */
export function createIotRouter(options: IotRouterOptions): express.Router {
  const installations = options.installations ?? loadInstallations();
  const bySiteId = new Map(installations.map((i) => [i.siteId, i]));
  const systemNow = options.now ?? Date.now;
  let fault: Fault | undefined;
  let fixedNow: number | undefined;
  const now = () => fixedNow ?? systemNow();

  const api = express.Router();
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  api.use(faultInjection(() => fault));

  api.use(requireApiKey(options.apiKey));

  api.get('/sites', (req, res) => {
    const hasParam = Object.hasOwn(req.query, 'externalId');
    const externalId = queryValue(req, 'externalId');
    if (hasParam && !externalId) {
      badRequest(res, 'externalId must be a single non-empty value');
      return;
    }
    const items = installations.filter((i) => !externalId || i.externalId === externalId).map(siteDto);
    res.json({ items });
  });

  /** Resolves `:siteId` or answers 404. */
  const site = (req: Request, res: Response): Installation | undefined => {
    const installation = bySiteId.get(String(req.params.siteId));
    if (!installation) notFound(res);
    return installation;
  };

  api.get('/sites/:siteId', (req, res) => {
    const installation = site(req, res);
    if (installation) res.json(siteDto(installation));
  });

  api.get('/sites/:siteId/devices', (req, res) => {
    const installation = site(req, res);
    if (!installation) return;
    const seen = simulatorFor(installation).dataEndMs(now());
    res.json({
      items: installation.devices.map((device) => ({
        ...device,
        lastSeenAt: seen === undefined ? null : formatBerlin(seen),
      })),
    });
  });

  api.get('/sites/:siteId/latest', (req, res) => {
    const installation = site(req, res);
    if (!installation) return;
    const latest = simulatorFor(installation).latestMs(now());
    res.json({ siteId: installation.siteId, timestamp: latest === undefined ? null : formatBerlin(latest) });
  });

  api.get('/sites/:siteId/power', (req, res) => {
    const installation = site(req, res);
    if (!installation) return;
    const date = queryValue(req, 'date');
    const dayNo = date === undefined ? undefined : parseDay(date);
    if (dayNo === undefined) {
      badRequest(res, 'date must be a calendar date YYYY-MM-DD');
      return;
    }
    res.json({
      siteId: installation.siteId,
      date,
      timezone: TIMEZONE,
      resolutionMinutes: 15,
      unit: 'W',
      signConvention: SIGN_CONVENTION,
      points: simulatorFor(installation).power(dayNo, now()),
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
      items: simulatorFor(installation).energy(fromDay, toDay, resolution as Resolution, now()),
    });
  });

  api.use((_req, res) => notFound(res));
  api.use(vendorErrors);

  const control = express.Router();
  control.use((req, res, next) => {
    res.set('Cache-Control', 'no-store');
    if (req.method !== 'GET' && !isSameOrigin(req)) {
      res.status(403).json({ error: 'forbidden' });
      return;
    }
    next();
  });

  control.post('/reset', (_req, res) => {
    fault = undefined;
    fixedNow = undefined;
    res.status(204).end();
  });

  control.post('/faults', express.json({ limit: '4kb' }), (req, res) => {
    const parsed = FaultRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      badRequest(res, z.prettifyError(parsed.error));
      return;
    }
    const { mode, delayMs, status } = parsed.data;
    fault =
      mode === 'fail'
        ? { mode, status: status ?? 503, delayMs: delayMs ?? 0 }
        : { mode, delayMs: delayMs ?? DEFAULT_SLOW_DELAY_MS };
    res.status(204).end();
  });

  control.delete('/faults', (_req, res) => {
    fault = undefined;
    res.status(204).end();
  });

  control.get('/clock', (_req, res) => {
    res.json({ now: formatBerlin(now()), fixed: fixedNow !== undefined });
  });

  control.post('/clock', express.json({ limit: '4kb' }), (req, res) => {
    const parsed = ClockRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      badRequest(res, 'now must be an ISO 8601 timestamp with offset, between 2000 and 2050');
      return;
    }
    fixedNow = Date.parse(parsed.data.now);
    res.status(204).end();
  });

  control.delete('/clock', (_req, res) => {
    fixedNow = undefined;
    res.status(204).end();
  });

  control.use((_req, res) => notFound(res));
  control.use(vendorErrors);

  const router = express.Router();
  router.use('/api/v2', api);
  router.use('/_control', control);
  return router;
}
