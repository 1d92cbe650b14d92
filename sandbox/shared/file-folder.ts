import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The files a stand-in keeps beside its JSON index (json-store.ts): PDFs, photos, uploads, each under a name the index
 * holds. Written whole or streamed in with a size limit; a stream that fails leaves no file behind.
 */
export class FileFolder {
  readonly #dir: string;

  private constructor(dir: string) {
    this.#dir = dir;
  }

  static async open(dir: string): Promise<FileFolder> {
    await mkdir(dir, { recursive: true });
    return new FileFolder(dir);
  }

  path(name: string): string {
    return path.join(this.#dir, name);
  }

  read(name: string) {
    return createReadStream(this.path(name));
  }

  async write(name: string, bytes: Uint8Array): Promise<{ size: number; sha256: string }> {
    await writeFile(this.path(name), bytes);
    return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  /** Streams `body` to the file; more than `maxBytes` fails with `too_large` (the caller answers 413). */
  async receive(name: string, body: Readable, maxBytes: number): Promise<{ size: number; sha256: string }> {
    const hash = createHash('sha256');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new Error('too_large'));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(this.path(name)));
    } catch (error) {
      await this.remove(name);
      throw error;
    }
    return { size, sha256: hash.digest('hex') };
  }

  remove(name: string) {
    return rm(this.path(name), { force: true });
  }
}
