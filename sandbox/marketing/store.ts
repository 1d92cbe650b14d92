import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { JsonFile } from '../shared/json-store.ts';

/** Subscription state of a contact: a new subscriber is PENDING until they confirm the double opt-in mail. */
export type SubscriptionStatus = 'PENDING' | 'SUBSCRIBED' | 'UNSUBSCRIBED';
export const NEWSLETTER_EVENTS = ['newsletter_subscribed', 'newsletter_unsubscribed'] as const;
export type NewsletterEvent = (typeof NEWSLETTER_EVENTS)[number];

export interface Contact {
  id: string;
  email: string;
  /** The portal's user id (Brevo: `ext_id`). */
  extId: string | null;
  attributes: { FIRSTNAME: string; LASTNAME: string };
  status: SubscriptionStatus;
  createdAt: string;
  updatedAt: string;
  doubleOptInSentAt: string | null;
  doubleOptInConfirmedAt: string | null;
  unsubscribedAt: string | null;
}

export interface ReceivedEvent {
  id: string;
  name: NewsletterEvent;
  email: string;
  receivedAt: string;
}

interface State {
  version: 1;
  contacts: Contact[];
  events: ReceivedEvent[];
  /** sha256(token) -> contact id; the double opt-in links, single use, 7 days. */
  optIns: { hash: string; contactId: string; expiresAt: string }[];
  /** The mails the service sent (its transactional log; absent in files of older sandboxes). */
  mails?: SentMail[];
}

/** A mail the service sent a contact, as its transactional log keeps it (no content). */
export interface SentMail {
  messageId: string;
  email: string;
  subject: string;
  from: string;
  sentAt: string;
}

const DOI_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const normalise = (email: string) => email.trim().toLowerCase();
const empty = (): State => ({ version: 1, contacts: [], events: [], optIns: [], mails: [] });

/**
 * The marketing service's contacts and the events it received (kept in `marketing.json` under the sandbox's data
 * folder). Events drive the automation a real service would run: `newsletter_subscribed` makes the contact PENDING
 * and asks for a double opt-in mail (unless already subscribed), `newsletter_unsubscribed` unsubscribes at once.
 */
export class MarketingStore {
  #state: State;
  readonly #file: JsonFile<State>;

  private constructor(file: JsonFile<State>, state: State) {
    this.#file = file;
    this.#state = state;
  }

  static async open(dataDir: string, log: (line: string) => void): Promise<MarketingStore> {
    const { store, saved } = await JsonFile.open<State>(path.join(dataDir, 'marketing.json'), 'Marketing', log, (json) =>
      (json as { version?: unknown } | null)?.version === 1 ? (json as State) : undefined,
    );
    return new MarketingStore(store, saved ?? empty());
  }

  contact(email: string): Contact | undefined {
    return this.#state.contacts.find((c) => c.email === normalise(email));
  }

  contacts(): readonly Contact[] {
    return this.#state.contacts;
  }

  events(): readonly ReceivedEvent[] {
    return this.#state.events;
  }

  /** The mails sent to an address, oldest first. */
  mails(email: string): readonly SentMail[] {
    return (this.#state.mails ?? []).filter((m) => m.email === normalise(email));
  }

  async recordMail(mail: Omit<SentMail, 'messageId' | 'sentAt'>, now = new Date()): Promise<void> {
    this.#state.mails = [...(this.#state.mails ?? []), { ...mail, email: normalise(mail.email), messageId: `<${randomUUID()}@marketing.sandbox>`, sentAt: now.toISOString() }];
    await this.#file.save(this.#state);
  }

  /** Applies a newsletter event; answers the double opt-in token when a confirmation mail is due. */
  async applyEvent(input: { name: NewsletterEvent; email: string; extId: string | null; firstName: string; lastName: string }, now = new Date()): Promise<{ contact: Contact; optInToken: string | null }> {
    const email = normalise(input.email);
    const at = now.toISOString();
    let contact = this.contact(email);
    if (!contact) {
      contact = {
        id: randomUUID(),
        email,
        extId: input.extId,
        attributes: { FIRSTNAME: input.firstName, LASTNAME: input.lastName },
        status: 'UNSUBSCRIBED',
        createdAt: at,
        updatedAt: at,
        doubleOptInSentAt: null,
        doubleOptInConfirmedAt: null,
        unsubscribedAt: null,
      };
      this.#state.contacts.push(contact);
    }
    this.#state.events.push({ id: randomUUID(), name: input.name, email, receivedAt: at });
    let optInToken: string | null = null;
    if (input.name === 'newsletter_subscribed') {
      if (contact.status !== 'SUBSCRIBED') {
        contact.status = 'PENDING';
        contact.doubleOptInSentAt = at;
        optInToken = randomBytes(24).toString('base64url');
        this.#state.optIns = this.#state.optIns.filter((o) => o.contactId !== contact.id);
        this.#state.optIns.push({ hash: sha256(optInToken), contactId: contact.id, expiresAt: new Date(now.getTime() + DOI_TTL_MS).toISOString() });
      }
    } else {
      contact.status = 'UNSUBSCRIBED';
      contact.unsubscribedAt = at;
      this.#state.optIns = this.#state.optIns.filter((o) => o.contactId !== contact.id);
    }
    contact.updatedAt = at;
    await this.#file.save(this.#state);
    return { contact, optInToken };
  }

  /** The contact a double opt-in token belongs to, if it still works. */
  optInContact(token: string, now = new Date()): Contact | undefined {
    const entry = this.#state.optIns.find((o) => o.hash === sha256(token));
    if (!entry || new Date(entry.expiresAt) <= now) return undefined;
    return this.#state.contacts.find((c) => c.id === entry.contactId);
  }

  async confirmOptIn(token: string, now = new Date()): Promise<Contact | undefined> {
    const contact = this.optInContact(token, now);
    this.#state.optIns = this.#state.optIns.filter((o) => o.hash !== sha256(token));
    if (!contact) return undefined;
    contact.status = 'SUBSCRIBED';
    contact.doubleOptInConfirmedAt = now.toISOString();
    contact.updatedAt = now.toISOString();
    await this.#file.save(this.#state);
    return contact;
  }

  /** A changed address (the customer changed their portal e-mail); false when unknown, 'conflict' when taken. */
  async changeEmail(email: string, newEmail: string): Promise<boolean | 'conflict'> {
    const contact = this.contact(email);
    if (!contact) return false;
    if (this.contact(newEmail)) return 'conflict';
    contact.email = normalise(newEmail);
    contact.updatedAt = new Date().toISOString();
    await this.#file.save(this.#state);
    return true;
  }

  /** Deletes a contact and its events (GDPR erasure); false when unknown. */
  async remove(email: string): Promise<boolean> {
    const contact = this.contact(email);
    if (!contact) return false;
    this.#state.contacts = this.#state.contacts.filter((c) => c !== contact);
    this.#state.events = this.#state.events.filter((e) => e.email !== contact.email);
    this.#state.mails = (this.#state.mails ?? []).filter((m) => m.email !== contact.email);
    this.#state.optIns = this.#state.optIns.filter((o) => o.contactId !== contact.id);
    await this.#file.save(this.#state);
    return true;
  }

  async reset(): Promise<void> {
    this.#state = empty();
    await this.#file.save(this.#state);
  }

  flush(): Promise<void> {
    return this.#file.flush();
  }
}
