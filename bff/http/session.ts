import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { RequestHandler } from 'express';
import type pg from 'pg';
import type { SessionUser } from '../contracts/auth.ts';
import type { FormFlash } from '../contracts/form-flash.ts';
import type { OnboardingStep } from '../contracts/onboarding.ts';
import type { PendingLogin } from '../ports/identity-provider.ts';
import { sweepFormFlashes } from './form-flash.ts';

declare module 'express-session' {
  interface SessionData {
    user: SessionUser;
    /** ID token kept server-side for the provider's logout (id_token_hint); never sent to the browser. */
    idToken: string;
    /**
     * The login attempt in flight: PKCE verifier, state, nonce and where to go afterwards; `invitationId` when it
     * started from an invitation link (the project is connected after the sign-in).
     */
    login: PendingLogin & { returnTo: string; invitationId?: number };
    /** Sign-in time (ms) for the absolute session timeout. */
    signedInAt: number;
    /** The project the customer works on (spec section 7, auth-session-project-id). */
    currentProjectId: number;
    /** The first open onboarding step; the page guard keeps the customer on it (docs/account.md). Absent: done. */
    onboarding: OnboardingStep;
    /** A refused plain form's values for one view of its page (./form-flash.ts): its customer and its end (ms). */
    formFlash: FormFlash & { userId: string; until: number };
  }
}

export interface SessionOptions {
  pool: pg.Pool;
  secret: string;
  secureCookies: boolean;
  idleMinutes: number;
  absoluteHours: number;
  /** A failed sweep of expired form flashes (the store's own pruning failures go to its error log). */
  onSweepError?: (error: unknown) => void;
}

/**
 * Sessions live in PostgreSQL (any instance serves any request). Cookie: HttpOnly, SameSite=Lax (Strict would drop
 * the cookie on the identity provider's redirect back to the callback), Secure and `__Host-` prefixed when served
 * over https; the local http setup uses a name of its own because localhost cookies are shared across ports.
 * Idle timeout via a rolling maxAge; the absolute timeout is enforced by `absoluteTimeout` below.
 */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-kundenportal.sid' : 'kundenportal.sid');

/**
 * The store's `touch` (rolling idle timeout) is an UPDATE per request; a busy page with its API calls would write the
 * session row several times a second. Touches of one session within `intervalMs` are skipped: the stored expiry lags at
 * most that long behind the cookie's, so the idle timeout ends at most `intervalMs` early. Saving a changed session
 * (`set`) is never skipped. The memory of recent touches is per instance and bounded.
 */
export function throttleTouch<S extends session.Store>(store: S, intervalMs: number, now: () => number = Date.now, maxSessions = 100_000): S {
  const touchedAt = new Map<string, number>();
  const touch = store.touch?.bind(store);
  if (!touch) return store;
  store.touch = (sid, sess, callback) => {
    const at = now();
    const last = touchedAt.get(sid);
    if (last !== undefined && at - last < intervalMs) {
      callback?.();
      return;
    }
    touchedAt.delete(sid);
    touchedAt.set(sid, at);
    if (touchedAt.size > maxSessions) touchedAt.delete(touchedAt.keys().next().value as string);
    touch(sid, sess, callback);
  };
  const destroy = store.destroy.bind(store);
  store.destroy = (sid, callback) => {
    touchedAt.delete(sid);
    destroy(sid, callback);
  };
  return store;
}

/**
 * The store prunes ended sessions every 5 to 15 minutes (connect-pg-simple's randomised interval); each run first strips
 * the form flashes past their time from the sessions still alive (./form-flash.ts), then prunes as before.
 */
export function sweepWhenPruning<S extends { pruneSessions(callback?: (err: Error) => void): void }>(store: S, sweep: () => Promise<unknown>, onError: (error: unknown) => void = () => undefined): S {
  const prune = store.pruneSessions.bind(store);
  store.pruneSessions = (callback) => {
    sweep()
      .catch(onError)
      .finally(() => prune(callback));
  };
  return store;
}

export function createSessionMiddleware(options: SessionOptions): RequestHandler[] {
  const PgStore = connectPgSimple(session);
  const idleMs = options.idleMinutes * 60_000;
  const absoluteMs = options.absoluteHours * 3_600_000;
  const store = throttleTouch(
    sweepWhenPruning(
      new PgStore({ pool: options.pool, tableName: 'session', createTableIfMissing: false, pruneSessionInterval: 600 }),
      () => sweepFormFlashes(options.pool),
      options.onSweepError,
    ),
    Math.min(60_000, idleMs / 10),
  );

  const sessionMiddleware = session({
    name: sessionCookieName(options.secureCookies),
    secret: options.secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
      path: '/',
      maxAge: idleMs,
    },
  });

  const absoluteTimeout: RequestHandler = (req, _res, next) => {
    const signedInAt = req.session?.signedInAt;
    if (req.session?.user && signedInAt && Date.now() - signedInAt > absoluteMs) {
      // A fresh, empty session: the customer is signed out but the request can still start a new login.
      req.session.regenerate((error) => next(error));
      return;
    }
    next();
  };

  return [sessionMiddleware, absoluteTimeout];
}
