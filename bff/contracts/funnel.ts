import * as z from 'zod/mini';
import { defineErrors } from './errors.ts';
import { definePages } from './routes.ts';

/**
 * The lead funnel (docs/funnel.md): a visitor from an ad or a partner page asks
 * for an offer on the public page `/angebot?quelle=<urlParam>`, proves the mobile number with an SMS code and becomes
 * a lead the sales service calls back. The pages are plain forms (they work without JavaScript); the BFF keeps what
 * was typed with the funnel request, which the browser holds by a strictly necessary cookie.
 */

/** LeadContentTopic: the five product lines a lead can be interested in. */
export const LEAD_CONTENT_TOPICS = ['IQ', 'SOLAR', 'STORAGE', 'CHARGE', 'OFFGRID'] as const;
export const LeadContentTopicSchema = z.enum(LEAD_CONTENT_TOPICS);
export type LeadContentTopic = z.infer<typeof LeadContentTopicSchema>;

/** Countries whose mobile numbers get SMS codes (docs/security.md "One-time codes"). */
export const FUNNEL_COUNTRIES = ['DE', 'AT', 'CH'] as const;
export type FunnelCountry = (typeof FUNNEL_COUNTRIES)[number];
export const COUNTRY_CALLING_CODES: Record<FunnelCountry, string> = { DE: '+49', AT: '+43', CH: '+41' };

/** The funnel's pages (route table, access public). */
export const FUNNEL_PAGES = { details: '/angebot', code: '/angebot/code', done: '/angebot/fertig' } as const;
/** Public, reached from ads and partner pages with `?quelle=<urlParam>` (docs/funnel.md). */
export const FUNNEL_PAGE_ROUTES = definePages(Object.values(FUNNEL_PAGES).map((path) => ({ path, access: 'public' as const })));
/** The URL parameter naming the lead source (FunnelStore `urlParam`). */
export const FUNNEL_SOURCE_PARAM = 'quelle';
/** Click ids of the advertising networks, in the order they are looked for (conversion tracking, docs/funnel.md). */
export const CLICK_ID_PARAMS = ['gclid', 'msclkid', 'fbclid'] as const;
export type ClickIdType = (typeof CLICK_ID_PARAMS)[number];

/** The strictly necessary cookie that binds the browser to its funnel request (its nonce); HttpOnly, SameSite=Lax. */
export const FUNNEL_COOKIE = 'kundenportal.funnel';
/** How long a funnel request lives (typed values included); afterwards the cleanup job deletes it. */
export const FUNNEL_REQUEST_HOURS = 24;

/** Routes on the app base (mount `capability`: no session; the funnel cookie opens the request). */
export const FUNNEL_PATHS = {
  details: 'funnel/details',
  verify: 'funnel/verify',
  resend: 'funnel/resend',
} as const;

export const FUNNEL_CODE = {
  length: 6,
  ttlMinutes: 10,
  maxAttempts: 5,
  /** Cooldown before the n-th resend: base × 2^(n-1) seconds (30, 60, 120, …). */
  resendBaseSeconds: 30,
  /** Codes per funnel request (the first and four resends; Twilio Verify allows five sends as well). */
  maxSendsPerRequest: 5,
} as const;

/**
 * SMS limits (docs/security.md: per number, per IP, per prefix, a daily budget). Counted in PostgreSQL, shared by
 * every instance; fixed windows.
 */
export const FUNNEL_LIMITS = {
  perNumber10Minutes: 3,
  perNumberDay: 5,
  /** Per client: an IPv4 address, or an IPv6 /64 (the block a provider gives one line; docs/security.md). */
  perIpHour: 10,
  /** Per IPv6 /48 (up to 65,536 /64s of one site): stricter than what its /64s could send together. */
  perSiteHour: 20,
  /** Numbers sharing all but their last PREFIX_FREE_DIGITS digits (a block of 10,000): SMS pumping runs through such blocks. */
  perPrefixHour: 5,
  prefixFreeDigits: 4,
  /** Form posts per IP and hour (every post stores what was typed). */
  formPostsPerIpHour: 60,
  /** Code checks per IP and hour, across requests. */
  verifyPerIpHour: 30,
  /** The share of SMS_DAILY_BUDGET after which the operator is warned once, while codes still go out. */
  budgetWarningShare: 0.8,
} as const;

/** The wording of the consent to be contacted; its version is stored with the lead. */
export const CONTACT_CONSENT_VERSION = '2026-11';

export const FUNNEL_FIELDS = ['firstName', 'lastName', 'email', 'phoneCountry', 'phone', 'topics', 'contactConsent'] as const;
export type FunnelField = (typeof FUNNEL_FIELDS)[number];

/** Why a field was refused; the site words each (funnel.error* keys). */
export const FUNNEL_FIELD_ERRORS = [
  'required',
  'tooLong',
  'characters',
  'email',
  'phoneInvalid',
  'phoneCountry',
  'phoneNotMobile',
  'topics',
  'consent',
] as const;
export type FunnelFieldError = (typeof FUNNEL_FIELD_ERRORS)[number];
export type FunnelFieldErrors = Partial<Record<FunnelField, FunnelFieldError>>;

/** What the visitor typed, as typed (strings, never parsed away), so the form can show it again. */
export interface FunnelDraft {
  firstName: string;
  lastName: string;
  email: string;
  phoneCountry: FunnelCountry;
  phone: string;
  topics: LeadContentTopic[];
  contactConsent: boolean;
}

export const EMPTY_DRAFT: FunnelDraft = { firstName: '', lastName: '', email: '', phoneCountry: 'DE', phone: '', topics: [], contactConsent: false };

