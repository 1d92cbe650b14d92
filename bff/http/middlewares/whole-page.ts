import type { Response } from 'express';

/**
 * A page answers in one write: a streamed page came chunk by chunk (dozens per page), and each chunk cost a
 * compression pass and a socket write of its own, a fifth of a page's CPU (docs/performance.md "The render"). Astro
 * now renders a page whole (`experimentalDisableStreaming`, astro.config.mjs) but still hands it over as a write and
 * an end, and an error page or a plugin may write more: the chunks are kept until the page ends and go to the
 * response (and its compression) as one buffer.
 */
export function wholePage(res: Response): void {
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const chunks: Buffer[] = [];
  const callbacks: (() => void)[] = [];
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null) return;
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  };
  const callbackOf = (rest: unknown[]) => rest.find((arg): arg is () => void => typeof arg === 'function');
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    // After the end (an error path), the response answers as Node would.
    if (res.writableEnded) return write(chunk, ...rest);
    keep(chunk, rest[0]);
    const callback = callbackOf(rest);
    if (callback) callbacks.push(callback);
    return true;
  }) as Response['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    res.write = write as Response['write'];
    res.end = end as Response['end'];
    if (typeof chunk === 'function') callbacks.push(chunk as () => void);
    else {
      keep(chunk, rest[0]);
      const callback = callbackOf(rest);
      if (callback) callbacks.push(callback);
    }
    const done = () => {
      for (const callback of callbacks) callback();
    };
    return chunks.length === 0 ? end(done) : end(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), done);
  }) as Response['end'];
}
