import express from 'express';
import { z } from 'zod';
import { berlinTime, dataTable, escapeHtml, sendPage, standInLog } from '../shared/html.ts';
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
      const rows = [...received]
        .reverse()
        .map((c) => [berlinTime(c.receivedAt, { seconds: true }), c.name, c.campaign ?? '–', c.clickIdType ? `${c.clickIdType}: ${c.clickId ?? ''}` : '–', c.conversionId, c.duplicate ? 'doppelt (nicht gezählt)' : 'gezählt'].map(escapeHtml));
      const intro = '<p>Was das Werbenetzwerk vom Portal erfährt: ein bestätigter Lead je Anfrage, nur mit der Einwilligung „Werbung und Erfolgsmessung“, ohne Name, E-Mail oder Telefonnummer.</p>';
      sendPage(res, standInLog('Conversion-Tracking', 'Gemeldete Conversions', `${intro}\n${dataTable({ columns: ['Empfangen', 'Ereignis', 'Kampagne', 'Klick', 'Conversion-ID', 'Status'], rows, empty: 'Noch keine.' })}`));
    });
    return { mountPath: '/conversions', router, summary: 'Conversions /conversions/' };
  },
};
