import express from 'express';
import { z } from 'zod';
import { escapeHtml } from '../shared/html.ts';
import { badRequest, createStandIn } from '../shared/stand-in.ts';
import type { StandIn } from '../stand-in-types.ts';

const ConversionSchema = z.strictObject({
  conversionId: z.string().min(1).max(64),
  name: z.string().min(1).max(40),
  occurredAt: z.iso.datetime(),
  clickId: z.string().max(200).nullable(),
  clickIdType: z.enum(['gclid', 'msclkid', 'fbclid']).nullable(),
  campaign: z.string().max(128).nullable(),
});
type Conversion = z.infer<typeof ConversionSchema> & { receivedAt: string; duplicate: boolean; fields: string[] };

const e = escapeHtml;
const time = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'medium' });

/**
 * An advertising network's conversion tracking (offline-conversion upload) under `/conversions`: `POST
 * /conversions/api/v1/conversions` (`X-Api-Key`), deduplicated by `conversionId` like the networks do; a German page
 * for testers at `/conversions/` and `GET /conversions/_control/conversions`. It keeps which fields arrived, so a test
 * can prove nothing that names the person was sent.
 */
export const conversionsStandIn: StandIn = {
  name: 'conversions',
  async start({ config }) {
    const received: Conversion[] = [];
    const standIn = createStandIn({
      apiPath: '/api/v1',
      auth: { apiKeyHeader: 'x-api-key', apiKey: config.CONVERSIONS_API_KEY },
      onReset: () => {
        received.length = 0;
      },
      api(api) {
        api.post('/conversions', express.json({ limit: '8kb' }), (req, res) => {
          const body = ConversionSchema.safeParse(req.body);
          if (!body.success) return badRequest(res, z.prettifyError(body.error));
          const duplicate = received.some((c) => c.conversionId === body.data.conversionId && !c.duplicate);
          received.push({ ...body.data, receivedAt: new Date().toISOString(), duplicate, fields: Object.keys(req.body as object).sort() });
          if (received.length > 1000) received.shift();
          res.status(200).json({ status: duplicate ? 'duplicate' : 'accepted', conversionId: body.data.conversionId });
        });
      },
      control(control) {
        control.get('/conversions', (_req, res) => res.json({ conversions: received }));
      },
    });
    const router = express.Router();
    router.use(standIn);
    router.get('/', (_req, res) => {
      const rows = [...received].reverse().map(
        (c) => `<tr><td>${e(time.format(new Date(c.receivedAt)))}</td><td>${e(c.name)}</td><td>${e(c.campaign ?? '–')}</td><td>${e(c.clickIdType ? `${c.clickIdType}: ${c.clickId ?? ''}` : '–')}</td><td>${e(c.conversionId)}</td><td>${c.duplicate ? 'doppelt (nicht gezählt)' : 'gezählt'}</td></tr>`,
      );
      res
        .set({ 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'", 'Cache-Control': 'no-store' })
        .type('html')
        .send(
          `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>Conversion-Tracking (Sandbox)</title></head><body style="font-family:system-ui,sans-serif;margin:1.5rem"><h1>Gemeldete Conversions</h1><p>Was das Werbenetzwerk vom Portal erfährt: ein bestätigter Lead je Anfrage, nur mit der Einwilligung „Werbung und Erfolgsmessung“, ohne Name, E-Mail oder Telefonnummer.</p><table><thead><tr><th scope="col">Empfangen</th><th scope="col">Ereignis</th><th scope="col">Kampagne</th><th scope="col">Klick</th><th scope="col">Conversion-ID</th><th scope="col">Status</th></tr></thead><tbody>${rows.join('') || '<tr><td colspan="6">Noch keine.</td></tr>'}</tbody></table></body></html>`,
        );
    });
    return { mountPath: '/conversions', router, summary: 'Conversions /conversions/' };
  },
};
