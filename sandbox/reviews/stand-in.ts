import express from 'express';
import type { StandIn } from '../stand-in-types.ts';

/**
 * A review platform under `/reviews`: the installer's public rating for widgets (`GET /reviews/api/summary`, public
 * like the platforms' widget APIs) and its public profile and review pages.
 */
export const reviewsStandIn: StandIn = {
  name: 'reviews',
  async start({ url }) {
    const router = express.Router();
    router.get('/api/summary', (_req, res) => {
      res.set('Cache-Control', 'no-store').json({ rating: 4.8, count: 312, profileUrl: `${url}/reviews/beispiel-solar`, reviewUrl: `${url}/reviews/beispiel-solar/bewerten` });
    });
    router.get(['/beispiel-solar', '/beispiel-solar/bewerten'], (req, res) => {
      res.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
      res.type('html').send(`<!doctype html><html lang="de"><meta charset="utf-8"><title>Beispiel Solar GmbH – Bewertungen (Sandbox)</title><body style="font-family:sans-serif"><h1>Beispiel Solar GmbH</h1><p>4,8 von 5 Sternen aus 312 Bewertungen.</p>${req.path.endsWith('bewerten') ? '<p>Hier würdest Du Deine Bewertung schreiben.</p>' : ''}</body></html>`);
    });
    return { mountPath: '/reviews', router };
  },
};
