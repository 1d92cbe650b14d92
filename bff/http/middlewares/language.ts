import type { RequestHandler } from 'express';
import { DEFAULT_LANGUAGE, LanguageSchema, type Language } from '../../contracts/auth.ts';
import { cookieValue } from '../cookies.ts';
import { redirectWithin } from '../redirect.ts';

const COOKIE = 'kundenportal.lang';

declare module 'express-serve-static-core' {
  interface Request {
    language: Language;
  }
}

/**
 * UI language: German unless the customer chose English with the footer link (`?lang=en`), which is remembered
 * in a cookie and removed from the address by a redirect. A signed-in customer's choice is also kept with the account
 * (`remember`), so the portal's mails to them are written in it (docs/architecture.md "Mails").
 */
export function language(options: { secureCookies: boolean; remember?: (userId: string, language: Language) => Promise<void> }): RequestHandler {
  return async (req, res, next) => {
    const requested = LanguageSchema.safeParse(req.query.lang);
    if (req.method === 'GET' && requested.success && !req.path.startsWith('/api/')) {
      const userId = req.session?.user?.id;
      if (userId && options.remember) await options.remember(userId, requested.data);
      res.cookie(COOKIE, requested.data, {
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
        maxAge: 365 * 24 * 3_600_000,
        path: '/',
      });
      // The request path is the visitor's input: `//a//evil.example/x?lang=en` must not become `//evil.example/x`.
      const query = new URLSearchParams(req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '');
      query.delete('lang');
      const search = query.size > 0 ? `?${query}` : '';
      redirectWithin(res, `${req.path}${search}`);
      return;
    }
    const fromCookie = LanguageSchema.safeParse(cookieValue(req.headers.cookie, COOKIE));
    req.language = fromCookie.success ? fromCookie.data : DEFAULT_LANGUAGE;
    next();
  };
}
