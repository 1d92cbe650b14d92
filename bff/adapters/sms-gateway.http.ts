import { z } from 'zod';
import type { ServiceEndpoint } from '../config.ts';
import type { SmsGateway } from '../ports/sms-gateway.ts';
import { createJsonClient } from './json-client.ts';

const BatchSchema = z.object({ id: z.string().min(1), type: z.literal('mt_text') });

/**
 * The SMS gateway's batches API (shaped like Sinch's SMS REST API: `POST /batches` with `from`, `to` (E.164 list) and
 * `body`, bearer token, 201 with the batch). The message body carries the code: it goes nowhere but the request
 * body, never into an error or a log (a refusal becomes UPSTREAM.UNAVAILABLE naming only path and status).
 */
export function createHttpSmsGateway(endpoint: ServiceEndpoint, options: { sender: string }): SmsGateway {
  const client = createJsonClient(endpoint);
  return {
    async send({ to, text }) {
      const batch = await client.request('/batches', {
        method: 'POST',
        json: { from: options.sender, to: [to], body: text, type: 'mt_text' },
        schema: BatchSchema,
      });
      return { id: batch.id };
    },
  };
}
