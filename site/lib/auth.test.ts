import { describe, expect, it } from 'vitest';
import type { SessionUser } from '~/bff/contracts/auth.ts';
import { signedInUser } from './auth.ts';

describe('signedInUser', () => {
  const url = new URL('http://portal.test/home/app/profile?tab=1');
  const redirect = (path: string) => new Response(null, { status: 302, headers: { location: path } });
  const anna: SessionUser = {
    id: 'sub-anna',
    email: 'anna@example.de',
    firstName: 'Anna',
    lastName: 'Muster',
    customerNumber: null,
    phase: 'PROJECT',
  };

  it('answers the signed-in customer', () => {
    expect(signedInUser({ locals: { user: anna, lang: 'de', loginUrl: '/api/auth/login' }, url, redirect })).toBe(anna);
  });

  it('redirects to the login URL with the page as returnTo when nobody is signed in', () => {
    const result = signedInUser({ locals: { user: null, lang: 'de', loginUrl: '/login' }, url, redirect });

    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get('location')).toBe('/login?returnTo=%2Fhome%2Fapp%2Fprofile%3Ftab%3D1');
  });

  it('falls back to /api/auth/login when no locals were handed over', () => {
    const result = signedInUser({ locals: {}, url, redirect }) as Response;

    expect(result.headers.get('location')).toMatch(/^\/api\/auth\/login\?returnTo=/);
  });
});
