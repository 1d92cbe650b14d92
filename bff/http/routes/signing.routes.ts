import { Router, type Request } from 'express';
import * as z from 'zod/mini';
import { MY_PROJECT_PATH, STEP_PAGES } from '../../contracts/journey.ts';
import {
  CompleteQuerySchema,
  EnvelopeQuerySchema,
  InitiateBodySchema,
  SIGNING_PATHS,
  SigningErrors,
  SigningTypeQuerySchema,
} from '../../contracts/signing.ts';
import { AppError } from '../../domain/errors.ts';
import { SIGNING_STEP, isValidWebhookSignature } from '../../domain/signing/signing.service.ts';
import { formActions } from '../form-action.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedIn } from '../signed-in.ts';
import { EVENT_TOLERANCE_SECONDS, rawBodyOf } from '../webhook-signature.ts';

const ProjectIdParam = z.pipe(z.string().check(z.regex(/^[1-9]\d{0,14}$/)), z.transform(Number));
const EnvelopeIdParam = z.string().check(z.minLength(1), z.maxLength(100));
const projectIdOf = (req: Request) => z.parse(ProjectIdParam, req.params.projectId);
const envelopeIdOf = (req: Request) => z.parse(EnvelopeIdParam, req.params.envelopeId);
const route = (path: string) => `/${path}`;


/**
 * Embedded signing on the internal base (the five `embedded-signing` calls) plus the signed PDF. The
 * step pages use initiate as a plain form (no JavaScript): it answers 303 to the provider's signing page, or back to
 * the step page with `?error=<code>`.
 */
export function signingRoutes(deps: RouteDeps): Router {
  const { signing } = deps.services;
  const action = formActions(deps);
  const router = Router();

  router.get(route(SIGNING_PATHS.envelope), async (req, res) => {
    const { type } = z.parse(EnvelopeQuerySchema, req.query);
    res.json({ envelope: await signing.envelope(signedIn(req), projectIdOf(req), type) });
  });

  router.post(
    route(SIGNING_PATHS.initiate),
    action({
      form: 'signing',
      // The step page of the document (a query the plain form cannot have lands on the project page).
      page: (req) => {
        const query = z.safeParse(SigningTypeQuerySchema, req.query);
        return query.success ? STEP_PAGES[SIGNING_STEP[query.data.documentType]] : MY_PROJECT_PATH;
      },
      keep: ['representative'],
      fieldOf: { [SigningErrors.REPRESENTATIVE_REQUIRED.code]: 'representative' },
      input: (req, { plain }) => {
        const { documentType } = z.parse(SigningTypeQuerySchema, req.query);
        const body = z.safeParse(InitiateBodySchema, req.body ?? {});
        if (!body.success) {
          if (plain) throw new AppError(SigningErrors.REPRESENTATIVE_REQUIRED);
          throw body.error;
        }
        return { documentType, body: body.data };
      },
      run: ({ documentType, body }, { req }) => signing.initiate(signedIn(req), projectIdOf(req), documentType, body),
      // The provider's page is another origin: a plain 303, not the portal's own-origin rule.
      done: ({ url }) => new URL(url),
    }),
  );

  router.post(route(SIGNING_PATHS.complete), async (req, res) => {
    const { documentType, envelopeId } = z.parse(CompleteQuerySchema, req.query);
    res.json(await signing.complete(signedIn(req), projectIdOf(req), documentType, envelopeId));
  });

  router.put(route(SIGNING_PATHS.byId), async (req, res) => {
    res.json(await signing.refresh(signedIn(req), projectIdOf(req), envelopeIdOf(req)));
  });

  router.delete(route(SIGNING_PATHS.byId), async (req, res) => {
    res.json({ envelope: await signing.void(signedIn(req), projectIdOf(req), envelopeIdOf(req)) });
  });

  router.get(route(SIGNING_PATHS.document), async (req, res) => {
    const { pdf, filename } = await signing.document(signedIn(req), projectIdOf(req), envelopeIdOf(req));
    res
      .type('application/pdf')
      .set('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
      .set('X-Content-Type-Options', 'nosniff')
      .send(Buffer.from(pdf));
  });

  return router;
}

const WebhookSchema = z.looseObject({ event: z.string(), generatedDateTime: z.optional(z.string()), data: z.looseObject({ envelopeId: z.string().check(z.minLength(1)) }) });

/**
 * Connect signs the whole body, and the body says when it was made (`generatedDateTime`): so the signature covers
 * that time, and a captured call sent again after five minutes is refused like the other vendors' webhooks.
 */
function isFresh(generatedDateTime: string | undefined, nowMs = Date.now()): boolean {
  const made = generatedDateTime ? Date.parse(generatedDateTime) : Number.NaN;
  return Number.isFinite(made) && Math.abs(nowMs - made) <= EVENT_TOLERANCE_SECONDS * 1000;
}

/**
 * The e-signature provider's completion webhook (DocuSign Connect): a machine caller, checked by the HMAC of the raw
 * body (`X-DocuSign-Signature-1`) instead of a session, and by the signed body's time; a forged, unsigned or old call
 * answers 401. A valid one only makes the portal ask the provider for the envelope's status.
 */
export function esignWebhookRoutes({ services: { signing }, config, logger }: RouteDeps): Router {
  const router = Router();
  router.post(SIGNING_PATHS.webhook.replace(/^\/api/, ''), async (req, res) => {
    if (!isValidWebhookSignature(config.ESIGN_WEBHOOK_SECRET, rawBodyOf(req), req.get('x-docusign-signature-1'))) {
      logger.warn('esign webhook with a wrong signature refused');
      const { code, message, status } = SigningErrors.WEBHOOK_UNAUTHORIZED;
      res.status(status).json({ code, message });
      return;
    }
    const payload = z.parse(WebhookSchema, req.body);
    if (!isFresh(payload.generatedDateTime)) {
      logger.warn('esign webhook with an old or missing time refused', { event: payload.event });
      const { code, message, status } = SigningErrors.WEBHOOK_UNAUTHORIZED;
      res.status(status).json({ code, message });
      return;
    }
    const outcome = await signing.webhook(payload.data.envelopeId);
    logger.info('esign webhook', { event: payload.event, envelopeId: payload.data.envelopeId, outcome });
    res.status(204).end();
  });
  return router;
}
