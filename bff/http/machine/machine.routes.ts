import express, { Router, type Request } from 'express';
import * as z from 'zod/mini';
import { CommonErrors } from '../../contracts/errors.ts';
import { ExternalEventSchema, MachineErrors, machineBase, type MachineCaller } from '../../contracts/machine.ts';
import { NpsQuerySchema } from '../../contracts/surveys.ts';
import { AppError } from '../../domain/errors.ts';
import type { RouteDeps } from '../route-deps.ts';
import { requireMachineToken } from './machine-auth.ts';

const secretOf = (deps: RouteDeps, caller: MachineCaller) =>
  ({ internal: deps.config.INTERNAL_API_SECRET, cron: deps.config.CRON_API_SECRET, funnel: deps.config.FUNNEL_API_SECRET, external: deps.config.EXTERNAL_API_SECRET })[caller];

/** A router for one caller, mounted below /api before the CSRF check; every route behind that caller's token. */
export function machineRouter(deps: RouteDeps, caller: MachineCaller): { router: Router; api: Router } {
  const router = Router();
  const api = Router();
  api.use(requireMachineToken(caller, secretOf(deps, caller), deps.config.API_AUDIENCE, deps.logger, deps.services.machineTokens));
  // Who am I: integrators check their token here.
  api.get('/whoami', (req: Request, res) => {
    res.json({ caller: req.machineCaller, audience: deps.config.API_AUDIENCE });
  });
  router.use(machineBase(caller).replace(/^\/api/, ''), api);
  return { router, api };
}

const JobName = z.string().check(z.regex(/^[a-z][a-z0-9-]{1,40}$/));

/** `/api/cron`: an external scheduler starts a job by name (`POST /api/cron/jobs/{name}`) and sees the jobs. */
export function cronRoutes(deps: RouteDeps): Router {
  const { router, api } = machineRouter(deps, 'cron');
  api.get('/jobs', async (_req, res) => {
    res.json({ jobs: deps.services.jobs.catalogue(), runs: await deps.services.jobs.history(undefined, 20) });
  });
  api.post('/jobs/:name', express.json({ limit: '8kb' }), async (req, res) => {
    const name = z.safeParse(JobName, req.params.name);
    if (!name.success) throw new AppError(MachineErrors.UNKNOWN_JOB);
    const data = typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    const jobId = await deps.services.jobs.trigger(name.data, data);
    if (jobId === undefined) throw new AppError(MachineErrors.UNKNOWN_JOB);
    deps.logger.info('job triggered by cron endpoint', { job: name.data, jobId });
    res.status(202).json({ job: name.data, jobId });
  });
  return router;
}

/** `/api/internal`: the installer's own tools: the job run history. */
export function internalRoutes(deps: RouteDeps): Router {
  const { router, api } = machineRouter(deps, 'internal');
  api.get('/jobs/runs', async (req, res) => {
    const job = typeof req.query.job === 'string' ? z.parse(JobName, req.query.job) : undefined;
    res.json({ runs: await deps.services.jobs.history(job, 100) });
  });
  return router;
}

/**
 * `/api/external`: the installer's systems. `POST /events` takes their events (project step changed, document
 * published, task answered) so mails and notifications follow without polling; `GET /exports/{id}` hands out a users
 * export (ExportUsersJob) until it expires.
 */
export function externalRoutes(deps: RouteDeps): Router {
  const { router, api } = machineRouter(deps, 'external');
  api.post('/events', express.json({ limit: '16kb' }), async (req, res) => {
    const parsed = z.safeParse(ExternalEventSchema, req.body);
    if (!parsed.success) throw new AppError(CommonErrors.VALIDATION, { cause: parsed.error });
    const event = parsed.data;
    // Each capability declares its handlers (bff/composition/capabilities/); they run in the capability list's order.
    const outcome = await deps.services.externalEvent(event, deps);
    deps.logger.info('external event', { event: event.event, projectId: event.data.projectId, outcome });
    if (outcome === 'failed') {
      res.status(503).json({ code: CommonErrors.UPSTREAM_UNAVAILABLE.code, message: 'Try again later' });
      return;
    }
    res.status(202).json({ event: event.event, outcome });
  });
  /** The NPS per survey type over a period (docs/machine-api.md): computed once in the domain, with N beside it. */
  api.get('/surveys/nps', async (req, res) => {
    const query = z.safeParse(NpsQuerySchema, req.query);
    if (!query.success) throw new AppError(CommonErrors.VALIDATION, { cause: query.error });
    res.set('Cache-Control', 'no-store').json(await deps.services.surveys.npsReport(query.data));
  });
  api.get('/exports/:id', async (req, res) => {
    const found = await deps.services.exports.find(String(req.params.id), new Date());
    if (!found) throw new AppError(CommonErrors.NOT_FOUND);
    res
      .type('text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="kunden-${found.createdAt.toISOString().slice(0, 10)}.csv"`)
      .set('X-Content-Type-Options', 'nosniff')
      .set('X-Export-Expires', found.expiredAt.toISOString())
      .send(found.content);
  });
  return router;
}
