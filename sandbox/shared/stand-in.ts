import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { faultInjection, type Fault } from './faults.ts';

/** Longest delay a test may ask for; a slow request also delays the sandbox's shutdown by up to this long. */
const MAX_FAULT_DELAY_MS = 60_000;
const DEFAULT_SLOW_DELAY_MS = 2_000;

const FaultRequestSchema = z.strictObject({
  mode: z.enum(['fail', 'slow']),
  delayMs: z.number().int().min(0).max(MAX_FAULT_DELAY_MS).optional(),
  status: z.number().int().min(400).max(599).optional(),
});

/**
 * How the vendor's API checks its caller: a fixed bearer token, an API-key header, or a bearer token the vendor issued
 * itself and checks by looking it up (`verify`, e.g. the identity provider's client-credentials tokens).
 */
export type StandInAuth =
  | { bearer: string; realm: string }
  | { apiKeyHeader: string; apiKey: string }
  | { verify(token: string): Promise<boolean>; realm: string };

export interface StandInOptions {
  /** Where the vendor API lives inside the stand-in's mount, e.g. `/api/v1`. */
  apiPath: string;
  auth: StandInAuth;
  /** Adds the vendor's API routes; runs after fault injection and the credential check. */
  api(router: express.Router): void;
  /** Adds test controls beside `reset` and `faults` (`/_control/...`); state-changing ones are same-origin only. */
  control?(router: express.Router): void;
  /** `POST /_control/reset` also calls this (faults are always cleared). */
  onReset?(): void | Promise<void>;
}

export function notFound(res: Response): void {
  res.status(404).json({ error: 'not_found' });
}

/** The vendor's 400; `detail` says what was wrong where the vendor does say it. */
export function badRequest(res: Response, detail?: string): void {
  res.status(400).json(detail === undefined ? { error: 'bad_request' } : { error: 'bad_request', detail });
}

/** JSON bodies of control requests are small. */
export const controlJson = express.json({ limit: '64kb' });

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Hashing first gives equal lengths, so the comparison takes the same time for every wrong credential. */
function sameSecret(given: string | undefined, expected: Buffer): boolean {
  return given !== undefined && given !== '' && timingSafeEqual(sha256(given), expected);
}

function requireCredential(auth: StandInAuth): RequestHandler {
  if ('verify' in auth) {
    return (req, res, next) => {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
      const refuse = () => res.status(401).set('WWW-Authenticate', `Bearer realm="${auth.realm}", error="invalid_token"`).json({ error: 'unauthorized' });
      if (!match?.[1]) return void refuse();
      auth.verify(match[1]).then((valid) => (valid ? next() : refuse()), next);
    };
  }
  if ('bearer' in auth) {
    const expected = sha256(auth.bearer);
    return (req, res, next) => {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
      if (sameSecret(match?.[1], expected)) {
        next();
        return;
      }
      res.status(401).set('WWW-Authenticate', `Bearer realm="${auth.realm}"`).json({ error: 'unauthorized' });
    };
  }
  const expected = sha256(auth.apiKey);
  return (req, res, next) => {
    if (sameSecret(req.get(auth.apiKeyHeader), expected)) {
      next();
      return;
    }
    res.status(401).json({ error: 'unauthorized' });
  };
}

/** A browser page on another origin must not be able to change the tester's state; fetch from Node sends no Origin. */
export function isSameOrigin(req: Request): boolean {
  const origin = req.get('origin');
  return origin === undefined || origin === `${req.protocol}://${req.get('host')}`;
}

/** Every control route: never cached, and only same-origin pages (or Node's fetch) may change state. */
export const controlGuard: RequestHandler = (req, res, next) => {
  res.set('Cache-Control', 'no-store');
  if (req.method !== 'GET' && !isSameOrigin(req)) {
    res.status(403).json({ error: 'forbidden' });
    return;
  }
  next();
};

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

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/**
 * The one shape of every HTTP stand-in for a vendor API: the API under `apiPath` (no-store, fault injection before
 * the credential check, since an unavailable service does not look at credentials either, vendor 404 and error
 * bodies) and test controls under `/_control` (`reset`, `faults`, plus the stand-in's own, e.g. creating data).
 */
export function createStandIn(options: StandInOptions): express.Router {
  let fault: Fault | undefined;

  const api = express.Router();
  api.use(noStore, faultInjection(() => fault), requireCredential(options.auth));
  options.api(api);
  api.use((_req, res) => notFound(res));
  api.use(vendorErrors);

  const control = express.Router();
  control.use(controlGuard);

  control.post('/reset', async (_req, res) => {
    fault = undefined;
    await options.onReset?.();
    res.status(204).end();
  });

  control.post('/faults', controlJson, (req, res) => {
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

  options.control?.(control);
  control.use((_req, res) => notFound(res));
  control.use(vendorErrors);

  const router = express.Router();
  router.use(options.apiPath, api);
  router.use('/_control', control);
  return router;
}
