import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Response } from 'express';

/**
 * Pipes a vendor's body (a fetch ReadableStream) into the answer as it comes, so a large file never sits in memory.
 * When either side goes away (the customer closes the tab, a player drops a range it no longer needs, the vendor
 * breaks off), the other is closed and nothing more is sent. The source gets an error listener of its own: undici
 * reports the aborted fetch on the source *after* `pipeline` has finished and removed its listeners, and an 'error'
 * without a listener ends the whole process (it did, in the e2e suite, when a video range was dropped).
 */
export async function streamToResponse(body: ReadableStream<Uint8Array> | Readable, res: Response): Promise<void> {
  const source = body instanceof Readable ? body : Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
  source.on('error', () => {});
  try {
    await pipeline(source, res);
  } catch {
    res.destroy();
  }
}

/** `Content-Disposition` of a download: an ASCII fallback name and the exact name (RFC 6266). */
export const attachment = (filename: string) => `attachment; filename="${filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
