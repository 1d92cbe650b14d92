import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { RequestHandler } from 'express';
import type pg from 'pg';
import type { SessionUser, UPDATE_PASSWORD_ACTION } from '../contracts/auth.ts';
import type { FormFlash } from '../contracts/form-flash.ts';
import type { OnboardingStep } from '../contracts/onboarding.ts';
import type { SessionRevocation } from '../domain/auth/sessions.ts';
import type { PendingLogin } from '../ports/identity-provider.ts';
import { sweepFormFlashes } from './form-flash.ts';

declare module 'express-session' {
  interface SessionData {
    user: SessionUser;
    /** ID token kept server-side for the provider's logout (id_token_hint); never sent to the browser. */
    idToken: string;
    /**
     * The login attempt in flight: PKCE verifier, state, nonce and where to go afterwards; `invitationId` when it
     * started from an invitation link (the project is connected after the sign-in), `action` when it runs the
     * provider's update-password screen for the signed-in customer.
     */
    login: PendingLogin & { returnTo: string; invitationId?: number; action?: typeof UPDATE_PASSWORD_ACTION };
    /** The provider session this portal session came from (the ID token's `sid`; back-channel logout names it). */
    providerSid: string;
    /** The customer's session generation at sign-in; a later one ends this session (see `guardRevokedSessions`). */
    generation: number;
    /** Sign-in time (ms) for the absolute session timeout. */
    signedInAt: number;
    /** The project the customer works on (`util/auth-session-project-id`). */
    currentProjectId: number;
    /** The first open onboarding step; the page guard keeps the customer on it (docs/account.md). Absent: done. */
    onboarding: OnboardingStep;
    /** A refused plain form's values for one view of its page (./form-flash.ts): its customer and its end (ms). */
    formFlash: FormFlash & { userId: string; until: number };
    /** Set at the session's first signed-in request, counted up by every state-changing one (`countDataVersion`). */
    dataVersion: number;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing request of a signed-in customer counts their session's data version up, so upstream answers the
 * portal keeps for a few seconds (`bff/domain/upstream-cache.ts`) are asked afresh after the customer's own change, on
 * whichever instance serves the next page: the version travels in the shared session (docs/architecture.md "The data
 * path of a page").
 */
export const countDataVersion: RequestHandler = (req, _res, next) => {
  if (!req.session?.user) return next();
  // A new sign-in starts a version of its own, so nothing cached for an earlier session of the customer is reused.
  if (req.session.dataVersion === undefined) req.session.dataVersion = Date.now();
  else if (!SAFE_METHODS.has(req.method)) req.session.dataVersion += 1;
  next();
};

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

/**
 * SQL of a session row's owner key: SHA-256 of the identity provider's subject. The revocation tables keep this key
 * rather than the subject, so after an account deletion nothing there names the customer (docs/account.md).
 */
const userKeyOf = (sess: string) => `encode(sha256(convert_to(${sess} -> 'user' ->> 'id', 'UTF8')), 'hex')`;
/** SQL: whether a session (its `sess` JSON) has been ended: a newer generation of its customer, or its provider session. */
const isRevoked = (sess: string) => `(EXISTS (SELECT 1 FROM session_generation g WHERE g.user_key = ${userKeyOf(sess)}
      AND g.generation > COALESCE((${sess} ->> 'generation')::int, 0))
   OR EXISTS (SELECT 1 FROM session_revoked_sid r WHERE r.provider_sid = ${sess} ->> 'providerSid'))`;

/**
 * Ending a session for good (docs/account.md "Sessions"): deleting its row is not enough, because a request of that
 * session still in flight saves it again when it ends. So every customer has a session generation and every session
 * carries the generation it began with; ending "every other session" raises the generation, ending a provider session
 * (back-channel logout) records its `sid`. The store checks both on every read (in the one query that reads the row)
 * and refuses every write of an ended session, so nothing an in-flight request does brings it back.
 *
 * connect-pg-simple starts its pruning timer in its own get/set/touch/destroy; with get and set replaced, the first
 * touch or destroy starts it.
 */
export function guardRevokedSessions<S extends session.Store>(store: S, pool: pg.Pool): S {
  store.get = (sid, callback) => {
    pool.query<{ sess: unknown; revoked: boolean }>(`SELECT s.sess, ${isRevoked('s.sess')} AS revoked FROM "session" s WHERE s.sid = $1 AND s.expire >= now()`, [sid]).then(
      ({ rows: [row] }) => {
        if (!row) return callback(null, null);
        if (row.revoked) return store.destroy(sid, (error?: unknown) => callback(error ?? null, null));
        callback(null, (typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess) as session.SessionData);
      },
      (error: unknown) => callback(error),
    );
  };
  store.set = (sid, sess, callback) => {
    const expires = sess.cookie.expires ? new Date(sess.cookie.expires) : new Date(Date.now() + 86_400_000);
    pool
      .query(
        `INSERT INTO "session" (sess, expire, sid) SELECT $1::json, $2, $3 WHERE NOT ${isRevoked('$1::json')}
         ON CONFLICT (sid) DO UPDATE SET sess = EXCLUDED.sess, expire = EXCLUDED.expire`,
        [JSON.stringify(sess), expires, sid],
      )
      .then(
        () => callback?.(),
        (error: unknown) => callback?.(error),
      );
  };
  return store;
}

/** Ended provider sessions and used logout tokens are kept this long after the absolute timeout, then swept. */
const revocationsKeptHours = (absoluteHours: number) => absoluteHours + 1;

/**
 * The revocations as the domain uses them (bff/domain/auth/sessions.ts), on the session store's pool. Generations and
 * ended provider sessions are forgotten once no session they could end can exist (the absolute timeout).
 */
export function createSessionRevocation(pool: pg.Pool, options: { absoluteHours: number }): SessionRevocation & { sweep(): Promise<void> } {
  const keep = `${revocationsKeptHours(options.absoluteHours)} hours`;
  const bump = `INSERT INTO session_generation (user_key, generation, updated_at) VALUES (encode(sha256(convert_to($1::text, 'UTF8')), 'hex'), 1, now())
    ON CONFLICT (user_key) DO UPDATE SET generation = session_generation.generation + 1, updated_at = now() RETURNING generation`;
  return {
    async generationOf(userId) {
      const { rows } = await pool.query<{ generation: number }>(`SELECT generation FROM session_generation WHERE user_key = encode(sha256(convert_to($1::text, 'UTF8')), 'hex')`, [userId]);
      return rows[0]?.generation ?? 0;
    },
    async endAll(userId) {
      await pool.query(bump, [userId]);
      return (await pool.query(`DELETE FROM "session" WHERE sess -> 'user' ->> 'id' = $1`, [userId])).rowCount ?? 0;
    },
    async endOthers(userId, keepSid) {
      // One transaction: the kept session never reads as ended between the new generation and its own update.
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        const generation = (await connection.query<{ generation: number }>(bump, [userId])).rows[0]?.generation ?? 1;
        await connection.query(`UPDATE "session" SET sess = jsonb_set(sess::jsonb, '{generation}', to_jsonb($2::int))::json WHERE sid = $1`, [keepSid, generation]);
        const ended = (await connection.query(`DELETE FROM "session" WHERE sess -> 'user' ->> 'id' = $1 AND sid <> $2`, [userId, keepSid])).rowCount ?? 0;
        await connection.query('COMMIT');
        return { ended, generation };
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
    async endProviderSession(sid, sub) {
      await pool.query(
        `INSERT INTO session_revoked_sid (provider_sid, expires_at) VALUES ($1, now() + $2::interval)
         ON CONFLICT (provider_sid) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
        [sid, keep],
      );
      const ofSubject = sub === undefined ? '' : ` AND sess -> 'user' ->> 'id' = $2`;
      return (await pool.query(`DELETE FROM "session" WHERE sess ->> 'providerSid' = $1${ofSubject}`, sub === undefined ? [sid] : [sid, sub])).rowCount ?? 0;
    },
    async firstUseOfLogoutToken(jti, until) {
      const { rowCount } = await pool.query(`INSERT INTO logout_token_jti (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING`, [jti, until]);
      return rowCount === 1;
    },
    sweep: () => sweepRevocations(pool, options.absoluteHours),
  };
}

/** Forgets what can no longer end a session (swept with the store's pruning). */
export async function sweepRevocations(pool: pg.Pool, absoluteHours: number): Promise<void> {
  await pool.query(`DELETE FROM session_revoked_sid WHERE expires_at < now()`);
  await pool.query(`DELETE FROM logout_token_jti WHERE expires_at < now()`);
  await pool.query(`DELETE FROM session_generation WHERE updated_at < now() - $1::interval`, [`${revocationsKeptHours(absoluteHours)} hours`]);
}

export function createSessionMiddleware(options: SessionOptions): RequestHandler[] {
  const PgStore = connectPgSimple(session);
  const idleMs = options.idleMinutes * 60_000;
  const absoluteMs = options.absoluteHours * 3_600_000;
  const store = throttleTouch(
    guardRevokedSessions(
      sweepWhenPruning(
        new PgStore({ pool: options.pool, tableName: 'session', createTableIfMissing: false, pruneSessionInterval: 600 }),
        () => Promise.all([sweepFormFlashes(options.pool), sweepRevocations(options.pool, options.absoluteHours)]),
        options.onSweepError,
      ),
      options.pool,
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
