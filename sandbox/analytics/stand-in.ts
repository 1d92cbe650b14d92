import express from 'express';
import { dataTable, escapeHtml, sendPage, standInLog } from '../shared/html.ts';
import { controlGuard } from '../shared/stand-in.ts';
import type { StandIn } from '../stand-in-types.ts';

interface ReceivedEvent {
  receivedAt: string;
  name: string;
  url: string;
  domain: string;
  referrer: string | null;
  props: Record<string, unknown>;
  userAgent: string | null;
  /** What an analytics vendor would use to tell visitors apart; the portal must never send it. */
  forwardedFor: string | null;
  cookie: string | null;
}

/**
 * A Plausible-compatible analytics service under `/analytics`: `POST /analytics/api/event` (no credential, like
 * Plausible's Events API), a German page for testers at `/analytics/` and `GET /analytics/_control/events`.
 */
export const analyticsStandIn: StandIn = {
  name: 'analytics',
  async start() {
    const events: ReceivedEvent[] = [];
    const router = express.Router();
    router.post('/api/event', express.json({ limit: '8kb' }), (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (typeof body.name !== 'string' || typeof body.url !== 'string' || typeof body.domain !== 'string') {
        res.status(400).json({ error: 'name, url and domain are required' });
        return;
      }
      events.push({
        receivedAt: new Date().toISOString(),
        name: body.name,
        url: body.url,
        domain: body.domain,
        referrer: typeof body.referrer === 'string' ? body.referrer : null,
        props: typeof body.props === 'object' && body.props !== null ? (body.props as Record<string, unknown>) : {},
        userAgent: req.get('user-agent') ?? null,
        forwardedFor: req.get('x-forwarded-for') ?? null,
        cookie: req.get('cookie') ?? null,
      });
      if (events.length > 1000) events.shift();
      res.status(202).send('ok');
    });
    router.use('/_control', controlGuard);
    router.get('/_control/events', (_req, res) => res.json({ events }));
    router.post('/_control/reset', (_req, res) => {
      events.length = 0;
      res.status(204).end();
    });
    router.get('/', (_req, res) => {
      const rows = [...events].reverse().map((e) => [e.receivedAt, e.name, e.url, e.forwardedFor ?? '–'].map(escapeHtml));
      sendPage(res, standInLog('Statistik', 'Empfangene Statistik-Ereignisse', dataTable({ columns: ['Zeit', 'Ereignis', 'Adresse', 'IP-Adresse'], rows, empty: 'Noch keine.' })));
    });
    return { mountPath: '/analytics', router, summary: 'Statistik /analytics/' };
  },
};
