import { z } from 'zod';
import type { ServiceEndpoint } from '../config.ts';
import { upstreamUnavailable } from '../domain/errors.ts';
import type { ESignature } from '../ports/e-signature.ts';
import { createJsonClient } from './json-client.ts';

const StatusSchema = z.enum(['created', 'sent', 'delivered', 'completed', 'declined', 'voided']);
const CreatedSchema = z.object({ envelopeId: z.string().min(1), status: StatusSchema });
const SummarySchema = z.object({ envelopeId: z.string(), status: StatusSchema, completedDateTime: z.string().optional() });
const ViewSchema = z.object({ url: z.url() });

/**
 * The e-signature provider over DocuSign's eSignature REST API v2.1 (embedded signing: one document, one signer with
 * `clientUserId`, recipient views, Connect webhook). Base URL = `…/accounts/<accountId>`.
 */
export function createHttpESignature(endpoint: ServiceEndpoint): ESignature {
  const client = createJsonClient(endpoint);
  const envelopePath = (id: string) => `/envelopes/${encodeURIComponent(id)}`;
  return {
    async createEnvelope({ document, subject, signer, webhookUrl }) {
      return client.request('/envelopes', {
        method: 'POST',
        schema: CreatedSchema,
        json: {
          emailSubject: subject,
          documents: [{ documentId: '1', name: document.name, documentBase64: Buffer.from(document.pdf).toString('base64') }],
          recipients: { signers: [{ recipientId: '1', name: signer.name, email: signer.email, clientUserId: signer.clientUserId }] },
          status: 'sent',
          eventNotification: { url: webhookUrl },
        },
      });
    },
    async signingUrl(envelopeId, { returnUrl, signer }) {
      const view = await client.request(`${envelopePath(envelopeId)}/views/recipient`, {
        method: 'POST',
        schema: ViewSchema,
        json: { returnUrl, clientUserId: signer.clientUserId, userName: signer.name, email: signer.email, authenticationMethod: 'none' },
      });
      return view.url;
    },
    async status(envelopeId) {
      const summary = await client.request(envelopePath(envelopeId), { schema: SummarySchema, nullOn404: true });
      return summary && { status: summary.status, completedAt: summary.completedDateTime ?? null };
    },
    async void(envelopeId, reason) {
      await client.request(envelopePath(envelopeId), { method: 'PUT', json: { status: 'voided', voidedReason: reason } });
    },
    async document(envelopeId) {
      const response = await client.stream(`${envelopePath(envelopeId)}/documents/combined`);
      if (!response) throw upstreamUnavailable(endpoint, new Error(`document of envelope ${envelopeId} not found`));
      try {
        return new Uint8Array(await response.arrayBuffer());
      } catch (cause) {
        throw upstreamUnavailable(endpoint, cause);
      }
    },
  };
}
