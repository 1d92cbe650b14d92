import helmet from 'helmet';
import type { RequestHandler } from 'express';

/**
 * Security headers of docs/security.md for every response. Pages rendered by Astro replace this CSP with their own
 * (astro.config.mjs `security.csp`: the same directives plus hashes of Astro's inline scripts and styles);
 * everything else (API, static files) gets the strict policy below.
 */
export function securityHeaders(options: { hsts: boolean }): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });
}

/** Signed-in responses and every auth response must not be stored by browsers or proxies (docs/security.md, Headers). */
export const noStoreWhenSignedIn: RequestHandler = (req, res, next) => {
  if (req.session?.user || req.path.startsWith('/api/auth/')) res.setHeader('Cache-Control', 'no-store');
  next();
};
