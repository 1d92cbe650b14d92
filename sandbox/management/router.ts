import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { faultInjection, type Fault } from '../shared/faults.ts';
import type { ManagementStore } from './store.ts';

/** Longest delay a test may ask for; a slow request also delays the sandbox's shutdown by up to this long. */
export const MAX_FAULT_DELAY_MS = 60_000;
const DEFAULT_SLOW_DELAY_MS = 2_000;

const FaultRequestSchema = z.strictObject({
  mode: z.enum(['fail', 'slow']),
  delayMs: z.number().int().min(0).max(MAX_FAULT_DELAY_MS).optional(),
  status: z.number().int().min(400).max(599).optional(),
});


const ProjectIdSchema = z.string().regex(/^[1-9]\d{0,14}$/).transform(Number);
const PortalUserIdSchema = z.string().min(1).max(255).regex(/^[^\p{Cc}]+$/u);

type ProjectsQuery = { by: 'customer'; customerNumber: string; zip: string } | { by: 'portalUser'; portalUserId: string };

/** The only two searches the vendor offers; anything else (extra, repeated or empty parameters) is a bad request. */
function parseProjectsQuery(query: Request['query']): ProjectsQuery | undefined {
  const keys = Object.keys(query).sort().join('&');
  const value = (key: string): string | undefined => {
    const raw = query[key];
    return typeof raw === 'string' && raw.trim() !== '' ? raw : undefined;
  };
  if (keys === 'customerNumber&zip') {
    const customerNumber = value('customerNumber');
    const zip = value('zip');
    return customerNumber && zip ? { by: 'customer', customerNumber, zip } : undefined;
  }
  if (keys === 'portalUserId') {
    const portalUserId = value('portalUserId');
    return portalUserId ? { by: 'portalUser', portalUserId } : undefined;
  }
  return undefined;
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function requireBearer(token: string): RequestHandler {
  const expected = sha256(token);
  return (req, res, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
    // Hashing first gives equal lengths, so the comparison takes the same time for every wrong token.
    if (match?.[1] && timingSafeEqual(sha256(match[1]), expected)) {
      next();
      return;
    }
    res.status(401).set('WWW-Authenticate', 'Bearer realm="management"').json({ error: 'unauthorized' });
  };
}

/** A browser page on another origin must not be able to reset the tester's state; fetch from Node sends no Origin. */
function isSameOrigin(req: Request): boolean {
  const origin = req.get('origin');
  return origin === undefined || origin === `${req.protocol}://${req.get('host')}`;
}

function notFound(res: Response): void {
  res.status(404).json({ error: 'not_found' });
}

function badRequest(res: Response): void {
  res.status(400).json({ error: 'bad_request' });
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

/**
 * The installer's management service (CRM / project management) as a vendor REST API, for local development and
 * tests. Mount at `/management`: the API lives under `/api/v1` (bearer token = the portal's MANAGEMENT_API_TOKEN), the
 * test controls under `/_control`.
 */
export function createManagementRouter(store: ManagementStore, options: { token: string }): express.Router {
  let fault: Fault | undefined;

  const api = express.Router();
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  api.use(faultInjection(() => fault));

  api.use(requireBearer(options.token));

  api.get('/projects', (req, res) => {
    const query = parseProjectsQuery(req.query);
    if (!query) {
      badRequest(res);
      return;
    }
    const items =
      query.by === 'customer'
        ? store.findByCustomer(query.customerNumber, query.zip)
        : store.findByPortalUser(query.portalUserId);
    res.json({ items });
  });

  api.get('/projects/:id', (req, res) => {
    const id = ProjectIdSchema.safeParse(req.params.id);
    const project = id.success ? store.get(id.data) : undefined;
    if (!project) {
      notFound(res);
      return;
    }
    res.json(project);
  });

  const changeLink =
    (action: 'link' | 'unlink'): RequestHandler =>
    async (req, res) => {
      const id = ProjectIdSchema.safeParse(req.params.id);
      if (!id.success) {
        notFound(res);
        return;
      }
      const userId = PortalUserIdSchema.safeParse(req.params.userId);
      if (!userId.success) {
        badRequest(res);
        return;
      }
      const found =
        action === 'link' ? await store.link(id.data, userId.data) : await store.unlink(id.data, userId.data);
      if (!found) {
        notFound(res);
        return;
      }
      res.status(204).end();
    };
  api.put('/projects/:id/portal-users/:userId', changeLink('link'));
  api.delete('/projects/:id/portal-users/:userId', changeLink('unlink'));

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

  control.get('/projects', (_req, res) => {
    res.json({ items: store.list() });
  });

  control.post('/reset', async (_req, res) => {
    fault = undefined;
    await store.reset();
    res.status(204).end();
  });

  control.post('/faults', express.json({ limit: '4kb' }), (req, res) => {
    const parsed = FaultRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      badRequest(res);
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

  control.use((_req, res) => notFound(res));
  control.use(vendorErrors);

  const router = express.Router();
  router.use('/api/v1', api);
  router.use('/_control', control);
  return router;
}
