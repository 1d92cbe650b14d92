import type { NewsletterEvent } from '../contracts/newsletter.ts';

/** A newsletter contact as the marketing service knows it. */
export interface MarketingContact {
  email: string;
  status: 'PENDING' | 'SUBSCRIBED' | 'UNSUBSCRIBED';
  createdAt: string;
  doubleOptInConfirmedAt: string | null;
}

/**
 * The e-mail/SMS marketing service (newsletter contacts with double opt-in). Adapter:
 * adapters/marketing-service.http.ts. Every method rejects with UpstreamUnavailable when the service fails.
 */
export interface MarketingService {
  /** Null when the address is no contact. */
  contact(email: string): Promise<MarketingContact | null>;
  /** Sends the event; the service's automation subscribes (double opt-in mail) or unsubscribes. */
  sendEvent(event: { name: NewsletterEvent; email: string; userId: string; firstName: string; lastName: string }): Promise<void>;
  /** The contact moves to the customer's new address; an unknown contact is fine. */
  changeEmail(email: string, newEmail: string): Promise<void>;
  /** Deletes the contact and its history; an unknown contact is fine. */
  deleteContact(email: string): Promise<void>;
  /** The mails the service sent to the address (its transactional log: when, from whom, the subject; no content). */
  sentMails(email: string): Promise<{ sentAt: string; from: string; subject: string }[]>;
}
