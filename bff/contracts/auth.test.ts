import { describe, expect, it } from 'vitest';
import { withReturnTo } from './auth.ts';

describe('withReturnTo', () => {
  it('appends returnTo to a login URL without a query', () => {
    expect(withReturnTo('/api/auth/login', '/home/dashboard')).toBe('/api/auth/login?returnTo=%2Fhome%2Fdashboard');
  });

  it('adds returnTo to a login URL that has a query already', () => {
    expect(withReturnTo('https://login.example.de/start?client=portal', '/home/dashboard')).toBe(
      'https://login.example.de/start?client=portal&returnTo=%2Fhome%2Fdashboard',
    );
  });

  it('replaces a returnTo the login URL carries', () => {
    expect(withReturnTo('/api/auth/login?returnTo=/x', '/home/app/profile')).toBe(
      '/api/auth/login?returnTo=%2Fhome%2Fapp%2Fprofile',
    );
  });
});
