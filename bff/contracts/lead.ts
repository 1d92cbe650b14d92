import * as z from 'zod/mini';
import { defineErrors } from './errors.ts';
import { LEAD_CONTENT_TOPICS, type LeadContentTopic } from './funnel.ts';
import { ImageSchema, RichTextSchema } from './help.ts';
import { CONTACT_METHODS, type BaseData, type ContactMethod, type JourneyStatus } from './onboarding.ts';
import { definePages } from './routes.ts';

/**
 * The lead phase (docs/funnel.md "The lead phase"): a lead who verified
 * the mobile number in the funnel signs in through the separate lead login (`/api/auth/login-lead`) and sees a lead
 * dashboard — the sales representative with photo, video and contact methods, lead content by topic from the CMS,
 * the contact details form and the lead-phase tour — until the sale closes and the next sign-in makes them a customer.
 */

/** The lead's pages (route table, access `lead`). */
export const LEAD_PAGES = {
  dashboard: '/home/lead',
  contactDetails: '/home/lead/contact-details',
  tour: '/home/lead/tour',
  content: '/home/lead/content',
} as const;
/** Where a lead lands, and where the page guard sends a lead who opens a customer page (with `?hinweis=kundenbereich`). */
export const LEAD_HOME = LEAD_PAGES.dashboard;
/** The lead phase's own pages (docs/funnel.md); customer pages send a lead here. */
export const LEAD_PAGE_ROUTES = definePages([
  { path: LEAD_PAGES.dashboard, access: 'lead', nav: { labelKey: 'nav.leadDashboard', order: 10, for: 'lead', alsoCurrentOn: [LEAD_PAGES.tour] } },
  { path: LEAD_PAGES.contactDetails, access: 'lead', nav: { labelKey: 'nav.leadContactDetails', order: 20, for: 'lead' } },
  { path: LEAD_PAGES.tour, access: 'lead' },
  { path: `${LEAD_PAGES.content}/[topic]`, access: 'lead', sample: `${LEAD_PAGES.content}/solar` },
]);
export const CUSTOMER_AREA_NOTICE = 'kundenbereich';

/** Paths on the internal base, among them `PATCH /user/lead/{id}` and `PATCH /user/lead/sales-rep-video/{fileUuid}`. */
export const LEAD_API = {
  /** PATCH: the lead's contact details (JSON, strict). */
  lead: (id: string) => `user/lead/${encodeURIComponent(id)}`,
  /** POST: the same as a plain form (the contact details page works without JavaScript). */
  contactDetailsForm: 'user/lead/contact-details',
  /** PATCH: the video was played (LEAD_VIDEO_PLAYED); GET: the video itself, streamed with Range support. */
  video: (fileUuid: string) => `user/lead/sales-rep-video/${encodeURIComponent(fileUuid)}`,
  /** GET: the video's German captions (WebVTT). */
  captions: (fileUuid: string) => `user/lead/sales-rep-video/${encodeURIComponent(fileUuid)}/captions.vtt`,
  /** GET: the representative's photo. */
  photo: 'user/lead/sales-rep/photo',
  /** GET: a content card's link (LEAD_CONTENT_CLICKED, then 303 to the content page). */
  content: (topic: LeadContentTopic) => `user/lead/content/${topic}`,
  /** GET: a contact method's link (SALES_PERSON_CONTACTED with the method, then 303 to tel:, mailto: or WhatsApp). */
  contact: (method: ContactMethod) => `user/lead/contact/${method}`,
  /** POST: the lead-phase tour's plain forms (without JavaScript): `step` = later | start | 1 | 2 | 3. */
  tourForm: 'user/lead/tour',
} as const;

/** Express route patterns of the same paths. */
export const LEAD_ROUTES = {
  lead: 'user/lead/:id',
  video: 'user/lead/sales-rep-video/:fileUuid',
  captions: 'user/lead/sales-rep-video/:fileUuid/captions.vtt',
  content: 'user/lead/content/:topic',
  contact: 'user/lead/contact/:method',
} as const;

/** The lead-phase tour: three slides, each its own journey status (JourneyStatus). */
export const LEAD_TOUR_SLIDES = ['LEAD_PHASE_TOUR_SLIDE_1', 'LEAD_PHASE_TOUR_SLIDE_2', 'LEAD_PHASE_TOUR_SLIDE_3'] as const satisfies readonly JourneyStatus[];
export const LEAD_TOUR_STEPS = ['later', 'start', '1', '2', '3'] as const;
export type LeadTourStep = (typeof LEAD_TOUR_STEPS)[number];
/** The journey status each tour form step moves to: "Später" counts as seen, "Los geht's" as started. */
export const LEAD_TOUR_STATUS: Record<LeadTourStep, JourneyStatus> = {
  later: 'LEAD_PHASE_TOUR_SEEN',
  start: 'LEAD_PHASE_TOUR_STARTED',
  '1': 'LEAD_PHASE_TOUR_SLIDE_1',
  '2': 'LEAD_PHASE_TOUR_SLIDE_2',
  '3': 'LEAD_PHASE_TOUR_SLIDE_3',
};

