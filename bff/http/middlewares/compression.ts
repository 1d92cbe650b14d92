import compression from 'compression';
import type { RequestHandler } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import expressStaticGzip from 'express-static-gzip';
import { constants } from 'node:zlib';
import { nameRoute } from './observe-requests.ts';

/**
 * Compression for dynamic responses: brotli when the browser accepts it, else gzip, for every compressible
 * type (HTML, JSON, CSV, CSS, JS, SVG) from 1 KB on. Brotli quality 5: the quality/speed balance for per-request work
 * (11 is for build time). Streamed pages are flushed chunk by chunk, as Astro writes them.
 */
export function compressResponses(): RequestHandler {
  return compression({
    threshold: 1024,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
}

/**
 * The built site's files (dist/client): the `.br`/`.gz` copies the build wrote (site/integrations/precompress.ts) are
 * served as files when the browser accepts them, the original otherwise. Hashed assets never change (immutable for a
 * year); everything else in the public folder is revalidated.
 */
export function staticFiles(dir: string): RequestHandler {
  const serve = expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes('/_astro/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    },
  });
  // The build output does not change while the portal runs: knowing its files spares every page and API request the
  // file-system lookups (a stat per request, 4 % of a busy BFF's CPU) of looking for a file that is not there.
  const files = new Set(
    (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }) : [])
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`),
  );
  return (req, res, next) => {
    // express-static-gzip answers an unreadable address (`%ff`) with its own English 400; leave that to the portal's
    // German error page (it is no file anyway).
    try {
      if (!files.has(decodeURIComponent(req.path))) {
        next();
        return;
      }
    } catch {
      next();
      return;
    }
    nameRoute(res, 'static');
    serve(req, res, next);
  };
}
