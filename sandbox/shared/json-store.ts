import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where a stand-in keeps its state between restarts: one JSON file, read once at start and written after each change.
 * Writes are serialised and atomic (temp file + rename), so a crash never leaves half a file.
 */
export class JsonFile<T> {
  readonly #file: string;
  readonly #log: (line: string) => void;
  readonly #label: string;
  #writing: Promise<void> = Promise.resolve();

  private constructor(file: string, label: string, log: (line: string) => void) {
    this.#file = file;
    this.#label = label;
    this.#log = log;
  }

  /**
   * Opens the file and reads what it holds: `parse` turns the JSON into the state or returns undefined for an unknown
   * format. A missing file gives undefined silently, an unreadable or unknown one with a log line (`label` names the
   * stand-in in it); the stand-in then starts from its demo data.
   */
  static async open<T>(
    file: string,
    label: string,
    log: (line: string) => void,
    parse: (json: unknown) => T | undefined,
  ): Promise<{ store: JsonFile<T>; saved: T | undefined }> {
    await mkdir(path.dirname(file), { recursive: true });
    const store = new JsonFile<T>(file, label, log);
    let saved: T | undefined;
    try {
      saved = parse(JSON.parse(await readFile(file, 'utf8')));
      if (saved === undefined) log(`${label}: ${file} hat ein unbekanntes Format, starte mit den Demodaten`);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') log(`${label}: ${file} nicht lesbar, starte mit den Demodaten`);
    }
    return { store, saved };
  }

  /** Queues a write of this state; resolves when it (and every earlier one) is on disk or failed with a log line. */
  save(state: T): Promise<void> {
    const snapshot = JSON.stringify(state, null, 2);
    this.#writing = this.#writing.then(async () => {
      const tmp = `${this.#file}.${process.pid}.tmp`;
      try {
        await writeFile(tmp, snapshot);
        await rename(tmp, this.#file);
      } catch (err) {
        this.#log(`${this.#label}: Speichern fehlgeschlagen: ${(err as Error).message}`);
      }
    });
    return this.#writing;
  }

  /** Resolves when every change so far is on disk. */
  flush(): Promise<void> {
    return this.#writing;
  }
}
