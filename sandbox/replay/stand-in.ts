import { readFile } from 'node:fs/promises';
import express from 'express';
import { dataTable, escapeHtml, sendPage, standInLog } from '../shared/html.ts';
import { controlGuard } from '../shared/stand-in.ts';
import type { StandIn } from '../stand-in-types.ts';

interface Recording {
  receivedAt: string;
  session: string;
  page: string;
  events: { type: string; target: string; value?: string; masked?: boolean }[];
}

/**
 * A session-replay vendor under `/replay`: the recorder script (`/replay/recorder.js`), its ingest endpoint
 * (`POST /replay/ingest`, sendBeacon text), a German page for testers at `/replay/` and
 * `GET /replay/_control/recordings`.
 */
export const replayStandIn: StandIn = {
  name: 'replay',
  async start() {
    const script = await readFile(new URL('./recorder.js', import.meta.url), 'utf8');
    const recordings: Recording[] = [];
    const router = express.Router();
    router.get('/recorder.js', (_req, res) => {
      res.type('application/javascript').set('Cache-Control', 'public, max-age=300').set('Cross-Origin-Resource-Policy', 'cross-origin').send(script);
    });
    router.post('/ingest', express.text({ type: () => true, limit: '64kb' }), (req, res) => {
      try {
        const body = JSON.parse(String(req.body)) as Omit<Recording, 'receivedAt'>;
        recordings.push({ receivedAt: new Date().toISOString(), session: String(body.session), page: String(body.page), events: Array.isArray(body.events) ? body.events : [] });
        if (recordings.length > 500) recordings.shift();
        res.set('Access-Control-Allow-Origin', '*').status(204).end();
      } catch {
        res.status(400).end();
      }
    });
    router.use('/_control', controlGuard);
    router.get('/_control/recordings', (_req, res) => res.json({ recordings }));
    router.post('/_control/reset', (_req, res) => {
      recordings.length = 0;
      res.status(204).end();
    });
    router.get('/', (_req, res) => {
      const rows = [...recordings].reverse().flatMap((r) => r.events.map((e) => [r.page, e.type, e.target, e.value ?? ''].map(escapeHtml)));
      sendPage(res, standInLog('Sitzungsaufzeichnung', 'Aufgezeichnete Ereignisse', dataTable({ columns: ['Seite', 'Art', 'Element', 'Wert'], rows, empty: 'Noch keine.' })));
    });
    return { mountPath: '/replay', router, summary: 'Aufzeichnung /replay/' };
  },
};
