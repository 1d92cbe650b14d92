import { timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { CMS_MEDIA_PATH, HELP_PATHS } from '../../contracts/help.ts';
import type { RouteDeps } from '../route-deps.ts';
import { streamToResponse } from '../stream-response.ts';

/** Strapi 5 webhook payload: `{ event: 'entry.publish', model: 'faq', uid: 'api::faq.faq', entry: {...} }`. */
const WebhookSchema = z.looseObject({ event: z.string(), model: z.string().optional() });

function sameSecret(header: string | undefined, secret: string): boolean {
  const expected = Buffer.from(`Bearer ${secret}`);
  const actual = Buffer.from(header ?? '');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Strapi's publish webhook (a machine caller, authenticated by the shared secret instead of a session and the CSRF
 * header): invalidates and reloads the affected cached content.
 */
export function cmsWebhookRoutes({ services: { help }, config, logger }: RouteDeps): Router {
  const router = Router();
  router.post(HELP_PATHS.cmsWebhook.replace(/^\/api/, ''), async (req, res) => {
    if (!sameSecret(req.get('authorization'), config.CMS_WEBHOOK_SECRET)) {
      logger.warn('cms webhook with a wrong secret refused');
      res.status(401).json({ code: 'CMS.WEBHOOK_UNAUTHORIZED', message: 'Nicht berechtigt.' });
      return;
    }
    const payload = WebhookSchema.parse(req.body);
    const model = payload.model ?? (payload.event.startsWith('media.') ? 'file' : '');
    const keys = await help.contentChanged(model);
    logger.info('cms content changed', { event: payload.event, model, keys });
    res.status(204).end();
  });
  return router;
}

/** What /cms-media hands out: media (images, audio, video, captions) and PDFs, never a page or a script. */
const MEDIA_TYPE = /^(image\/(png|jpeg|gif|webp|avif|svg\+xml)|video\/[\w.+-]+|audio\/[\w.+-]+|text\/vtt|application\/pdf)(;|$)/i;
/** Shown in place (the rest is a download). */
const INLINE_TYPE = /^(image\/(png|jpeg|gif|webp|avif|svg\+xml)|video\/|audio\/|text\/vtt)/i;

/**
 * CMS uploads served from the portal's origin (`/cms-media/<file>` -> Strapi `/uploads/<file>`), so pages keep a
 * strict `img-src 'self'` CSP and Strapi need not be public. Only plain file names pass (no dot-only names such as
 * `..`, no hidden files), a redirect of Strapi is never followed, and only media types are handed out: anything
 * else (Strapi's admin page, an uploaded HTML file) answers 404 like a missing file.
 */
export function cmsMediaRoutes({ services: { help } }: RouteDeps): Router {
  const router = Router();
  router.get(`${CMS_MEDIA_PATH}/:file`, async (req, res) => {
    const file = req.params.file;
    if (!/^[\w-][\w.-]*$/.test(file)) {
      res.status(404).end();
      return;
    }
    let media;
    try {
      media = await help.media(file);
    } catch {
      res.status(503).end();
      return;
    }
    if (!media || !MEDIA_TYPE.test(media.contentType)) {
      if (media) await media.body.cancel().catch(() => undefined);
      res.status(404).end();
      return;
    }
    res.set({
      'Content-Type': media.contentType,
      'Cache-Control': 'public, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
    if (!INLINE_TYPE.test(media.contentType)) {
      res.set('Content-Disposition', `attachment; filename="${file}"`);
    }
    await streamToResponse(media.body, res);
  });
  return router;
}
