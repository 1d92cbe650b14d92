import type { RequestHandler } from 'express';
import { DEFAULT_LANGUAGE, LanguageSchema, type Language } from '../../contracts/auth.ts';

const COOKIE = 'kundenportal.lang';

declare module 'express-serve-static-core' {
  interface Request {
    language: Language;
  }
}

function readCookie(header: string | undefined, name: string): string | undefined {
  return header
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];
}

/**
 * UI language: German unless the customer chose English with the footer link (`?lang=en`), which is remembered
 * in a cookie and removed from the address by a redirect.
 */
export function language(options: { secureCookies: boolean }): RequestHandler {
  return (req, res, next) => {
    const requested = LanguageSchema.safeParse(req.query.lang);
    if (req.method === 'GET' && requested.success && !req.path.startsWith('/api/')) {
      res.cookie(COOKIE, requested.data, {
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
        maxAge: 365 * 24 * 3_600_000,
        path: '/',
      });
      const url = new URL(req.originalUrl, 'http://portal.invalid');
      url.searchParams.delete('lang');
      res.redirect(302, `${url.pathname}${url.search}`);
      return;
    }
    const fromCookie = LanguageSchema.safeParse(readCookie(req.headers.cookie, COOKIE));
    req.language = fromCookie.success ? fromCookie.data : DEFAULT_LANGUAGE;
    next();
  };
}
