import type express from 'express';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { StandInClock } from '../iot/clock.ts';
import { dayIrradiance, type StepIrradiance } from '../iot/sim/pv.ts';
import { berlinDayOf, berlinDayStartMs, berlinOffsetMinutes, DAY_MS, formatDay, MINUTE_MS, parseDay, STEP_MS } from '../iot/sim/time.ts';
import { controlJson, createStandIn } from '../shared/stand-in.ts';

/**
 * A weather service shaped like Open-Meteo's `/v1/forecast` and `/v1/archive` (README.md beside this file). Its sky is
 * the IoT simulator's (`dayIrradiance` in sandbox/iot/sim/pv.ts), so the irradiance it reports is the one the
 * simulated installations produced under.
 */

const VARIABLES = ['shortwave_radiation', 'direct_radiation', 'diffuse_radiation', 'direct_normal_irradiance', 'temperature_2m'] as const;
type Variable = (typeof VARIABLES)[number];
const DAILY_VARIABLES = ['shortwave_radiation_sum', 'temperature_2m_mean'] as const;
type DailyVariable = (typeof DAILY_VARIABLES)[number];
const UNITS: Record<Variable | DailyVariable, string> = {
  shortwave_radiation: 'W/m²',
  direct_radiation: 'W/m²',
  diffuse_radiation: 'W/m²',
  direct_normal_irradiance: 'W/m²',
  temperature_2m: '°C',
  shortwave_radiation_sum: 'MJ/m²',
  temperature_2m_mean: '°C',
};

/** How far the forecast endpoint reaches back and ahead (Open-Meteo: `past_days` up to 92, `forecast_days` up to 16). */
const MAX_PAST_DAYS = 92;
const MAX_FORECAST_DAYS = 16;
/** The archive ends this many days before today (a reanalysis is published with a delay; ours is short). */
const ARCHIVE_DELAY_DAYS = 2;
const FIRST_ARCHIVE_DAY = parseDay('2000-01-01') as number;
/** One answer covers at most a year of days. */
const MAX_DAYS = 366;

/** Open-Meteo's error body. */
function reason(res: Response, text: string): void {
  res.status(400).json({ error: true, reason: text });
}

const GapSchema = z
  .strictObject({ from: z.string().refine((v) => parseDay(v) !== undefined), to: z.string().refine((v) => parseDay(v) !== undefined) })
  .refine((g) => g.from <= g.to, { message: 'from must not be after to' });

/** A single query parameter (a repeated one counts as missing). */
function param(req: Request, name: string): string | undefined {
  const raw = (req.query as Record<string, unknown>)[name];
  return typeof raw === 'string' ? raw : undefined;
}

function variableList<T extends string>(req: Request, name: string, allowed: readonly T[]): T[] | string {
  const raw = param(req, name);
  if (raw === undefined || raw === '') return [];
  const names = raw.split(',').map((v) => v.trim());
  const unknown = names.find((v) => !(allowed as readonly string[]).includes(v));
  return unknown === undefined ? (names as T[]) : `Cannot initialize WeatherVariable from invalid String value ${unknown} for key ${name}`;
}

