import { randomUUID } from 'node:crypto';
import { JsonFile } from '../shared/json-store.ts';

/** One mail the sandbox SMTP server received. */
export interface StoredMail {
  id: string;
  /** ISO 8601 */
  receivedAt: string;
  /** The From header as written (`Name <address>`), else the envelope sender. */
  from: string;
  /** All envelope recipients (To, Cc and Bcc alike). */
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export type NewMail = Omit<StoredMail, 'id' | 'receivedAt'>;

const MAX_STORED_MAILS = 500;

function isStoredMail(value: unknown): value is StoredMail {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.id === 'string' &&
    typeof m.receivedAt === 'string' &&
    typeof m.from === 'string' &&
    Array.isArray(m.to) &&
    m.to.every((t) => typeof t === 'string') &&
    typeof m.subject === 'string' &&
    typeof m.text === 'string' &&
    typeof m.html === 'string'
  );
}

/**
 * Received mails, newest first, in memory and in a JSON file (sandbox/shared/json-store.ts) so they survive a
 * restart of the sandbox.
 */
export class MailStore {
  readonly #file: JsonFile<StoredMail[]>;
  #mails: StoredMail[];

  private constructor(file: JsonFile<StoredMail[]>, mails: StoredMail[]) {
    this.#file = file;
    this.#mails = mails;
  }

  static async open(file: string, log: (line: string) => void): Promise<MailStore> {
    const { store, saved } = await JsonFile.open(file, 'Mail', log, (json) =>
      Array.isArray(json) ? json.filter(isStoredMail).slice(0, MAX_STORED_MAILS) : undefined,
    );
    return new MailStore(store, saved ?? []);
  }

  /** Newest first; `to` filters by envelope recipient, case-insensitive. */
  list(filter: { to?: string } = {}): StoredMail[] {
    const to = filter.to?.trim().toLowerCase();
    if (!to) return [...this.#mails];
    return this.#mails.filter((mail) => mail.to.some((address) => address.toLowerCase() === to));
  }

  get(id: string): StoredMail | undefined {
    return this.#mails.find((mail) => mail.id === id);
  }

  async add(mail: NewMail): Promise<StoredMail> {
    const stored: StoredMail = { id: randomUUID(), receivedAt: new Date().toISOString(), ...mail };
    this.#mails = [stored, ...this.#mails].slice(0, MAX_STORED_MAILS);
    await this.#file.save(this.#mails);
    return stored;
  }

  async clear(): Promise<void> {
    this.#mails = [];
    await this.#file.save(this.#mails);
  }

  /** Resolves when every change so far is on disk. */
  flush(): Promise<void> {
    return this.#file.flush();
  }
}
