import type { RequestHandler } from 'express';
import { errors as joseErrors, jwtVerify } from 'jose';
import { MACHINE_TOKEN_CLOCK_TOLERANCE_SECONDS, MACHINE_TOKEN_MAX_LIFETIME_SECONDS, MachineErrors, type MachineCaller } from '../../contracts/machine.ts';
import type { MachineTokenUses } from '../../domain/repositories/machine-tokens.ts';
import type { Logger } from '../../logger.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** The machine caller a valid token identified (machine routers only). */
    machineCaller?: MachineCaller;
  }
}

/** Methods that only read: a token may be shown on them again within its short life. */
const READING = new Set(['GET', 'HEAD', 'OPTIONS']);
const JTI_PATTERN = /^[\w.:-]{8,128}$/;

/**
 * The token check of one machine router (docs/machine-api.md "Tokens"): `Authorization: Bearer <JWT>`, HS256 with this
 * caller's secret (jose compares the signature in constant time), `aud` exactly the portal's audience, `sub` this
 * caller, `exp` and `iat` required, issued at most 15 minutes before it expires and not longer ago than that. A
 * state-changing request also needs a `jti` never used before by this caller (kept until the token expires), so a
 * captured call cannot be replayed. Cookies count for nothing here: a customer session never opens a machine route.
 */
export function requireMachineToken(caller: MachineCaller, secret: string, audience: string, logger: Logger, uses: MachineTokenUses): RequestHandler {
  const key = new TextEncoder().encode(secret);
  return (req, res, next) => {
    const token = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]+)\s*$/i.exec(req.get('authorization') ?? '')?.[1];
    const refuse = (reason: string) => {
      logger.warn('machine token refused', { caller, reason, path: req.path });
      const { code, message, status } = MachineErrors.UNAUTHORIZED;
      res.status(status).set('WWW-Authenticate', `Bearer realm="${caller}", error="invalid_token"`).set('Cache-Control', 'no-store').json({ code, message });
    };
    if (!token) {
      refuse('no bearer token');
      return;
    }
    const check = async (): Promise<string | null> => {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          audience,
          subject: caller,
          requiredClaims: ['exp', 'iat'],
          maxTokenAge: MACHINE_TOKEN_MAX_LIFETIME_SECONDS,
          clockTolerance: MACHINE_TOKEN_CLOCK_TOLERANCE_SECONDS,
        }));
      } catch (error) {
        return error instanceof joseErrors.JOSEError ? error.code : 'invalid';
      }
      const { exp, iat, jti } = payload as { exp: number; iat: number; jti?: unknown };
      if (iat > Date.now() / 1000 + MACHINE_TOKEN_CLOCK_TOLERANCE_SECONDS) return 'issued in the future';
      if (exp - iat > MACHINE_TOKEN_MAX_LIFETIME_SECONDS) return 'lifetime too long';
      if (READING.has(req.method)) return null;
      if (typeof jti !== 'string' || !JTI_PATTERN.test(jti)) return 'no jti on a state-changing request';
      if (!(await uses.claim(caller, jti, new Date(exp * 1000)))) return 'jti used before';
      return null;
    };
    check().then(
      (reason) => {
        if (reason !== null) {
          refuse(reason);
          return;
        }
        req.machineCaller = caller;
        res.set('Cache-Control', 'no-store');
        next();
      },
      (error: unknown) => next(error),
    );
  };
}
