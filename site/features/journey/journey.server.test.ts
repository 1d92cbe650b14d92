import { describe, expect, it, vi } from 'vitest';
import { JOURNEY_PAGE_ROUTES } from '~/bff/contracts/journey.ts';
import type { PortalServices } from '~/bff/contracts/page-services.ts';
import { createRouteTable } from '~/bff/contracts/routes.ts';
import { loadJourney } from './journey.server.ts';

const customer = { id: 'kp|test', email: 'erika@example.de', firstName: 'Erika', lastName: 'Test', customerNumber: '1', phase: 'PROJECT' as const };

function page(mine: unknown) {
  return {
    locals: { user: customer, routes: createRouteTable(JOURNEY_PAGE_ROUTES), services: { journey: { mine: vi.fn(async () => mine) } } as unknown as PortalServices } as Partial<App.Locals>,
    url: new URL('http://localhost/home/app/my-project'),
    response: { status: 200 as number | undefined, statusText: 'OK' as string | undefined, headers: new Headers() },
    rewrite: vi.fn(async () => new Response(null, { status: 404 })),
    redirect: (to: string) => new Response(null, { status: 302, headers: { location: to } }),
  };
}

describe('a journey page while the management service is down (docs/architecture.md "A vendor down")', () => {
  it('answers 503 with Retry-After and names the service: the journey is the page’s main content', async () => {
    const p = page({ available: false });
    await expect(loadJourney(p)).resolves.toEqual({ ok: true, data: { available: false } });
    expect(p.response.status).toBe(503);
    expect(p.response.headers.get('Retry-After')).toBe('120');
    expect(p.response.headers.get('X-Upstream-Unavailable')).toBe('management');
  });

  it('leaves the status alone when the journey is there, and for /home/form, which shows the dashboard instead', async () => {
    const shown = page({ available: true, journey: null });
    await loadJourney(shown);
    expect(shown.response.status).toBe(200);
    const form = page({ available: false });
    await loadJourney(form, { asMainContent: false });
    expect(form.response.status).toBe(200);
  });
});
