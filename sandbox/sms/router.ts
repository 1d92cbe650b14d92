import express from 'express';
import { z } from 'zod';
import { sendPage } from '../shared/html.ts';
import { controlGuard, createStandIn, isSameOrigin } from '../shared/stand-in.ts';
import type { SmsStore } from './store.ts';
import { inboxPage } from './views.ts';

/** The service plan the portal sends through (part of the API path, as at the vendor). */
const SERVICE_PLAN_ID = 'kundenportal';

const Msisdn = z.string().regex(/^\+?[1-9]\d{6,14}$/);
const BatchSchema = z.object({
  from: z.string().min(1).max(16),
  to: z.array(Msisdn).min(1).max(100),
  body: z.string().min(1).max(1600),
  type: z.literal('mt_text').default('mt_text'),
});

/** The vendor's error shape (`code`, `text`), as Sinch's SMS REST API answers it. */
const vendorError = (res: express.Response, status: number, code: string, text: string) => res.status(status).json({ code, text });

/**
 * The SMS gateway: a Sinch-like batches API under `/sms/xms/v1/kundenportal` (bearer SMS_API_TOKEN; faults switchable
 * at `/_control/faults`), the testers' German inbox page at `/sms/` and its JSON at `/sms/_control/messages?to=`.
 */
export function createSmsRouter(store: SmsStore, options: { token: string }): express.Router {
  const standIn = createStandIn({
    apiPath: `/xms/v1/${SERVICE_PLAN_ID}`,
    auth: { bearer: options.token, realm: 'sms' },
    onReset: () => store.clear(),
    api(api) {
      api.post('/batches', express.json({ limit: '32kb' }), async (req, res) => {
        const batch = BatchSchema.safeParse(req.body);
        if (!batch.success) return vendorError(res, 400, 'syntax_invalid_parameter_format', z.prettifyError(batch.error));
        const { batchId } = await store.add(batch.data);
        const createdAt = new Date().toISOString();
        res.status(201).json({ id: batchId, to: batch.data.to, from: batch.data.from, canceled: false, body: batch.data.body, type: 'mt_text', created_at: createdAt, modified_at: createdAt, delivery_report: 'none', flash_message: false });
      });
      api.get('/batches/:id', (req, res) => {
        const messages = store.byBatch(req.params.id);
        const first = messages[0];
        if (!first) return vendorError(res, 404, 'not_found', 'Batch not found');
        res.json({ id: first.batchId, to: messages.map((m) => m.to), from: first.from, canceled: false, body: first.body, type: 'mt_text', created_at: first.receivedAt });
      });
    },
    control(control) {
      control.get('/messages', (req, res) => {
        res.json({ messages: store.list({ to: typeof req.query.to === 'string' ? req.query.to : undefined }) });
      });
      control.delete('/messages', async (_req, res) => {
        await store.clear();
        res.status(204).end();
      });
    },
  });

  const inbox = express.Router();
  inbox.get('/', (req, res) => {
    const filter = typeof req.query.nummer === 'string' ? req.query.nummer.slice(0, 30) : '';
    sendPage(res, inboxPage({ messages: store.list({ to: filter }), filter, basePath: req.baseUrl }));
  });
  inbox.post('/clear', controlGuard, async (req, res) => {
    if (!isSameOrigin(req)) return res.status(403).type('text/plain').send('Fremde Herkunft – abgelehnt.');
    await store.clear();
    res.redirect(303, `${req.baseUrl}/`);
  });

  const router = express.Router();
  router.use(standIn);
  router.use(inbox);
  return router;
}
