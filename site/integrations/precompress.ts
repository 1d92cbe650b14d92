import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { AstroIntegration } from 'astro';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text formats the browser fetches from dist/client. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;
/** Below this a compressed copy saves less than the header costs. */
export const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip, best) next to every compressible file; returns the count. */
export async function precompress(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  let count = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const content = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    count += 1;
    bytes += content.length;
    brotliBytes += br.length;
  }
  return { files: count, bytes, brotliBytes };
}

/**
 * Astro integration: after `astro build`, every hashed asset (and the other text files of dist/client) gets brotli and
 * gzip copies, so the BFF serves them as files (express-static-gzip) instead of compressing on every request.
 */
export function precompressIntegration(): AstroIntegration {
  return {
    name: 'kundenportal:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const client = fileURLToPath(dir);
        const result = await precompress(client);
        const kb = (n: number) => `${Math.round(n / 1024)} KB`;
        logger.info(`${result.files} files precompressed (${kb(result.bytes)} → ${kb(result.brotliBytes)} brotli)`);
      },
    },
  };
}
