import { Router, type Request, type Response } from 'express';
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
import { formActions, formFields, listField, redirect303, saveSession, textField } from '../form-action.ts';
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
  return { ...Object.fromEntries(BASE_DATA_FIELDS.map((name) => [name, textField(req, name)])), topics: listField(req, 'topics') };
}

/**
 * The lead's routes on the internal base (mount `account`; docs/funnel.md "The lead phase"): `PATCH user/lead/{id}`
 * (contact details, strict JSON) and its plain form, `PATCH user/lead/sales-rep-video/{fileUuid}` (LEAD_VIDEO_PLAYED)
 * with the video (GET, Range), its captions and the representative's photo streamed from the sales service, the
 * content and contact links (LEAD_CONTENT_CLICKED, SALES_PERSON_CONTACTED, then 303) and the tour's plain forms.
 * Only a lead may call them (a customer gets 403 `AUTH.LEADS_ONLY`).
 */
export function leadRoutes(deps: RouteDeps): Router {
  const { lead } = deps.services;
  const portalOrigin = new URL(deps.config.publicUrl).origin;
  const action = formActions(deps);
  const router = Router();

  router.patch(route(LEAD_ROUTES.lead), async (req, res) => {
    const user = signedInLead(req);
    const id = parse(LeadIdParam, req.params.id);
    const patch = parse(LeadPatchSchema, req.body ?? {});
    const saved = await lead.patchLead(user, id, patch);
    req.session.user = { ...user, firstName: saved.firstName, lastName: saved.lastName };
    await saveSession(req);
    res.json(saved);
  });

  /** The contact details' plain form (the base data form plus the topics); what was typed waits in the session. */
  router.post(
    route(LEAD_API.contactDetailsForm),
    action({
      form: 'base-data',
      page: LEAD_PAGES.contactDetails,
      keep: [...BASE_DATA_FIELDS, 'topics'],
      input: (req) => ({ leadId: parse(LeadIdParam, textField(req, 'leadId')), patch: parse(LeadPatchSchema, formPatch(req)) }),
      run: async ({ leadId, patch }, { req }) => {
        const user = signedInLead(req);
        const saved = await lead.patchLead(user, leadId, patch);
        req.session.user = { ...user, firstName: saved.firstName, lastName: saved.lastName };
        await saveSession(req);
        return saved;
      },
      done: () => `${LEAD_PAGES.dashboard}?done=CONTACT_DETAILS_SAVED`,
    }),
  );

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

  router.post(
    route(LEAD_API.tourForm),
    action({
      form: 'lead-tour',
      page: LEAD_PAGES.dashboard,
      input: (req) => parse(z.enum(LEAD_TOUR_STEPS), formFields(req).step),
      run: async (step, { req }) => {
        await lead.tourStep(signedInLead(req), step);
        return step;
      },
      done: (step) => afterTourStep(step),
    }),
  );

  return router;
}
