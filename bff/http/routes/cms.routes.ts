import { timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { Router } from 'express';
import { z } from 'zod';
import { CMS_MEDIA_PATH } from '../../adapters/strapi-content.ts';
import type { HelpService } from '../../domain/help/help.service.ts';
import type { Logger } from '../../logger.ts';

/** Under /api; listed in CSRF_EXEMPT_PATHS because Strapi authenticates with the shared secret instead. */
export const CMS_WEBHOOK_PATH = '/cms/webhook';

/** Strapi 5 webhook payload: `{ event: 'entry.publish', model: 'faq', uid: 'api::faq.faq', entry: {...} }`. */
const WebhookSchema = z.looseObject({ event: z.string(), model: z.string().optional() });

function sameSecret(header: string | undefined, secret: string): boolean {
  const expected = Buffer.from(`Bearer ${secret}`);
  const actual = Buffer.from(header ?? '');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Strapi's publish webhook: invalidates and reloads the affected cached content (authenticated by a shared secret). */
export function cmsWebhookRoutes(deps: { help: HelpService; secret: string; logger: Logger }): Router {
  const router = Router();
  router.post(CMS_WEBHOOK_PATH, async (req, res) => {
    if (!sameSecret(req.get('authorization'), deps.secret)) {
      deps.logger.warn('cms webhook with a wrong secret refused');
      res.status(401).json({ code: 'CMS.WEBHOOK_UNAUTHORIZED', message: 'Nicht berechtigt.' });
      return;
    }
    const payload = WebhookSchema.parse(req.body);
    const model = payload.model ?? (payload.event.startsWith('media.') ? 'file' : '');
    const keys = await deps.help.contentChanged(model);
    deps.logger.info('cms content changed', { event: payload.event, model, keys });
    res.status(204).end();
  });
  return router;
}

/**
 * CMS uploads served from the portal's origin (`/cms-media/<file>` -> Strapi `/uploads/<file>`), so pages keep a
 * strict `img-src 'self'` CSP and Strapi need not be public. Only plain file names pass.
 */
export function cmsMediaRoutes(deps: { strapiUrl: string }): Router {
  const router = Router();
  router.get(`${CMS_MEDIA_PATH}/:file`, async (req, res) => {
    const file = req.params.file;
    if (!/^[\w.-]+$/.test(file)) {
      res.status(404).end();
      return;
    }
    let upstream: Response;
    try {
      upstream = await fetch(`${deps.strapiUrl}/uploads/${file}`, { signal: AbortSignal.timeout(10_000) });
    } catch {
      res.status(503).end();
      return;
    }
    if (!upstream.ok || !upstream.body) {
      res.status(upstream.status === 404 ? 404 : 502).end();
      return;
    }
    res.set({
      'Content-Type': upstream.headers.get('content-type') ?? 'application/octet-stream',
      'Cache-Control': 'public, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
    if (!/^(image\/(png|jpeg|gif|webp|avif|svg\+xml)|video\/)/.test(res.get('Content-Type') ?? '')) {
      res.set('Content-Disposition', `attachment; filename="${file}"`);
    }
    Readable.fromWeb(upstream.body as never).pipe(res);
  });
  return router;
}
