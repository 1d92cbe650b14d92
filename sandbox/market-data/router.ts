import type express from 'express';
import type { Request } from 'express';
import { z } from 'zod';
import { StandInClock } from '../iot/clock.ts';
import { berlinDayOf, berlinDayStartMs, formatBerlin, localMinuteOfDay, parseDay } from '../iot/sim/time.ts';
import { badRequest, controlJson, createStandIn } from '../shared/stand-in.ts';
import { dayAheadPrices, PUBLICATION_MINUTE } from './prices.ts';

/** What Energy-Charts says about its price data; the stand-in's prices are simulated, and say so. */
const LICENSE_INFO = 'Simulated day-ahead prices of the sandbox (shape of Energy-Charts / Bundesnetzagentur | SMARD.de, CC BY 4.0)';
/** One answer covers at most a year of days. */
const MAX_DAYS = 366;

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/);
const NegativeDaySchema = z
  .strictObject({
    date: z.string().refine((v) => parseDay(v) !== undefined, 'a calendar date YYYY-MM-DD'),
    from: time.default('11:00'),
    to: time.default('16:00'),
    eurPerMwh: z.number().min(-500).max(-0.01).default(-25),
  })
  .refine((d) => d.from < d.to, { message: 'from must be before to', path: ['to'] });
type NegativeDay = z.infer<typeof NegativeDaySchema>;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

function param(req: Request, name: string): string | undefined {
  const raw = (req.query as Record<string, unknown>)[name];
  return typeof raw === 'string' && raw !== '' ? raw : undefined;
}

export interface MarketDataRouterOptions {
  /** The portal's MARKET_DATA_API_KEY; sent as `X-Api-Key`. */
  apiKey: string;
  /** The current time (ms); default Date.now. `POST /_control/clock` overrides it at run time. */
  now?: () => number;
}

/**
 * Day-ahead prices of DE-LU shaped like the Energy-Charts API (`GET /price?bzn=DE-LU&start=…&end=…`), under
 * `/market-data/api` (header `X-Api-Key`); test controls under `/_control`: a clock and forced negative prices.
 */
export function createMarketDataRouter(options: MarketDataRouterOptions): express.Router {
  const clock = new StandInClock(options.now);
  const now = () => clock.now();
  let negativeDays: NegativeDay[] = [];

  /** A tester's negative price for the interval starting then, if one covers it (the last one set wins). */
  const forced = (intervalStartMs: number) => {
    const day = berlinDayOf(intervalStartMs);
    const minute = localMinuteOfDay(intervalStartMs);
    return negativeDays.findLast((d) => parseDay(d.date) === day && minutesOf(d.from) <= minute && minute < minutesOf(d.to))?.eurPerMwh;
  };

  /** The last day whose prices are published: tomorrow once the noon auction's results are out, else today. */
  const lastPublished = () => {
    const at = now();
    return berlinDayOf(at) + (localMinuteOfDay(at) >= PUBLICATION_MINUTE ? 1 : 0);
  };

  return createStandIn({
    apiPath: '/api',
    auth: { apiKeyHeader: 'x-api-key', apiKey: options.apiKey },
    onReset: () => {
      clock.reset();
      negativeDays = [];
    },
    api(api) {
      /** Prices of the Berlin days `start` to `end` (inclusive); days not yet auctioned are left out. */
      api.get('/price', (req, res) => {
        const bzn = param(req, 'bzn');
        if (bzn !== 'DE-LU') return badRequest(res, 'bzn must be DE-LU (the only bidding zone of this service)');
        const start = param(req, 'start');
        const end = param(req, 'end');
        const first = start === undefined ? undefined : parseDay(start);
        const last = end === undefined ? undefined : parseDay(end);
        if (first === undefined || last === undefined) return badRequest(res, 'start and end must be calendar dates YYYY-MM-DD');
        if (first > last) return badRequest(res, 'start must not be after end');
        if (last - first + 1 > MAX_DAYS) return badRequest(res, `at most ${MAX_DAYS} days per request`);
        const unixSeconds: number[] = [];
        const price: number[] = [];
        for (let day = first; day <= Math.min(last, lastPublished()); day++) {
          const prices = dayAheadPrices(day, forced);
          for (const ms of prices.startsMs) unixSeconds.push(ms / 1000);
          price.push(...prices.eurPerMwh);
        }
        res.json({ license_info: LICENSE_INFO, unix_seconds: unixSeconds, price, unit: 'EUR / MWh', deprecated: false });
      });
    },
    control(control) {
      /**
       * Forces a negative price on a day from `from` to `to` (Berlin wall clock, default 11:00–16:00, −25 EUR/MWh):
       * a sunny holiday the tester needs today. Several may be set; 204.
       */
      control.post('/negative-days', controlJson, (req, res) => {
        const parsed = NegativeDaySchema.safeParse(req.body);
        if (!parsed.success) return badRequest(res, z.prettifyError(parsed.error));
        negativeDays.push(parsed.data);
        res.status(204).end();
      });
      control.get('/negative-days', (_req, res) => {
        res.json({ items: negativeDays });
      });
      control.delete('/negative-days', (_req, res) => {
        negativeDays = [];
        res.status(204).end();
      });
      clock.controls(control, () => ({ publishedUntil: formatBerlin(berlinDayStartMs(lastPublished() + 1)) }));
    },
  });
}
