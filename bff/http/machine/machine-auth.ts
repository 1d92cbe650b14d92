import type { RequestHandler } from 'express';
import { errors as joseErrors, jwtVerify } from 'jose';
import { MachineErrors, type MachineCaller } from '../../contracts/machine.ts';
import type { Logger } from '../../logger.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** The machine caller a valid token identified (machine routers only). */
    machineCaller?: MachineCaller;
  }
}

/**
 * The token check of one machine router (docs/machine-api.md): `Authorization: Bearer <JWT>`, HS256 with this caller's
 * secret (jose compares the signature in constant time), `aud` exactly the portal's audience, `sub` this caller, and
 * `exp` in the future when present. Cookies count for nothing here: a customer session never opens a machine route.
 */
export function requireMachineToken(caller: MachineCaller, secret: string, audience: string, logger: Logger): RequestHandler {
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
    jwtVerify(token, key, { algorithms: ['HS256'], audience, subject: caller, clockTolerance: 30 }).then(
      () => {
        req.machineCaller = caller;
        res.set('Cache-Control', 'no-store');
        next();
      },
      (error: unknown) => refuse(error instanceof joseErrors.JOSEError ? error.code : 'invalid'),
    );
  };
}
