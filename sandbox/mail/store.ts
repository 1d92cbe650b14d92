import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

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

export const MAX_STORED_MAILS = 500;

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
 * Received mails, newest first, in memory and in a JSON file so they survive a restart of the sandbox.
 * Writes are serialised and atomic (temp file + rename).
 */
export class MailStore {
  readonly #file: string;
  readonly #log: (line: string) => void;
  #mails: StoredMail[];
  #writing: Promise<void> = Promise.resolve();

  private constructor(file: string, mails: StoredMail[], log: (line: string) => void) {
    this.#file = file;
    this.#mails = mails;
    this.#log = log;
  }

  static async open(file: string, log: (line: string) => void): Promise<MailStore> {
    await mkdir(path.dirname(file), { recursive: true });
    let mails: StoredMail[] = [];
    try {
      const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
      if (Array.isArray(parsed)) mails = parsed.filter(isStoredMail).slice(0, MAX_STORED_MAILS);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') log(`Mail: ${file} nicht lesbar, starte leer`);
    }
    return new MailStore(file, mails, log);
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
    await this.#persist();
    return stored;
  }

  async clear(): Promise<void> {
    this.#mails = [];
    await this.#persist();
  }

  /** Resolves when every change so far is on disk. */
  flush(): Promise<void> {
    return this.#writing;
  }

  #persist(): Promise<void> {
    const snapshot = JSON.stringify(this.#mails);
    this.#writing = this.#writing.then(async () => {
      const tmp = `${this.#file}.${process.pid}.tmp`;
      try {
        await writeFile(tmp, snapshot);
        await rename(tmp, this.#file);
      } catch (err) {
        this.#log(`Mail: Speichern fehlgeschlagen: ${(err as Error).message}`);
      }
    });
    return this.#writing;
  }
}
