import express, { Router, type Request, type Response } from 'express';
import * as z from 'zod/mini';
import { CommonErrors } from '../../contracts/errors.ts';
import {
  ContactMethodParam,
  FileUuidParam,
  LEAD_API,
  LEAD_PAGES,
  LEAD_ROUTES,
  LEAD_TOUR_STEPS,
  LeadIdParam,
  LeadPatchSchema,
  LeadTopicParam,
  VideoPlayedSchema,
} from '../../contracts/lead.ts';
import { BASE_DATA_FIELDS } from '../../contracts/onboarding.ts';
import { AppError } from '../../domain/errors.ts';
import { afterTourStep } from '../../domain/lead/lead.service.ts';
import type { SalesMedia } from '../../ports/sales-service.ts';
import { answerForm, fieldsOf, redirect303, saveSession } from '../form-answers.ts';
import { withFormFlash } from '../form-flash.ts';
import { isOwnNavigation } from '../middlewares/csrf.ts';
import type { RouteDeps } from '../route-deps.ts';
import { signedInLead } from '../signed-in.ts';
import { streamToResponse } from '../stream-response.ts';

const route = (path: string) => `/${path}`;
const parse = <T>(schema: z.ZodMiniType<T>, value: unknown): T => {
  const parsed = z.safeParse(schema, value);
  if (!parsed.success) throw new AppError(CommonErrors.VALIDATION);
  return parsed.data;
};

/**
 * A file of the sales service passed through (docs/files.md, downloads): status and range headers as the service
 * answered them (206 with Content-Range for a range, so the player can seek), nosniff, private caching.
 */
async function sendMedia(res: Response, file: SalesMedia) {
  res.status(file.status).type(file.contentType).set({ 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, max-age=3600' });
  if (file.contentLength !== null) res.set('Content-Length', String(file.contentLength));
  if (file.contentRange) res.set('Content-Range', file.contentRange);
  if (file.acceptRanges) res.set('Accept-Ranges', file.acceptRanges);
  if (!file.body) {
    res.end();
    return;
  }
  await streamToResponse(file.body, res);
}

/** An address outside the portal (tel:, mailto:, WhatsApp): a 303 without a body. */
const leaveTo = (res: Response, target: string) => res.status(303).location(target).end();

/** The form's fields: exactly the contact details' own (mass assignment), `topics` possibly repeated. */
function formPatch(req: Request): Record<string, unknown> {
  const fields = fieldsOf(req);
  const patch: Record<string, unknown> = Object.fromEntries(BASE_DATA_FIELDS.map((name) => [name, typeof fields[name] === 'string' ? fields[name] : '']));
  const topics = fields.topics;
  patch.topics = Array.isArray(topics) ? topics.filter((t) => typeof t === 'string') : typeof topics === 'string' ? [topics] : [];
  return patch;
}

/**
 * The lead's routes on the internal base (mount `account`; issue 18 phase B, spec section 7): `PATCH user/lead/{id}`
 * (contact details, strict JSON) and its plain form, `PATCH user/lead/sales-rep-video/{fileUuid}` (LEAD_VIDEO_PLAYED)
 * with the video (GET, Range), its captions and the representative's photo streamed from the sales service, the
 * content and contact links (LEAD_CONTENT_CLICKED, SALES_PERSON_CONTACTED, then 303) and the tour's plain forms.
 * Only a lead may call them (a customer gets 403 `AUTH.LEADS_ONLY`).
 */
export function leadRoutes({ services: { lead }, config }: RouteDeps): Router {
  const portalOrigin = new URL(config.publicUrl).origin;
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 40 });

  router.patch(route(LEAD_ROUTES.lead), async (req, res) => {
    const user = signedInLead(req);
    const id = parse(LeadIdParam, req.params.id);
    const patch = parse(LeadPatchSchema, req.body ?? {});
    const saved = await lead.patchLead(user, id, patch);
    req.session.user = { ...user, firstName: saved.firstName, lastName: saved.lastName };
    await saveSession(req);
    res.json(saved);
  });

  router.post(route(LEAD_API.contactDetailsForm), form, async (req, res) => {
    const user = signedInLead(req);
    const fields = fieldsOf(req);
    const patch = formPatch(req);
    // What was typed waits in the session for the page (the form flash), never in the redirect's address.
    const typed = { ...Object.fromEntries(BASE_DATA_FIELDS.map((name) => [name, String(patch[name] ?? '')])), topics: (patch.topics as string[]).join(',') };
    await answerForm(res, LEAD_PAGES.contactDetails, () =>
      withFormFlash(req, LEAD_PAGES.contactDetails, typed, async () => {
        const leadId = parse(LeadIdParam, typeof fields.leadId === 'string' ? fields.leadId : '');
        const saved = await lead.patchLead(user, leadId, parse(LeadPatchSchema, patch));
        req.session.user = { ...user, firstName: saved.firstName, lastName: saved.lastName };
        await saveSession(req);
        return `${LEAD_PAGES.dashboard}?done=CONTACT_DETAILS_SAVED`;
      }),
    );
  });

  router.patch(route(LEAD_ROUTES.video), async (req, res) => {
    parse(VideoPlayedSchema, req.body ?? {});
    await lead.videoPlayed(signedInLead(req), parse(FileUuidParam, req.params.fileUuid));
    res.status(204).end();
  });

  router.get(route(LEAD_ROUTES.video), async (req, res) => {
    const range = req.get('range');
    await sendMedia(res, await lead.video(signedInLead(req), parse(FileUuidParam, req.params.fileUuid), range && range.length <= 100 ? range : undefined));
  });

  router.get(route(LEAD_ROUTES.captions), async (req, res) => {
    await sendMedia(res, await lead.captions(signedInLead(req), parse(FileUuidParam, req.params.fileUuid)));
  });

  router.get(route(LEAD_API.photo), async (req, res) => {
    await sendMedia(res, await lead.photo(signedInLead(req)));
  });

  // A plain link through the BFF (0 bytes of JavaScript on the dashboard): logged, then on to the content page. GETs
  // below /api are never prefetched (speculation rules), and a link or image on another site leads on without being
  // logged (isOwnNavigation), so only a real click on the portal counts.
  router.get(route(LEAD_ROUTES.content), async (req, res) => {
    const target = await lead.contentClicked(signedInLead(req), parse(LeadTopicParam, req.params.topic), isOwnNavigation(req, portalOrigin));
    redirect303(res, target, LEAD_PAGES.dashboard);
  });

  router.get(route(LEAD_ROUTES.contact), async (req, res) => {
    leaveTo(res, await lead.contacted(signedInLead(req), parse(ContactMethodParam, req.params.method), isOwnNavigation(req, portalOrigin)));
  });

  router.post(route(LEAD_API.tourForm), form, async (req, res) => {
    const user = signedInLead(req);
    const step = parse(z.enum(LEAD_TOUR_STEPS), fieldsOf(req).step);
    await lead.tourStep(user, step);
    redirect303(res, afterTourStep(step), LEAD_PAGES.dashboard);
  });

  return router;
}
