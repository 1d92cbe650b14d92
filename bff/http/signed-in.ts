import type { Request } from 'express';
import type { SessionUser } from '../contracts/auth.ts';
import { LeadErrors } from '../contracts/lead.ts';
import { AppError, notSignedIn } from '../domain/errors.ts';

/** The session's customer on routes behind requireCustomer (typed, and safe should a route be mounted without it). */
export function signedIn(req: Request): SessionUser {
  const user = req.session?.user;
  if (!user) throw notSignedIn();
  return user;
}

/** The session's lead on the lead routes; a customer gets 403 `AUTH.LEADS_ONLY`. */
export function signedInLead(req: Request): SessionUser {
  const user = signedIn(req);
  if (user.phase !== 'LEAD') throw new AppError(LeadErrors.LEADS_ONLY);
  return user;
}