function coordinate(req: Request, name: 'latitude' | 'longitude', limit: number): number | undefined {
  const raw = param(req, name);
  if (raw === undefined || !/^-?\d{1,3}(\.\d+)?$/.test(raw)) return undefined;
  const value = Number(raw);
  return Math.abs(value) <= limit ? value : undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

type Zone = 'Europe/Berlin' | 'GMT';

/** Start of a calendar day in the answer's time zone. */
const dayStartMs = (zone: Zone, dayNo: number) => (zone === 'GMT' ? dayNo * DAY_MS : berlinDayStartMs(dayNo));
const offsetMinutes = (zone: Zone, ms: number) => (zone === 'GMT' ? 0 : berlinOffsetMinutes(ms));

/** Open-Meteo's local ISO time without offset, e.g. `2026-06-21T12:15` (ambiguous in the repeated October hour, as there). */
function localIso(zone: Zone, ms: number): string {
  const d = new Date(ms + offsetMinutes(zone, ms) * MINUTE_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

export interface WeatherRouterOptions {
  /** The portal's WEATHER_API_KEY; sent as `X-Api-Key`. */
  apiKey: string;
  /** The current time (ms); default Date.now. `POST /_control/clock` overrides it at run time. */
  now?: () => number;
}

/**
 * The weather service under `/weather`: the API under `/v1` (header `X-Api-Key`), test controls under `/_control`
 * (sandbox/shared/stand-in.ts): a clock, and days without data.
 */
export function createWeatherRouter(options: WeatherRouterOptions): express.Router {
  const clock = new StandInClock(options.now);
  const now = () => clock.now();
  /** Berlin days a tester emptied: every value of theirs is null, as a weather service answers for missing data. */
  let gaps: { from: number; to: number }[] = [];
  const inGap = (dayNo: number) => gaps.some((g) => g.from <= dayNo && dayNo <= g.to);

  /** The simulator's days are a few ms each to build; a year of 15-minute values asks for each day up to twice. */
  const days = new Map<string, StepIrradiance[]>();
  const stepAt = (lat: number, lon: number, stepStartMs: number): StepIrradiance | null => {
    const dayNo = berlinDayOf(stepStartMs);
    if (inGap(dayNo)) return null;
    const key = `${lat},${lon},${dayNo}`;
    let steps = days.get(key);
    if (!steps) {
      steps = dayIrradiance(lat, lon, dayNo);
      days.set(key, steps);
      if (days.size > 2_000) days.delete(days.keys().next().value as string);
    }
    return steps[(stepStartMs - berlinDayStartMs(dayNo)) / STEP_MS] ?? null;
  };

  /** Means over the interval that ends at `endMs` (Open-Meteo: radiation is the mean of the preceding interval). */
  const valuesEnding = (lat: number, lon: number, endMs: number, intervalMs: number) => {
    const steps: StepIrradiance[] = [];
    for (let t = endMs - intervalMs; t < endMs; t += STEP_MS) {
      const step = stepAt(lat, lon, t);
      if (!step) return null;
      steps.push(step);
    }
    const mean = (f: (s: StepIrradiance) => number) => steps.reduce((sum, s) => sum + f(s), 0) / steps.length;
    const ghi = mean((s) => s.ghi);
    const dhi = mean((s) => s.dhi);
    const dni = mean((s) => s.dni);
    return {
      shortwave_radiation: round1(ghi),
      direct_radiation: round1(Math.max(0, ghi - dhi)),
      diffuse_radiation: round1(dhi),
      direct_normal_irradiance: round1(dni),
      temperature_2m: round1(steps.at(-1)?.temperatureC ?? 0),
    } satisfies Record<Variable, number>;
  };

  const answer = (endpoint: 'forecast' | 'archive') => (req: Request, res: Response) => {
    const latitude = coordinate(req, 'latitude', 90);
    const longitude = coordinate(req, 'longitude', 180);
    if (latitude === undefined || longitude === undefined) return reason(res, 'Latitude must be in range of -90 to 90°. Longitude must be in range of -180 to 180°.');
    const hourly = variableList(req, 'hourly', VARIABLES);
    const minutely = variableList(req, 'minutely_15', VARIABLES);
    const daily = variableList(req, 'daily', DAILY_VARIABLES);
    for (const list of [hourly, minutely, daily]) if (typeof list === 'string') return reason(res, list);
    const zoneParam = param(req, 'timezone') ?? 'GMT';
    if (!['Europe/Berlin', 'GMT', 'UTC'].includes(zoneParam)) return reason(res, `Invalid timezone ${zoneParam}: this service knows Europe/Berlin and GMT`);
    const zone: Zone = zoneParam === 'Europe/Berlin' ? 'Europe/Berlin' : 'GMT';
    const timeformat = param(req, 'timeformat') ?? 'iso8601';
    if (timeformat !== 'iso8601' && timeformat !== 'unixtime') return reason(res, 'timeformat must be iso8601 or unixtime');

    const today = berlinDayOf(now());
    let first: number;
    let last: number;
    const start = param(req, 'start_date');
    const end = param(req, 'end_date');
    if (start !== undefined || end !== undefined) {
      const from = start === undefined ? undefined : parseDay(start);
      const to = end === undefined ? undefined : parseDay(end);
      if (from === undefined || to === undefined) return reason(res, 'start_date and end_date must both be dates YYYY-MM-DD');
      if (from > to) return reason(res, 'End-date must be larger or equals than start-date');
      [first, last] = [from, to];
    } else if (endpoint === 'forecast') {
      const past = Number(param(req, 'past_days') ?? '0');
      const ahead = Number(param(req, 'forecast_days') ?? '7');
      if (!Number.isInteger(past) || past < 0 || past > MAX_PAST_DAYS) return reason(res, `past_days must be between 0 and ${MAX_PAST_DAYS}`);
      if (!Number.isInteger(ahead) || ahead < 0 || ahead > MAX_FORECAST_DAYS) return reason(res, `forecast_days must be between 0 and ${MAX_FORECAST_DAYS}`);
      [first, last] = [today - past, today + ahead - 1];
    } else {
      return reason(res, 'Parameter start_date and end_date are required');
    }
    const [lowest, highest] = endpoint === 'forecast' ? [today - MAX_PAST_DAYS, today + MAX_FORECAST_DAYS - 1] : [FIRST_ARCHIVE_DAY, today - ARCHIVE_DELAY_DAYS];
    if (first < lowest || last > highest) {
      return reason(res, `Parameter 'start_date' is out of allowed range from ${formatDay(lowest)} to ${formatDay(highest)}`);
    }
    if (last - first + 1 > MAX_DAYS) return reason(res, `At most ${MAX_DAYS} days per request`);

    const fromMs = dayStartMs(zone, first);
    const toMs = dayStartMs(zone, last + 1);
    const time = (ms: number) => (timeformat === 'unixtime' ? ms / 1000 : localIso(zone, ms));
    const series = (variables: readonly Variable[], intervalMs: number) => {
      const out: Record<string, (number | string | null)[]> = { time: [] };
      for (const v of variables) out[v] = [];
      for (let t = fromMs; t < toMs; t += intervalMs) {
        out.time?.push(time(t));
        const values = valuesEnding(latitude, longitude, t, intervalMs);
        for (const v of variables) out[v]?.push(values ? values[v] : null);
      }
      return out;
    };
    const units = (variables: readonly string[]) => ({ time: timeformat, ...Object.fromEntries(variables.map((v) => [v, UNITS[v as Variable]])) });
    const body: Record<string, unknown> = {
      latitude,
      longitude,
      generationtime_ms: 0.1,
      utc_offset_seconds: offsetMinutes(zone, now()) * 60,
      timezone: zone,
      timezone_abbreviation: zone === 'GMT' ? 'GMT' : offsetMinutes(zone, now()) === 120 ? 'CEST' : 'CET',
    };
    if (minutely.length > 0) {
      body.minutely_15_units = units(minutely as Variable[]);
      body.minutely_15 = series(minutely as Variable[], STEP_MS);
    }
    if (hourly.length > 0) {
      body.hourly_units = units(hourly as Variable[]);
      body.hourly = series(hourly as Variable[], 4 * STEP_MS);
    }
    if (daily.length > 0) {
      body.daily_units = units(daily as DailyVariable[]);
      const out: Record<string, (number | string | null)[]> = { time: [] };
      for (const v of daily as DailyVariable[]) out[v] = [];
      for (let d = first; d <= last; d++) {
        const steps: (StepIrradiance | null)[] = [];
        for (let t = dayStartMs(zone, d); t < dayStartMs(zone, d + 1); t += STEP_MS) steps.push(stepAt(latitude, longitude, t));
        const complete = steps.every((s) => s !== null) ? (steps as StepIrradiance[]) : null;
        out.time?.push(timeformat === 'unixtime' ? dayStartMs(zone, d) / 1000 : formatDay(d));
        out.shortwave_radiation_sum?.push(complete && Math.round(complete.reduce((sum, s) => sum + s.ghi * 900, 0) / 1e4) / 100);
        out.temperature_2m_mean?.push(complete && round1(complete.reduce((sum, s) => sum + s.temperatureC, 0) / complete.length));
      }
      body.daily = out;
    }
    res.json(body);
  };

  return createStandIn({
    apiPath: '/v1',
    auth: { apiKeyHeader: 'x-api-key', apiKey: options.apiKey },
    onReset: () => {
      clock.reset();
      gaps = [];
    },
    api(api) {
      api.get('/forecast', answer('forecast'));
      api.get('/archive', answer('archive'));
    },
    control(control) {
      /** Every value of these Berlin days is missing (null), as after a station or model outage; 204. */
      control.post('/gaps', controlJson, (req, res) => {
        const parsed = GapSchema.safeParse(req.body);
        if (!parsed.success) return reason(res, 'from and to must be dates YYYY-MM-DD, from not after to');
        gaps.push({ from: parseDay(parsed.data.from) as number, to: parseDay(parsed.data.to) as number });
        res.status(204).end();
      });
      control.delete('/gaps', (_req, res) => {
        gaps = [];
        res.status(204).end();
      });
      clock.controls(control);
    },
  });
}
