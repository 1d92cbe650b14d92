import type { Request } from 'express';
import type pg from 'pg';
import { FORM_FLASH_MAX_VALUE, FORM_FLASH_TTL_MS, type FormFlash } from '../contracts/form-flash.ts';
import { saveSession } from './form-answers.ts';

/**
 * The form flash (docs/architecture.md "Forms without JavaScript"): a signed-in page's plain form that the BFF refuses
 * goes back to its page with a 303 whose address carries codes and field names only; what the customer typed waits in
 * their server-side session (PostgreSQL) for one view of that page. It is taken (deleted) by that view, replaced by
 * the next refusal, dropped by a successful submission, ignored and swept once its few minutes are over, and gone with
 * the session (sign-out, timeouts, account deletion). Bound to the customer it was kept for; never logged.
 */

const isPrefetch = (req: Request) => /prefetch|prerender/i.test(`${req.get('sec-purpose') ?? ''} ${req.get('purpose') ?? ''}`);

/**
 * Keeps the named fields of a refused plain form (only those: the form's own fields, never another body field) for
 * the next view of `page`, and saves the session before the caller answers with its redirect (express-session would
 * send the head first, so the browser's next request could still read the old session).
 */
export async function keepFormFlash(req: Request, page: string, fields: readonly string[], now = Date.now()): Promise<void> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const values: Record<string, string> = {};
  for (const name of fields) {
    const value = body[name];
    // Repeated fields arrive as arrays: no field of these forms repeats, so such a value is not the form's. An emptied
    // field is kept empty (the page must not fill in its prefill again); an unticked checkbox is not sent at all.
    if (typeof value === 'string') values[name] = value;
  }
  await keepFormValues(req, page, values, now);
}

/**
 * Keeps values the route read from the form itself (e.g. a repeated field joined, or only the fields it accepts) for
 * the next view of `page`, like `keepFormFlash`.
 */
export async function keepFormValues(req: Request, page: string, values: Readonly<Record<string, string>>, now = Date.now()): Promise<void> {
  const user = req.session?.user;
  if (!user) return;
  const kept = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.slice(0, FORM_FLASH_MAX_VALUE)]));
  req.session.formFlash = { page, values: kept, userId: user.id, until: now + FORM_FLASH_TTL_MS };
  await saveSession(req);
}

/**
 * A plain form's work with the form flash around it: a refusal (any error; the caller words it) keeps `values` for
 * `page`, so the page shows them again while the redirect's address carries codes and field names only; a success
 * drops an older refusal's values.
 */
export async function withFormFlash<T>(req: Request, page: string, values: Readonly<Record<string, string>>, work: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await keepFormValues(req, page, values);
    throw error;
  }
  await dropFormFlash(req);
  return result;
}

/**
 * The kept form for this page view, taken once: a GET of the page it names, by the customer it was kept for, within its
 * time. A prefetch never takes it (the customer has not seen it). One past its time is dropped by any page view.
 */
export function takeFormFlash(req: Request, now = Date.now()): FormFlash | null {
  const kept = req.session?.formFlash;
  if (!kept || req.method !== 'GET' || isPrefetch(req)) return null;
  if (kept.until <= now || kept.userId !== req.session.user?.id) {
    delete req.session.formFlash;
    return null;
  }
  if (kept.page !== req.path) return null;
  delete req.session.formFlash;
  return { page: kept.page, values: { ...kept.values } };
}

/** After a successful submission: an older refusal's values must not come back on the next view of the page. */
export async function dropFormFlash(req: Request): Promise<void> {
  if (!req.session?.formFlash) return;
  delete req.session.formFlash;
  await saveSession(req);
}

/**
 * Strips every form flash past its time from the session rows (sessions still alive; an ended one is deleted whole by
 * the store). Run with the session store's pruning, so an unread flash leaves the database within minutes even when its
 * customer never comes back.
 */
export async function sweepFormFlashes(pool: pg.Pool, now = Date.now()): Promise<number> {
  const result = await pool.query(
    `UPDATE "session" SET sess = (sess::jsonb - 'formFlash')::json
      WHERE sess::jsonb ? 'formFlash' AND (sess::jsonb #>> '{formFlash,until}')::numeric <= $1`,
    [now],
  );
  return result.rowCount ?? 0;
}
