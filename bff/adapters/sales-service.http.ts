import { z } from 'zod';
import type { ServiceEndpoint } from '../config.ts';
import type { SalesService } from '../ports/sales-service.ts';
import { createJsonClient } from './json-client.ts';

const SalesRepSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  whatsapp: z.string(),
  email: z.string(),
  photoUrl: z.string(),
  video: z.object({ fileUuid: z.string(), url: z.string(), captionsUrl: z.string() }).nullable(),
});
const LeadSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  customerNumber: z.string().nullable().default(null),
  projectId: z.number().int().positive().nullable().default(null),
  /** What the lead told about itself after the funnel (absent until then). */
  contact: z
    .object({
      salutation: z.enum(['MS', 'MR']).nullable(),
      phone: z.string(),
      address: z.object({ street: z.string(), houseNumber: z.string(), zip: z.string(), city: z.string() }),
      preferredContact: z.enum(['MAIL', 'PHONE', 'WHATSAPP']),
    })
    .nullable()
    .default(null),
  salesRep: SalesRepSchema.nullable(),
});

/** The sales service's REST API (CRM; bearer SALES_API_TOKEN): leads and their representatives. */
export function createHttpSalesService(endpoint: ServiceEndpoint): SalesService {
  const client = createJsonClient(endpoint);
  return {
    async createLead(lead) {
      const created = await client.request('/leads', {
        method: 'POST',
        json: { ...lead, contactConsentAt: lead.contactConsentAt.toISOString(), verifiedAt: lead.verifiedAt.toISOString() },
        schema: LeadSchema,
      });
      return { id: created.id, status: created.status, salesRep: created.salesRep };
    },
    lead: (id) => client.request(`/leads/${encodeURIComponent(id)}`, { schema: LeadSchema, nullOn404: true }),
    async updateLead(id, contact) {
      const answer = await client.request(`/leads/${encodeURIComponent(id)}`, { method: 'PATCH', json: contact, schema: LeadSchema, nullOn404: true });
      return answer !== null;
    },
    async media(url, range) {
      // Only what lies under the service's own base URL: a URL from an answer is data, never a place to go.
      const base = new URL(endpoint.url.endsWith('/') ? endpoint.url : `${endpoint.url}/`);
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return null;
      }
      if (target.origin !== base.origin || !target.pathname.startsWith(base.pathname) || target.search !== '' || target.username !== '') return null;
      const response = await client.stream(target.pathname.slice(base.pathname.length - 1), range ? { range } : {});
      if (!response) return null;
      const length = response.headers.get('content-length');
      return {
        status: response.status,
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        contentLength: length === null ? null : Number(length),
        contentRange: response.headers.get('content-range'),
        acceptRanges: response.headers.get('accept-ranges'),
        body: response.body,
      };
    },
  };
}