export const LeadTopicParam = z.enum(LEAD_CONTENT_TOPICS);
export const ContactMethodParam = z.enum(CONTACT_METHODS);
/** The sales service's file ids are UUIDs; anything else is no file of theirs. */
export const FileUuidParam = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
export const LeadIdParam = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));

/**
 * `PATCH /user/lead/{id}`: the lead's contact details. Strict (mass assignment: `status`, `customerNumber`,
 * `email`, `salesLeadId` … are refused with 400); every field optional, the rest stays as it is. The fields are the
 * customer's base data, so a lead who becomes a customer has them already, plus the product lines.
 */
export const LeadPatchSchema = z.strictObject({
  salutation: z.optional(z.nullable(z.string().check(z.maxLength(8)))),
  firstName: z.optional(z.string().check(z.maxLength(200))),
  lastName: z.optional(z.string().check(z.maxLength(200))),
  phone: z.optional(z.string().check(z.maxLength(60))),
  street: z.optional(z.string().check(z.maxLength(200))),
  houseNumber: z.optional(z.string().check(z.maxLength(40))),
  zip: z.optional(z.string().check(z.maxLength(20))),
  city: z.optional(z.string().check(z.maxLength(200))),
  preferredContact: z.optional(z.string().check(z.maxLength(20))),
  topics: z.optional(z.array(z.string().check(z.maxLength(20))).check(z.maxLength(10))),
});
export type LeadPatch = z.infer<typeof LeadPatchSchema>;

/** The `PATCH /user/lead/sales-rep-video/{fileUuid}` body: nothing (an empty JSON object at most). */
export const VideoPlayedSchema = z.strictObject({});

/** The lead's contact details as the portal keeps them (and answers them). */
export interface LeadContactDetails extends BaseData {
  topics: LeadContentTopic[];
}

/** The sales representative as the lead dashboard shows them; media through the portal (they sit behind the sales token). */
export interface LeadSalesRep {
  name: string;
  phone: string;
  whatsapp: string;
  email: string;
  /** Portal path of the photo. */
  photoSrc: string;
  video: { fileUuid: string; src: string; captionsSrc: string } | null;
}

/** One lead content entry (CMS type "Lead-Inhalt", one per topic; German only, so `lang` is always `de`). */
export const LeadContentEntrySchema = z.object({
  topic: z.enum(LEAD_CONTENT_TOPICS),
  title: z.string(),
  text: RichTextSchema,
  image: z.nullable(ImageSchema),
  lang: z.literal('de'),
});
export type LeadContentEntry = z.infer<typeof LeadContentEntrySchema>;

export interface LeadDashboardView {
  leadId: string;
  firstName: string;
  journeyStatus: JourneyStatus;
  /** The sale closed (the next sign-in makes a customer) or sales closed it as lost. */
  status: 'OPEN' | 'WON' | 'LOST';
  /** What the lead asked about, in the funnel's order. */
  topics: LeadContentTopic[];
  contactDetailsComplete: boolean;
  /** null: not assigned yet or the sales service does not answer (`salesAvailable`). */
  salesRep: LeadSalesRep | null;
  salesAvailable: boolean;
  /** The lead's topics first, then the others; null while the CMS and its cache have nothing. */
  content: LeadContentEntry[] | null;
}

export interface LeadContactView {
  leadId: string;
  values: Omit<BaseData, 'salutation' | 'preferredContact'> & { salutation: BaseData['salutation']; preferredContact: ContactMethod | null };
  topics: LeadContentTopic[];
  /** The verified mobile number (E.164), shown for orientation. */
  verifiedPhone: string;
  saved: boolean;
}

/** Page services of the lead pages (bff/contracts/page-services.ts). */
export interface LeadServices {
  dashboard(): Promise<LeadDashboardView>;
  contactDetails(): Promise<LeadContactView>;
  /** NOT_FOUND for a topic without published content. */
  content(topic: LeadContentTopic): Promise<LeadContentEntry>;
}

export const LeadErrors = defineErrors({
  /** A lead's call to a customer route (or a lead page's call without a lead account). */
  CUSTOMERS_ONLY: { code: 'AUTH.CUSTOMERS_ONLY', status: 403, message: 'Dieser Bereich ist für Kundinnen und Kunden. Als Interessent findest Du alles in Deinem Bereich.' },
  LEADS_ONLY: { code: 'AUTH.LEADS_ONLY', status: 403, message: 'Diese Funktion gibt es nur in der Angebotsphase.' },
});

declare module './errors.ts' {
  interface ErrorTables {
    lead: typeof LeadErrors;
  }
}
