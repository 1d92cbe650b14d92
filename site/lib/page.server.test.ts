import { describe, expect, it, vi } from 'vitest';
import { CommonErrors } from '~/bff/contracts/errors.ts';
import { LinkErrors } from '~/bff/contracts/linking.ts';
import { HELP_PAGE_ROUTES } from '~/bff/contracts/help.ts';
import type { PortalServices } from '~/bff/contracts/page-services.ts';
import { createRouteTable } from '~/bff/contracts/routes.ts';
import { loadPage } from './page.server.ts';

/** A domain error as the BFF's services reject with it (code + params, see bff/domain/errors.ts). */
const appError = (code: string, params: Record<string, unknown> = {}) => Object.assign(new Error(code), { code, params });

const customer = { sub: 'kp|test', email: 'erika@example.de', firstName: 'Erika', lastName: 'Test', customerNumber: '1', phase: 'PROJECT' };

function page(path = '/home/app/help', user: unknown = customer) {
  const rewrite = vi.fn(async (to: string) => new Response(`rewritten to ${to}`, { status: 404 }));
  return {
    locals: { services: {} as PortalServices, routes: createRouteTable(HELP_PAGE_ROUTES), ...(user ? { user } : {}) } as Partial<App.Locals>,
    url: new URL(`http://localhost${path}`),
    response: { status: 200 as number | undefined, statusText: 'OK' as string | undefined, headers: new Headers() },
    rewrite,
    redirect: (to: string) => new Response(null, { status: 302, headers: { location: to } }),
  };
}

describe('loadPage, the pages’ one loader idiom', () => {
  it('sends a signed-out visitor of a customer page to the login, without loading anything', async () => {
    const load = vi.fn(async () => 'data');
    const loaded = await loadPage(page('/home/app/files/knowledgebase/x?a=1', null), load);
    expect(loaded).toBeInstanceOf(Response);
    expect((loaded as Response).headers.get('location')).toBe('/api/auth/login?returnTo=%2Fhome%2Fapp%2Ffiles%2Fknowledgebase%2Fx%3Fa%3D1');
    expect(load).not.toHaveBeenCalled();
    await expect(loadPage(page('/privacy-policy', null), load)).resolves.toEqual({ ok: true, data: 'data' });
  });

  it('hands the data on and leaves the response alone', async () => {
    const p = page();
    await expect(loadPage(p, async () => ['faq'])).resolves.toEqual({ ok: true, data: ['faq'] });
    expect(p.response.status).toBe(200);
    expect(p.rewrite).not.toHaveBeenCalled();
  });

  it('turns UPSTREAM.UNAVAILABLE into 503 + Retry-After and names the failed service', async () => {
    const p = page();
    const loaded = await loadPage(p, () => Promise.reject(appError(CommonErrors.UPSTREAM_UNAVAILABLE.code, { service: 'iot' })));
    expect(loaded).toEqual({ ok: false, service: 'iot' });
    expect(p.response).toMatchObject({ status: 503, statusText: 'Service Unavailable' });
    expect(p.response.headers.get('Retry-After')).toBe('120');
    // A monitor reads which vendor is down, so a vendor's outage never reads like the portal's own.
    expect(p.response.headers.get('X-Upstream-Unavailable')).toBe('iot');
  });

  it('answers an unnamed outage without a service', async () => {
    const loaded = await loadPage(page(), () => Promise.reject(appError(CommonErrors.UPSTREAM_UNAVAILABLE.code)));
    expect(loaded).toEqual({ ok: false, service: null });
  });

  it('shows the 404 page for NOT_FOUND', async () => {
    const p = page();
    const loaded = await loadPage(p, () => Promise.reject(appError(CommonErrors.NOT_FOUND.code)));
    expect(loaded).toBeInstanceOf(Response);
    expect(p.rewrite).toHaveBeenCalledWith('/404');
  });

  it('lets any other failure through to the 500 page', async () => {
    await expect(loadPage(page(), () => Promise.reject(new Error('bug')))).rejects.toThrow('bug');
    await expect(loadPage(page(), () => Promise.reject(appError(LinkErrors.CODE_INVALID.code)))).rejects.toThrow();
  });

  it('refuses to render without the BFF’s services', async () => {
    await expect(loadPage({ ...page(), locals: {} }, async () => 1)).rejects.toThrow(/services is missing/);
    await expect(loadPage({ ...page(), locals: { services: {} as PortalServices } }, async () => 1)).rejects.toThrow(/routes is missing/);
  });
});
