import { Router } from 'express';
import * as z from 'zod/mini';
import {
  ANALYTICS_EVENT_PATH,
  AnalyticsEventSchema,
  CONSENT_COOKIE,
  CONSENT_PAGE,
  CONSENT_PATH,
  CONSENT_PURPOSES,
  ConsentFormSchema,
  encodeConsent,
  type ConsentChoice,
  type ConsentPurpose,
} from '../../contracts/consent.ts';
import { CommonErrors } from '../../contracts/errors.ts';
import { AppError } from '../../domain/errors.ts';
import { sameOriginPath } from '../../contracts/redirects.ts';
import { formActions, returnToOf, textField, withParams } from '../form-action.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';

/**
 * `POST /api/consent` (docs/consent.md): the banner's and the settings page's plain form. "Alle akzeptieren" and
 * "Alle ablehnen" are one press each; "custom" takes the purposes ticked. The choice goes into a strictly necessary
 * cookie (a year, with the purpose list's version), then back to the page.
 * `POST /api/event`: page and event analytics, forwarded to the analytics service only with the statistics consent,
 * without cookies and without the visitor's IP address.
 */
export function consentRoutes(deps: RouteDeps): Router {
  const { services, config, logger } = deps;
  const action = formActions(deps);
  const router = Router();
  const secure = config.publicUrl.startsWith('https://');

  router.post(
    CONSENT_PATH.replace(/^\/api/, ''),
    action({
      form: 'consent',
      page: (req) => withParams(CONSENT_PAGE, { returnTo: returnToOf(req, '/') }),
      keep: CONSENT_PURPOSES,
      input: (req) => {
        const fields = z.safeParse(ConsentFormSchema, req.body ?? {});
        if (!fields.success) throw new AppError(CommonErrors.VALIDATION);
        return fields.data;
      },
      run: async (fields, { res }) => {
        const { choice } = fields;
        const ticked = (name: ConsentPurpose) => choice === 'all' || (choice === 'custom' && fields[name] === 'on');
        const consent = Object.fromEntries(CONSENT_PURPOSES.map((name) => [name, ticked(name)])) as ConsentChoice;
        res.cookie(CONSENT_COOKIE, encodeConsent(consent), { httpOnly: true, sameSite: 'lax', secure, maxAge: 365 * 24 * 3_600_000, path: '/' });
        return consent;
      },
      done: (_consent, { req }) => sameOriginPath(textField(req, 'returnTo'), CONSENT_PAGE),
    }),
  );

  router.post(ANALYTICS_EVENT_PATH.replace(/^\/api/, ''), async (req, res) => {
    // Without the statistics consent nothing leaves the portal (the script is not even on the page then).
    if (!req.consent?.statistics) {
      res.status(204).end();
      return;
    }
    const event = z.safeParse(AnalyticsEventSchema, req.body);
    if (!event.success) throw new AppError(CommonErrors.VALIDATION);
    await services.analytics.record(event.data, req.get('user-agent') ?? '').catch((error: unknown) => logger.warn('analytics event not forwarded', { error }));
    res.status(202).end();
  });
  return router;
}

/** `GET /api/v1/internal/project/{id}/map`: the installation's map, only with the consent for external media. */
export function mapRoutes({ services }: RouteDeps): Router {
  const router = Router();
  router.get('/project/:id/map', async (req, res) => {
    if (!req.consent?.externalMedia) {
      res.status(403).json({ code: 'CONSENT.REQUIRED', message: 'Die Karte erscheint erst, wenn Du externe Medien erlaubst.' });
      return;
    }
    const id = z.parse(z.pipe(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), z.transform(Number)), req.params.id);
    const map = await services.consent.map(signedIn(req), id);
    res.type(map.contentType).set({ 'Cache-Control': 'private, max-age=3600', 'X-Content-Type-Options': 'nosniff' });
    res.end(Buffer.from(await new Response(map.body).arrayBuffer()));
  });
  return router;
}
