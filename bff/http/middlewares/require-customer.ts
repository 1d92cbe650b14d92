import type { RequestHandler } from 'express';
import { notSignedIn } from '../../domain/errors.ts';

/** The app and internal API bases serve signed-in customers only; anything else answers 401. */
export const requireCustomer: RequestHandler = (req, _res, next) => {
  if (!req.session?.user) throw notSignedIn();
  next();
};
