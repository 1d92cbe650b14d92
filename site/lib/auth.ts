import { AUTH_BASE } from '~/bff/contracts/http.ts';
import { withReturnTo } from '~/bff/contracts/auth.ts';
import type { SessionUser } from '~/bff/contracts/auth.ts';

/** The login URL defaults to the api path ending in auth/login (`LOGIN_URL`, README "Sign-in, sessions and pages"). */
const DEFAULT_LOGIN_URL = `${AUTH_BASE}/login`;


/** `locals.loginUrl`, which only the BFF sets (under `astro dev` there are no locals). */
export function loginUrlOf(locals: Partial<App.Locals>): string {
  return locals.loginUrl || DEFAULT_LOGIN_URL;
}

interface PageContext {
  locals: Partial<App.Locals>;
  url: URL;
  redirect: (path: string) => Response;
}

/**
 * Page guard (docs/architecture.md). The BFF lets only signed-in customers reach /home and /onboarding; this narrows
 * the type and, should a page be reached without a user anyway, redirects to the login with a returnTo.
 * Call it in the page's frontmatter and return the Response: once a layout streams, a redirect is too late.
 */
export function signedInUser(page: PageContext): SessionUser | Response {
  return (
    page.locals.user ??
    page.redirect(withReturnTo(loginUrlOf(page.locals), `${page.url.pathname}${page.url.search}`))
  );
}
