import { CommonErrors, RETRY_AFTER_SECONDS, hasErrorCode } from '~/bff/contracts/errors.ts';
import type { PortalServices } from '~/bff/contracts/page-services.ts';
import { signedInUser } from './auth.ts';

/** What a page renders: its data, or the notice that the named service is down (503 + Retry-After). */
export type Loaded<T> = { ok: true; data: T } | { ok: false; service: string | null };

interface PageContext {
  locals: Partial<App.Locals>;
  url: URL;
  response: { status?: number | undefined; statusText?: string | undefined; headers: Headers };
  rewrite(path: string): Promise<Response>;
  redirect(path: string): Response;
}

/** The `service` parameter of an UPSTREAM.UNAVAILABLE error (management, iot, cms, mail …), if it names one. */
function serviceOf(error: unknown): string | null {
  const service = (error as { params?: { service?: unknown } } | null)?.params?.service;
  return typeof service === 'string' ? service : null;
}

/**
 * The one loader idiom of the pages (docs/architecture.md): a page asks one page-shaped call of its capability's page
 * services and gets its data back. A page the route table does not mark public needs a signed-in user (the BFF's
 * guard already sends everybody else to the login; this is the second lock). The same two failures look the same on
 * every page:
 * - UPSTREAM.UNAVAILABLE → status 503 with Retry-After, and `{ ok: false }` so the page shows `<UnavailableNotice>`
 *   inside its normal layout;
 * - NOT_FOUND → the portal's 404 page (a Response the page returns).
 * Anything else is a fault and goes on to Astro's 500 page. Call it in the frontmatter, before the layout streams.
 */
export async function loadPage<T>(
  page: PageContext,
  load: (services: PortalServices) => Promise<T>,
): Promise<Loaded<T> | Response> {
  const { services, routes } = page.locals;
  if (!services) throw new Error('Astro.locals.services is missing (page rendered without the BFF)');
  if (!routes) throw new Error('Astro.locals.routes is missing (page rendered without the BFF)');
  if (routes.accessOf(page.url.pathname) !== 'public') {
    const user = signedInUser(page);
    if (user instanceof Response) return user;
  }
  try {
    return { ok: true, data: await load(services) };
  } catch (error) {
    if (hasErrorCode(error, CommonErrors.NOT_FOUND)) return page.rewrite('/404');
    if (!hasErrorCode(error, CommonErrors.UPSTREAM_UNAVAILABLE)) throw error;
    const service = serviceOf(error);
    markUnavailable(page.response, service);
    return { ok: false, service };
  }
}

/**
 * Status and headers of a page whose main content is unavailable (docs/architecture.md "A vendor down: what the page
 * answers"): 503 with Retry-After, and `X-Upstream-Unavailable` naming the service, so a monitor tells a vendor's
 * outage from the portal's own. Only for the frontmatter, before streaming.
 */
export function markUnavailable(response: PageContext['response'], service: string | null): void {
  response.status = 503;
  response.statusText = 'Service Unavailable';
  response.headers.set('Retry-After', String(RETRY_AFTER_SECONDS));
  if (service && /^[A-Za-z]{1,40}$/.test(service)) response.headers.set('X-Upstream-Unavailable', service);
}
