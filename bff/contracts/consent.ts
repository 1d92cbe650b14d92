import * as z from 'zod/mini';
import { definePages } from './routes.ts';

/**
 * Consent (TDDDG section 25, GDPR; docs/consent.md): nothing beyond what is strictly necessary runs, is
 * stored or is requested before the visitor agrees. The choice is kept in a strictly necessary cookie with the purpose
 * list's version: a changed list asks again.
 */
/**
 * `marketing` (docs/funnel.md "Conversion tracking and consent"): a verified lead from an ad is reported to the
 * advertising network's conversion tracking (click id and campaign, nothing that names the person). Not covered by
 * `statistics`, which promises counting without handing anything to another company.
 */
export const CONSENT_PURPOSES = ['statistics', 'sessionReplay', 'externalMedia', 'marketing'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export type ConsentChoice = Record<ConsentPurpose, boolean>;

/** Raise when a purpose is added or changes what it covers: everybody is asked again. */
export const CONSENT_VERSION = 2;
export const CONSENT_COOKIE = 'kundenportal.consent';
export const CONSENT_PAGE = '/consent';
export const CONSENT_PAGE_ROUTES = definePages([{ path: CONSENT_PAGE, access: 'public' }]);
export const CONSENT_PATH = '/api/consent';
/** Internal base: a project's map image, loaded only with the customer's consent to external media. */
export const PROJECT_MAP_PATH = 'project/:id/map';
/** Analytics events are posted to a proxy path ending in `/api/event` (docs/consent.md). */
export const ANALYTICS_EVENT_PATH = '/api/event';

/** `2.s1.r0.m1.w0`: version, statistics, session replay, external media, marketing (advertising: "w" for Werbung). */
export function encodeConsent(choice: ConsentChoice): string {
  return `${CONSENT_VERSION}.s${Number(choice.statistics)}.r${Number(choice.sessionReplay)}.m${Number(choice.externalMedia)}.w${Number(choice.marketing)}`;
}

/** The choice in the cookie, or null when there is none or it was made for another version of the purpose list. */
export function decodeConsent(value: string | undefined): ConsentChoice | null {
  const match = /^(\d+)\.s([01])\.r([01])\.m([01])\.w([01])$/.exec(value ?? '');
  if (!match || Number(match[1]) !== CONSENT_VERSION) return null;
  return { statistics: match[2] === '1', sessionReplay: match[3] === '1', externalMedia: match[4] === '1', marketing: match[5] === '1' };
}

export const ConsentFormSchema = z.object({
  choice: z.enum(['all', 'none', 'custom']),
  statistics: z.optional(z.string()),
  sessionReplay: z.optional(z.string()),
  externalMedia: z.optional(z.string()),
  marketing: z.optional(z.string()),
  returnTo: z.optional(z.string().check(z.maxLength(500))),
});

export const AnalyticsEventSchema = z.strictObject({
  name: z.string().check(z.regex(/^[a-z][a-z0-9_ -]{1,39}$/i)),
  /** The page's path (no query: it may carry personal data). */
  path: z.string().check(z.regex(/^\/[^?#\s]{0,300}$/)),
  referrerPath: z.optional(z.string().check(z.maxLength(300))),
  props: z.optional(z.record(z.string().check(z.maxLength(40)), z.union([z.string().check(z.maxLength(100)), z.number(), z.boolean()]))),
});
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;