const text = (max: number) => z.optional(z.string().check(z.maxLength(max)));

/**
 * The details form as posted (urlencoded; `topics` may repeat). Loose on purpose: every value is kept as typed and
 * checked field by field in the domain, so each field gets its own German message. Only the size is bounded here.
 */
export const FunnelDetailsFormSchema = z.object({
  firstName: text(200),
  lastName: text(200),
  email: text(400),
  phoneCountry: text(4),
  phone: text(60),
  topics: z.optional(z.union([z.string().check(z.maxLength(20)), z.array(z.string().check(z.maxLength(20))).check(z.maxLength(10))])),
  contactConsent: text(10),
  [FUNNEL_SOURCE_PARAM]: text(200),
  clickId: text(400),
  clickIdType: text(20),
});
export type FunnelDetailsForm = z.infer<typeof FunnelDetailsFormSchema>;

export const FunnelVerifyFormSchema = z.object({ code: z.optional(z.string().check(z.maxLength(40))) });

/** The code step as the page shows it. */
export interface FunnelCodeView {
  /** `+49 171 ••••• 67`: enough to recognise one's number. */
  phoneMasked: string;
  expiresAt: string;
  /** When "Neuen Code senden" works again; null: no more codes for this request. */
  resendAt: string | null;
  attemptsLeft: number;
  /** Too many wrong tries: the code is dead, only a new code helps. */
  dead: boolean;
  expired: boolean;
}

/** What the funnel pages show (page service `funnel.page`): this browser's funnel request. */
export interface FunnelView {
  /** `none`: no running request in this browser (no cookie, or it expired). */
  state: 'none' | 'DRAFT' | 'CODE_SENT' | 'VALIDATED';
  draft: FunnelDraft;
  /** Field errors of the last submit. */
  errors: FunnelFieldErrors;
  code: FunnelCodeView | null;
  done: { firstName: string; salesRep: { name: string; phone: string; email: string } | null } | null;
}

export interface FunnelServices {
  /** The funnel request of this browser (its cookie's value); never rejects for a visitor's state. */
  page(token: string | null): Promise<FunnelView>;
}

/** JSON answers of the funnel routes (a script's request with the CSRF header). */
export interface FunnelStepAnswer {
  next: (typeof FUNNEL_PAGES)[keyof typeof FUNNEL_PAGES];
}

/** Machine endpoint `/api/funnel` (funnel token): the lead funnel maintains its sources; the sales service reports. */
export const LeadSourceSchema = z.strictObject({
  leadsourceId: z.string().check(z.regex(/^[A-Za-z0-9._-]{1,64}$/)),
  externalId: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(128)))),
  isActive: z.boolean(),
});
export const URL_PARAM_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

export const SalesEventSchema = z.discriminatedUnion('event', [
  z.strictObject({
    event: z.literal('lead.won'),
    occurredAt: z.optional(z.string().check(z.maxLength(40))),
    data: z.strictObject({ salesLeadId: z.string().check(z.minLength(1), z.maxLength(64)), customerNumber: z.string().check(z.regex(/^\d{4,12}$/)) }),
  }),
  z.strictObject({
    event: z.literal('lead.lost'),
    occurredAt: z.optional(z.string().check(z.maxLength(40))),
    data: z.strictObject({ salesLeadId: z.string().check(z.minLength(1), z.maxLength(64)) }),
  }),
]);
export type SalesEvent = z.infer<typeof SalesEventSchema>;

export const FunnelErrors = defineErrors({
  /** Fields were refused; `fields` names them (comma separated), the page shows each message at its field. */
  INVALID: { code: 'FUNNEL.INVALID', status: 422, message: 'Bitte prüfe Deine Angaben.' },
  /** No funnel request in this browser (cookie missing or expired): start again on the details page. */
  NO_REQUEST: { code: 'FUNNEL.NO_REQUEST', status: 409, message: 'Deine Anfrage ist abgelaufen. Bitte fang noch einmal an.' },
  CODE_INVALID: { code: 'FUNNEL.CODE_INVALID', status: 422, message: 'Der Code stimmt nicht.' },
  CODE_EXPIRED: { code: 'FUNNEL.CODE_EXPIRED', status: 410, message: 'Der Code ist abgelaufen. Bitte fordere einen neuen an.' },
  TOO_MANY_ATTEMPTS: {
    code: 'FUNNEL.TOO_MANY_ATTEMPTS',
    status: 429,
    message: 'Der Code wurde zu oft falsch eingegeben und ist jetzt ungültig. Bitte fordere einen neuen Code an.',
  },
  RESEND_TOO_EARLY: { code: 'FUNNEL.RESEND_TOO_EARLY', status: 429, message: 'Bitte warte noch etwas, bevor Du einen neuen Code anforderst.' },
  /** Too many codes for this number, from this address or for this number block (`retryAfterSeconds`). */
  RATE_LIMITED: { code: 'FUNNEL.RATE_LIMITED', status: 429, message: 'Es wurden gerade sehr viele Codes angefordert. Bitte versuche es später noch einmal.' },
  /** The daily SMS budget is spent: no SMS until tomorrow, the operator knows. */
  SMS_PAUSED: { code: 'FUNNEL.SMS_PAUSED', status: 503, message: 'Wir können gerade keine SMS verschicken. Bitte versuche es später noch einmal oder ruf uns an.' },
  UNKNOWN_LEAD: { code: 'FUNNEL.UNKNOWN_LEAD', status: 404, message: 'Diesen Lead kennen wir nicht.' },
});

declare module './errors.ts' {
  interface ErrorTables {
    funnel: typeof FunnelErrors;
  }
}
