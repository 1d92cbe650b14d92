import type { RequestHandler } from 'express';
import { CONSENT_COOKIE, decodeConsent, type ConsentChoice } from '../../contracts/consent.ts';
import { cookieValue } from '../cookies.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** The visitor's consent choice (docs/consent.md); null: not asked yet, or asked for an older purpose list. */
    consent: ConsentChoice | null;
  }
}

/** Reads the consent cookie once per request. */
export const readConsent: RequestHandler = (req, _res, next) => {
  req.consent = decodeConsent(cookieValue(req.get('cookie'), CONSENT_COOKIE));
  next();
};

/** The cache key part of a consent state (pages look different before and after the choice). */
export const consentKey = (consent: ConsentChoice | null) => (consent ? `${Number(consent.statistics)}${Number(consent.sessionReplay)}${Number(consent.externalMedia)}${Number(consent.marketing)}` : 'none');
