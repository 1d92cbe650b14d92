import { randomUUID } from 'node:crypto';
import { JsonFile } from '../shared/json-store.ts';

/** One SMS the gateway accepted (a batch to one recipient). */
export interface StoredSms {
  id: string;
  /** The batch id the API answered. */
  batchId: string;
  receivedAt: string;
  from: string;
  /** E.164 with `+`. */
  to: string;
  body: string;
}

const MAX_STORED_SMS = 500;

const isStoredSms = (value: unknown): value is StoredSms => {
  const m = value as Record<string, unknown> | null;
  return !!m && typeof m.id === 'string' && typeof m.batchId === 'string' && typeof m.to === 'string' && typeof m.body === 'string' && typeof m.receivedAt === 'string' && typeof m.from === 'string';
};

/** Sent SMS, newest first, kept in `<dataDir>/sms.json` so they survive a restart (like the mailbox). */
export class SmsStore {
  readonly #file: JsonFile<StoredSms[]>;
  #messages: StoredSms[];

  private constructor(file: JsonFile<StoredSms[]>, messages: StoredSms[]) {
    this.#file = file;
    this.#messages = messages;
  }

  static async open(file: string, log: (line: string) => void): Promise<SmsStore> {
    const { store, saved } = await JsonFile.open(file, 'SMS', log, (json) => (Array.isArray(json) ? json.filter(isStoredSms).slice(0, MAX_STORED_SMS) : undefined));
    return new SmsStore(store, saved ?? []);
  }

  /** Newest first; `to` filters by recipient (E.164, with or without `+`). */
  list(filter: { to?: string | undefined } = {}): StoredSms[] {
    const to = filter.to?.replace(/[^\d]/g, '');
    return to ? this.#messages.filter((sms) => sms.to.replace(/[^\d]/g, '') === to) : [...this.#messages];
  }

  async add(batch: { from: string; to: string[]; body: string }): Promise<{ batchId: string; messages: StoredSms[] }> {
    const batchId = randomUUID().replaceAll('-', '').slice(0, 26).toUpperCase();
    const receivedAt = new Date().toISOString();
    const messages = batch.to.map((to) => ({ id: randomUUID(), batchId, receivedAt, from: batch.from, to: to.startsWith('+') ? to : `+${to}`, body: batch.body }));
    this.#messages = [...messages, ...this.#messages].slice(0, MAX_STORED_SMS);
    await this.#file.save(this.#messages);
    return { batchId, messages };
  }

  byBatch(batchId: string): StoredSms[] {
    return this.#messages.filter((sms) => sms.batchId === batchId);
  }

  async clear(): Promise<void> {
    this.#messages = [];
    await this.#file.save(this.#messages);
  }

  flush(): Promise<void> {
    return this.#file.flush();
  }
}
