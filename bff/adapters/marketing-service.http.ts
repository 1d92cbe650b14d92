import { z } from 'zod';
import type { ServiceEndpoint } from '../config.ts';
import type { MarketingService } from '../ports/marketing-service.ts';
import { createJsonClient } from './json-client.ts';

const ContactSchema = z.object({
  email: z.string(),
  subscriptionStatus: z.enum(['PENDING', 'SUBSCRIBED', 'UNSUBSCRIBED']),
  createdAt: z.string(),
  doubleOptInConfirmedAt: z.string().nullable().default(null),
});

const SentMailsSchema = z.object({
  transactionalEmails: z.array(z.object({ subject: z.string(), date: z.string(), from: z.string().default('') })).default([]),
});

/** MarketingService over the marketing service's REST API (Brevo-like, header `api-key`); the sandbox serves the same. */
export function createHttpMarketingService(endpoint: ServiceEndpoint): MarketingService {
  const client = createJsonClient(endpoint);
  const contact = (email: string) => `/contacts/${encodeURIComponent(email)}`;
  return {
    async contact(email) {
      const found = await client.request(contact(email), { schema: ContactSchema, nullOn404: true });
      return found ? { email: found.email, status: found.subscriptionStatus, createdAt: found.createdAt, doubleOptInConfirmedAt: found.doubleOptInConfirmedAt } : null;
    },
    async sendEvent(event) {
      await client.request('/events', {
        method: 'POST',
        json: {
          event_name: event.name,
          identifiers: { email_id: event.email, ext_id: event.userId },
          contact_properties: { FIRSTNAME: event.firstName.slice(0, 100), LASTNAME: event.lastName.slice(0, 100) },
        },
      });
    },
    async changeEmail(email, newEmail) {
      await client.request(contact(email), { method: 'PUT', json: { attributes: { EMAIL: newEmail } }, nullOn404: true });
    },
    async deleteContact(email) {
      await client.request(contact(email), { method: 'DELETE', nullOn404: true });
    },
    async sentMails(email) {
      const log = await client.request(`/smtp/emails?${new URLSearchParams({ email })}`, { schema: SentMailsSchema });
      return log.transactionalEmails.map((m) => ({ sentAt: m.date, from: m.from, subject: m.subject }));
    },
  };
}
