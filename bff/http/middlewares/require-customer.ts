import type { RequestHandler } from 'express';
import { LeadErrors } from '../../contracts/lead.ts';
import { AppError, notSignedIn } from '../../domain/errors.ts';

/** The `account` mount: any signed-in account, customers and leads (each route decides what it allows); else 401. */
export const requireSignedIn: RequestHandler = (req, _res, next) => {
  if (!req.session?.user) throw notSignedIn();
  next();
};

/**
 * The app and internal API bases serve signed-in customers only: without a session 401, a lead 403
 * `AUTH.CUSTOMERS_ONLY` — its calls go to the routes of the `account` mount (bff/http/mounts.ts).
 */
export const requireCustomer: RequestHandler = (req, _res, next) => {
  const user = req.session?.user;
  if (!user) throw notSignedIn();
  if (user.phase === 'LEAD') throw new AppError(LeadErrors.CUSTOMERS_ONLY);
  next();
};
