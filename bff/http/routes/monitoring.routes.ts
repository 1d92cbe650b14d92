import { Router, type Request } from 'express';
import * as z from 'zod/mini';
import { MONITORING_PATHS, MonitoringErrors, MonitoringQuerySchema, type MonitoringQuery } from '../../contracts/monitoring.ts';
import { AppError } from '../../domain/errors.ts';
import { powerHistoryCsv, workHistoryCsv } from '../../domain/monitoring/csv.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';

function query(req: Request): MonitoringQuery {
  const parsed = z.safeParse(MonitoringQuerySchema, { period: req.query.period, date: req.query.date });
  if (!parsed.success) throw new AppError(MonitoringErrors.INVALID_QUERY);
  return parsed.data;
}

const path = (build: (id: string) => string) => `/${build(':id')}`.replace(encodeURIComponent(':id'), ':id');

/** Monitoring on the internal base (docs/monitoring.md). */
export function monitoringRoutes({ services: { monitoring } }: RouteDeps): Router {
  const router = Router();
  const user = (req: Request) => signedIn(req).id;

  router.get(`/${MONITORING_PATHS.installations}`, async (req, res) => {
    res.json({ installations: await monitoring.installationsOf(user(req), req.session.currentProjectId) });
  });
  router.get(path(MONITORING_PATHS.devices), async (req, res) => {
    res.json({ devices: await monitoring.devices(user(req), String(req.params.id)) });
  });
  router.get(path(MONITORING_PATHS.powerHistory), async (req, res) => {
    res.json(await monitoring.powerHistory(user(req), String(req.params.id), query(req)));
  });
  router.get(path(MONITORING_PATHS.workHistory), async (req, res) => {
    res.json(await monitoring.workHistory(user(req), String(req.params.id), query(req)));
  });
  router.get(path(MONITORING_PATHS.selfSufficiency), async (req, res) => {
    res.json(await monitoring.selfSufficiency(user(req), String(req.params.id), query(req)));
  });
  router.get(path(MONITORING_PATHS.selfConsumption), async (req, res) => {
    res.json(await monitoring.selfConsumption(user(req), String(req.params.id), query(req)));
  });
  /** The shown period as CSV: power points for a day, energy per bar otherwise. */
  router.get(path(MONITORING_PATHS.export), async (req, res) => {
    const q = query(req);
    const id = String(req.params.id);
    const csv =
      q.period === 'day'
        ? powerHistoryCsv(await monitoring.powerHistory(user(req), id, q))
        : workHistoryCsv(await monitoring.workHistory(user(req), id, q));
    res
      .type('text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="monitoring-${q.period}-${q.date}.csv"`)
      .send(csv);
  });
  return router;
}
