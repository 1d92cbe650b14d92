import type { PortalServices } from '../contracts/page-services.ts';
import type { RequestContext } from '../domain/request-context.ts';
import type { Composed } from './capability.ts';
import type { Services } from './services.ts';

/**
 * The services a page calls in-process, one line per capability (the keys of PortalServices). Built per request
 * around one RequestContext, whose memo lets the layout and the page share their upstream calls.
 */
const PAGE_SERVICES: { [K in keyof PortalServices]?: (services: Services, ctx: RequestContext) => PortalServices[K] } = {
  layout: (s, ctx) => s.layout.forRequest(ctx),
  projects: (s, ctx) => s.projects.forRequest(ctx),
  funnel: (s) => s.funnel.forRequest(),
  lead: (s, ctx) => s.lead.forRequest(ctx),
  onboarding: (s, ctx) => s.onboarding.forRequest(ctx),
  newsletter: (s, ctx) => s.newsletter.forRequest(ctx),
  account: (s, ctx) => s.account.forRequest(ctx),
};

export function pageServicesFor(services: Services, composed: Composed, ctx: RequestContext): PortalServices {
  return {
    ...Object.fromEntries(Object.entries(PAGE_SERVICES).map(([name, build]) => [name, (build as (s: Services, c: RequestContext) => unknown)(services, ctx)])),
    ...composed.pageServices(ctx),
  } as unknown as PortalServices;
}
