import type { Request, Response } from 'express';
import type pg from 'pg';
import { FORM_FLASH_MAX_REPEATS, FORM_FLASH_MAX_VALUE, FORM_FLASH_TTL_MS, type FormFlash, type FormValue } from '../contracts/form-flash.ts';

/**
 * The form flash (docs/architecture.md "Forms without JavaScript"): a signed-in page's plain form that the BFF refuses
 * goes back to its page with a 303 whose address carries codes and field names only; what the customer typed waits in
 * their server-side session (PostgreSQL) for one view of that page. It is taken (deleted) by that view, replaced by
 * the next refusal, dropped by a successful submission, ignored and swept once its few minutes are over, and gone with
 * the session (sign-out, timeouts, account deletion). Bound to the customer it was kept for; never logged.
 */

const isPrefetch = (req: Request) => /prefetch|prerender/i.test(`${req.get('sec-purpose') ?? ''} ${req.get('purpose') ?? ''}`);

/** Saves the session before answering (express-session would send the head first; docs/architecture.md, toolchain). */
export const saveSession = (req: Request) => new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));

/**
 * Keeps the values of a refused plain form `form` (only its own fields, as typed; bff/http/form-action.ts picks them)
 * for the next view of `page`, and saves the session before the caller answers with its redirect (express-session
 * would send the head first, so the browser's next request could still read the old session). Only for a signed-in
 * account: a visitor's form (the funnel) keeps its draft with its own request.
 */
export async function keepFormValues(req: Request, page: string, form: string, values: Readonly<Record<string, FormValue>>, now = Date.now()): Promise<void> {
  const user = req.session?.user;
  if (!user) return;
  const clip = (value: string) => value.slice(0, FORM_FLASH_MAX_VALUE);
  const kept = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? clip(value) : value.slice(0, FORM_FLASH_MAX_REPEATS).map(clip)]),
  );
  req.session.formFlash = { page, form, values: kept, userId: user.id, until: now + FORM_FLASH_TTL_MS };
  await saveSession(req);
}

/**
 * The kept form for this page view: a GET of the page it names, by the customer it was kept for, within its time. A
 * prefetch never sees it (the customer has not seen it). One past its time is dropped by any page view. It is taken
 * (deleted) only by a view that shows it: the page's form marks it shown when it puts the values in (`markShown`), and
 * the session forgets it as that answer ends (unless the answer is a server error). The view of a page whose own
 * service is down shows no form and leaves it for the next view, so what was typed survives the outage.
 */
export function takeFormFlash(req: Request, res: Response, now = Date.now()): FormFlash | null {
  const kept = req.session?.formFlash;
  if (!kept || req.method !== 'GET' || isPrefetch(req)) return null;
  if (kept.until <= now || kept.userId !== req.session.user?.id) {
    delete req.session.formFlash;
    return null;
  }
  if (kept.page !== req.path) return null;
  let shown = false;
  beforeEnd(res, (status) => {
    if (shown && status < 500 && req.session?.formFlash === kept) delete req.session.formFlash;
  });
  return { page: kept.page, form: kept.form, values: { ...kept.values }, markShown: () => void (shown = true) };
}

/**
 * Runs `decide` with the answer's status just before the answer ends, ahead of express-session's own end (which then
 * sees the changed session and saves it): registered after the session middleware, this wrapper is the outer one.
 */
function beforeEnd(res: Response, decide: (status: number) => void): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((...args: unknown[]) => {
    decide(res.statusCode);
    return end(...args);
  }) as Response['end'];
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
