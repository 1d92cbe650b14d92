import type { Request } from 'express';
import type { SessionUser } from '../contracts/auth.ts';
import { notSignedIn } from '../domain/errors.ts';

/** The session's customer on routes behind requireCustomer (typed, and safe should a route be mounted without it). */
export function signedIn(req: Request): SessionUser {
  const user = req.session?.user;
  if (!user) throw notSignedIn();
  return user;
}
