import { Router, type Request } from 'express';
import * as z from 'zod/mini';
import { MonitoringQuerySchema, type MonitoringQuery } from '../../contracts/monitoring.ts';
import { BadRequest } from '../../domain/errors.ts';
import { powerHistoryCsv, workHistoryCsv } from '../../domain/monitoring/csv.ts';
import type { MonitoringService } from '../../domain/monitoring/monitoring.service.ts';
import { signedIn } from '../signed-in.ts';

function query(req: Request): MonitoringQuery {
  const parsed = z.safeParse(MonitoringQuerySchema, { period: req.query.period, date: req.query.date });
  if (!parsed.success) {
    throw new BadRequest(
      'MONITORING.INVALID_QUERY',
      'Bitte gib einen Zeitraum (period: day, week, month, year oder total) und ein gültiges Datum (date: JJJJ-MM-TT) an.',
    );
  }
  return parsed.data;
}

/** Monitoring on the internal base (spec section 7). */
export function monitoringRoutes(monitoring: MonitoringService): Router {
  const router = Router();
  const user = (req: Request) => signedIn(req).id;

  router.get('/installation', async (req, res) => {
    res.json({ installations: await monitoring.installationsOf(user(req), req.session.currentProjectId) });
  });
  router.get('/installation/:id/devices', async (req, res) => {
    res.json({ devices: await monitoring.devices(user(req), req.params.id) });
  });
  router.get('/installation/:id/power-history', async (req, res) => {
    res.json(await monitoring.powerHistory(user(req), req.params.id, query(req)));
  });
  router.get('/installation/:id/work-history', async (req, res) => {
    res.json(await monitoring.workHistory(user(req), req.params.id, query(req)));
  });
  router.get('/installation/:id/self-sufficiency-total', async (req, res) => {
    res.json(await monitoring.selfSufficiency(user(req), req.params.id, query(req)));
  });
  router.get('/installation/:id/self-consumption-total', async (req, res) => {
    res.json(await monitoring.selfConsumption(user(req), req.params.id, query(req)));
  });
  /** The shown period as CSV: power points for a day, energy per bar otherwise. */
  router.get('/installation/:id/export', async (req, res) => {
    const q = query(req);
    const csv =
      q.period === 'day'
        ? powerHistoryCsv(await monitoring.powerHistory(user(req), req.params.id, q))
        : workHistoryCsv(await monitoring.workHistory(user(req), req.params.id, q));
    res
      .type('text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="monitoring-${q.period}-${q.date}.csv"`)
      .send(csv);
  });
  return router;
}
