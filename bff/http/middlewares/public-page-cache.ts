import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { consentKey } from './consent.ts';
import type { Request, RequestHandler, Response } from 'express';
import type { RouteTable } from '../../contracts/routes.ts';

interface Entry {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
  storedAt: number;
  /** Compressed copies, made on first demand and kept with the entry (no compression work per request). */
  encoded: { br?: Buffer; gzip?: Buffer };
}

/** The encoding to answer with: brotli before gzip, as the browser accepts them. */
function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

function encoded(entry: Entry, encoding: 'br' | 'gzip'): Buffer {
  entry.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      : gzipSync(entry.body, { level: 9 });
  return entry.encoded[encoding];
}

/** Kept headers of a rendered page (the CSP carries the page's script and style hashes). */
const KEPT_HEADERS = ['content-type', 'content-security-policy', 'content-language'];

export interface PublicPageCacheOptions {
  /** The version of the content the pages are built from; a change empties the cache (the CMS webhook bumps it). */
  contentVersion: () => number;
  /** The route table: which pages are marked `publicCache`. */
  routes: RouteTable;
  /** Safety net for content refreshed without a webhook. */
  maxAgeMs?: number;
  /** Distinct addresses kept (`?q=` searches make many); the oldest go first. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * HTML cache of public pages: a signed-out GET of a route with `publicCache` (help, privacy policy) is
 * rendered once per content version, language and address and then served from memory, with a strong ETag (304 for a
 * browser that has it) and a Cache-Control a shared cache may use. Signed-in visitors always get a fresh render.
 */
export function publicPageCache(options: PublicPageCacheOptions): RequestHandler {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 500;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let version = options.contentVersion();

  const send = (req: Request, res: Response, entry: Entry, hit: boolean) => {
    res.set(entry.headers);
    res.set({
      ETag: entry.etag,
      'Cache-Control': 'public, max-age=0, s-maxage=60, must-revalidate',
      // The language comes from a cookie, and the answer is compressed per client.
      Vary: 'Accept-Encoding, Cookie',
      'X-Page-Cache': hit ? 'hit' : 'miss',
    });
    if (hit && req.get('if-none-match') === entry.etag) {
      res.status(304).end();
      return;
    }
    const encoding = entry.body.length >= 1024 ? encodingFor(req.get('accept-encoding')) : null;
    const body = encoding ? encoded(entry, encoding) : entry.body;
    // With Content-Encoding set, the compression middleware leaves the answer alone.
    if (encoding) res.set('Content-Encoding', encoding);
    res.set('Content-Length', String(body.length));
    res.status(entry.status).end(req.method === 'HEAD' ? undefined : body);
  };

  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.session?.user || options.routes.routeOf(req.path)?.publicCache !== true) {
      next();
      return;
    }
    if (options.contentVersion() !== version) {
      version = options.contentVersion();
      entries.clear();
    }
    // The banner and what runs after consent differ per choice (docs/consent.md).
    const key = `${req.language}:${consentKey(req.consent)}:${req.originalUrl}`;
    const cached = entries.get(key);
    if (cached && now() - cached.storedAt < maxAgeMs) {
      send(req, res, cached, true);
      return;
    }

    // Render once: collect what the page handler writes, store a 200, then answer from the stored copy.
    const chunks: Buffer[] = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    const writeHead = res.writeHead.bind(res);
    // Astro's node handler sends its head with writeHead: keep status and headers on the response instead, so the
    // cached copy can be answered with its ETag.
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      res.statusCode = status;
      const headers = rest.find((arg) => typeof arg === 'object' && arg !== null) as Record<string, string | string[]> | undefined;
      for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) res.setHeader(name, value);
      return res;
    }) as Response['writeHead'];
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk !== undefined && chunk !== null) chunks.push(Buffer.from(chunk as Buffer));
      const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as Buffer));
      res.write = write;
      res.end = end;
      res.writeHead = writeHead;
      const body = Buffer.concat(chunks);
      const headers = Object.fromEntries(
        KEPT_HEADERS.flatMap((name) => {
          const value = res.getHeader(name);
          return value === undefined ? [] : [[name, String(value)]];
        }),
      );
      const entry: Entry = {
        status: res.statusCode,
        headers,
        body,
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        storedAt: now(),
        encoded: {},
      };
      if (res.statusCode === 200) {
        entries.delete(key);
        entries.set(key, entry);
        while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
        send(req, res, entry, false);
      } else {
        end(body);
      }
      const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      callback?.();
      return res;
    }) as Response['end'];
    next();
  };
}
